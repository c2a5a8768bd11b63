"""Phones as the organiser sees them: a short stable name for each, and what one phone did in a
hand that the organiser should look at (plain Python: rows in, warnings out).

A phone is known only by ``Submission.device``, a hash of its browser session (views/table.py): no
account, nothing about the person. Its name is drawn from that hash, so the same phone has the same
name all evening, and a name says nothing about the session itself.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable

from whistdrive.engines.vocabulary import SEAT_NAMES, SIDE_NAMES

# No 0/O, 1/I/L or U: a name is read aloud across a hall ("phone K7Q-2MX, is that yours?").
_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ23456789"


def phone_name(device: str) -> str:
    """ "K7Q-2MX": six characters from the device's hash (about 29 bits), or "" for no phone."""
    if not device:
        return ""
    try:
        number = int(device[:16], 16)
    except ValueError:  # not our own hash: hash it, so any text still has a stable name
        number = int(hashlib.sha256(device.encode()).hexdigest()[:16], 16)
    letters = []
    for _ in range(6):
        number, digit = divmod(number, len(_LETTERS))
        letters.append(_LETTERS[digit])
    return "".join(letters[:3]) + "-" + "".join(letters[3:])


def phone_warnings(
    acts: Iterable[tuple[int, str, str, str, str | None]], *, by_address: bool = True
) -> dict[int, list[str]]:
    """What the organiser should check at each table (by number) in one hand.

    ``acts`` are the entries and agreements a hand's tables took from phones: (table number, side, seat,
    device, address). Each warning names the phones:

    - one phone that acted for both sides ("Entered and agreed on one phone"; a phone passed across the
      table does it honestly too);
    - one side that acted from two phones or sessions (a second phone, or a private tab, taking a seat
      someone already holds);
    - with ``by_address`` (on the laptop, where every device in the hall has an address of its own), two
      sessions of one device that acted for both sides (a private tab dodges the first warning);
    - one phone that acted at two tables.
    """
    sides: dict[tuple[int, str], set[str]] = defaultdict(set)
    side_phones: dict[tuple[int, str], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    at_address: dict[tuple[int, str], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    tables: dict[str, set[int]] = defaultdict(set)
    for table, side, seat, device, address in acts:
        if not device:
            continue
        sides[table, device].add(side)
        side_phones[table, side][device].add(seat)
        if address and by_address:
            at_address[table, address][device].add(side)
        tables[device].add(table)
    warnings: dict[int, list[str]] = defaultdict(list)
    for (table, device), acted_for in sorted(sides.items()):
        if {"NS", "EW"} <= acted_for:
            warnings[table].append(f"Entered and agreed on one phone (phone {phone_name(device)})")
    for (table, side), phones in sorted(side_phones.items()):
        if len(phones) > 1:
            named = " and ".join(
                f"phone {phone_name(device)} ({_seats(seats)})" for device, seats in sorted(phones.items())
            )
            warnings[table].append(f"{SIDE_NAMES[side]} acted from {_count(len(phones))} phones: {named}")
    for (table, address), sessions in sorted(at_address.items()):
        acted_for = set().union(*sessions.values())
        if len(sessions) > 1 and {"NS", "EW"} <= acted_for:
            named = " and ".join(f"phone {phone_name(device)}" for device in sorted(sessions))
            warnings[table].append(
                f"Entered and agreed from one device at {address} in {_count(len(sessions))} sessions "
                f"({named}): a private tab?"
            )
    for device, numbers in sorted(tables.items()):
        if len(numbers) > 1:
            for table in sorted(numbers):
                others = ", ".join(str(n) for n in sorted(numbers - {table}))
                warnings[table].append(
                    f"Phone {phone_name(device)} also acted at table{'s' if len(numbers) > 2 else ''} {others}"
                )
    return dict(warnings)


def _seats(seats: set[str]) -> str:
    return " and ".join(SEAT_NAMES[seat] for seat in sorted(seats, key="NESW".index) if seat in SEAT_NAMES) or "no seat"


def _count(n: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(n, str(n))
