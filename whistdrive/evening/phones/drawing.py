"""What a table's page shows: the part all four phones share, and what each phone adds for its own seat.

A table's four phones show the same thing but for their own seat, so the shared part (``drawing``) is
worked out once per change and kept (``whistdrive.store.cache``) under the table's version
(``versions.load``); each phone adds only its seat (``for_phone``), or where its player sits now when
that is another table (``elsewhere``).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
from collections.abc import Callable
from typing import Any

from django.urls import get_script_prefix, reverse
from django.utils.safestring import mark_safe

from whistdrive.engines import standings
from whistdrive.engines.rules import tricks_after_revoke
from whistdrive.engines.vocabulary import (
    OTHER_SIDE,
    SEAT_NAMES,
    SEATS,
    SIDE_NAMES,
    SIDE_OF_SEAT,
    SIDE_SEATS,
    SUIT_SYMBOLS,
    SUITS,
    suit_word,
)
from whistdrive.evening import entry, games, pairs, running, scores
from whistdrive.evening.phones.versions import Loaded, revisions_of
from whistdrive.evening.phones.where_next import YOU_LEAVE, moves
from whistdrive.evening.phones.words import (
    FLAG_REASONS,
    changed_words,
    claim_extra,
    claim_words,
    counts_as,
    revoke_rule,
    score_words,
    trump_view,
    words_for_side,
)
from whistdrive.store import cache, rows
from whistdrive.store.models import Event, Seating, Table

# The keypad's fourteen buttons never change: written once, not by the template's loop on every drawing
# of every phone (its 70 lookups were a large part of drawing a table's page, docs/benchmarks.md).
KEYPAD = mark_safe(
    "".join(
        f'<button name="tricks" value="{n}" aria-label="{n} : {13 - n}, we took {n}, they took {13 - n}">{n} : {13 - n}</button>'
        for n in range(14)
    )
)
TABLE_URLS = {
    "page": "table",
    "events": "table_events",
    "seat": "table_seat",
    "forget": "table_forget_seat",
    "enter": "table_enter",
    "agree": "table_agree",
    "call": "table_call",
}
# The phones' poll interval grows with the hall, so a big hall's polls stay near this many a second
# (docs/benchmarks.md, "A hall at its peak"). A phone also polls the moment it wakes or its page
# comes back into view (table.html).
POLLS_A_SECOND = 80

log = logging.getLogger(__name__)


def _no_stream_here(token: str) -> bool:
    return False


# Whether this process's hub holds a stream of the table with a token (``keep_drawing``): the server's answer
# (``push.listens_to``), handed in at startup by ``apps.py``, so that what a phone sees never imports the server.
hub_listens_to: Callable[[str], bool] = _no_stream_here


def poll_seconds(tables: int) -> int:
    """Seconds between a table page's polls: 4 up to 80 tables (320 phones), then longer."""
    return max(4, math.ceil(tables * 4 / POLLS_A_SECOND))


def game_view(table: Table, state: entry.TableState) -> dict:
    """A game night's table: the game before and after this hand, who won it, the rubber so far.

    Everything comes from the agreed results through the rules engine; the notes say why any
    points a side held did not count (honours at the score of four, a revoke, game reached first).
    """
    night = games.games_for_table(table, up_to=state.hand)
    scored = night.hand(state.hand)
    here = {seat: person.player_id for seat, person in state.seats.items()}
    view: dict = {
        **GAME_ONLY_SOMETIMES,
        "state": night.state,
        "games_line": night.games_line,
        "notes": [],
        "new_partners": False,
    }
    if scored is not None:
        view.update(before=score_words(scored.score_before), points=scored.points, notes=list(scored.notes))
        view["after"] = score_words(scored.score)
        if scored.game_won_by:
            view["game_to"] = f"Game to {SIDE_NAMES[scored.game_won_by]} ({scored.score['NS']}–{scored.score['EW']})"
            finished = night.score.rubbers[-1] if night.score.rubbers else None
            if scored is night.last and finished and not night.score.rubber_games and night.score.plays_rubbers:
                view["rubber_to"] = f"Rubber to {SIDE_NAMES[finished.won_by]}: {finished.points} rubber points"
            view["next"] = "The next hand starts a new " + ("rubber" if view["rubber_to"] else "game")
        return view
    # Not agreed yet: the game as it stands, or afresh when the partnerships here have changed.
    fresh = bool(night.seats) and standings.partnerships_changed(night.seats, here)
    view["new_partners"] = fresh
    view["before"] = score_words({"NS": 0, "EW": 0} if fresh else night.score.score)
    if fresh:
        view["state"] = "New partnerships: a new game and a new rubber"
    return view


def duplicate_view(table: Table, state: entry.TableState) -> dict:
    """A duplicate table: the round's boards (the one being entered marked), its dealer, and once this
    table has agreed the board, how every table that has played it did so far (its traveller)."""
    event = table.event
    fmt = event.format
    hand = state.hand
    board = state.board
    view: dict = {
        "board": board,
        "dealer": SEAT_NAMES.get(board.dealer, "") if board else "",
        "round": fmt.round_of(hand),
        "rounds": fmt.rounds,
        "round_boards": [
            {"number": b.number, "now": h == hand, "done": h < hand} for h, b in pairs.round_boards(table, hand)
        ],
    }
    view["scored_by"] = "matchpoints" if fmt.scoring == "matchpoints" else "tricks against the average"
    if board is not None and state.status == "waiting":
        # Tables that share boards (a relay) pass them across: the board may still be at the other table.
        view["board_still_at"] = pairs.board_still_at(table, hand)
    if board is not None and state.status == "agreed":
        view["traveller"] = pairs.traveller(event, board.number)
        view["traveller_board"] = board.number
        if fmt.ends_round(hand) and hand < fmt.hands:
            view["movement_line"] = pairs.plan_of(event).moves_after(fmt.round_of(hand), table.number)
            # A table that finishes its round first waits for the others: the boards it passes on, and the
            # table its E–W pair goes to, may still be in play.
            view["round_wait"] = True
    elif state.status == "waiting" and hand > 1:
        # The hall moved on when the last table agreed: until this board is entered, the board this
        # table played last stays in view with how the tables did on it.
        before = entry.board_at(table, hand - 1)
        if before is not None and table.results.filter(hand=hand - 1).exists():
            view["traveller"] = pairs.traveller(event, before.number)
            view["traveller_board"] = before.number
            if fmt.ends_round(hand - 1):
                view["movement_line"] = pairs.plan_of(event).moves_after(fmt.round_of(hand - 1), table.number)
    return view


def _totals(event: Event, state: entry.TableState) -> dict[str, int]:
    """The running totals of the table's four, kept under the revisions they were worked from: this
    table's (its results) and the event's (corrections at other tables, the seating)."""
    if not event.format.is_drive:
        return {}
    key = cache.totals_key(state.table.token, event.revision, state.table.revision, state.hand)
    return cache.get_or_make(key, lambda: scores.totals_for(event, state.seats.values()))


# Every name the table's page asks for is in its context, as nothing when there is nothing to show, and what it
# asks most often is given a name of its own (``status``, not ``state.status``). Django's templates work out a
# name missing from the context through four exceptions, and look into an object that is not a dictionary
# through one: together 7 % of the server's work at a hall's end of hand (docs/benchmarks.md).
ONLY_SOMETIMES_DRAWN: dict[str, Any] = dict.fromkeys(
    ("game", "traveller", "board", "round_boards", "board_still_at", "movement_line", "round_wait",
     "previous_moves", "moves", "moves_later")
)  # fmt: skip
ONLY_SOMETIMES_FOR_A_PHONE: dict[str, Any] = dict.fromkeys(
    ("elsewhere", "my_move", "changed_by_partner", "error", "notice", "whole_page")
)
GAME_ONLY_SOMETIMES: dict[str, Any] = dict.fromkeys(("after", "game_to", "rubber_to", "next"))


def drawing(table: Table, *, state: entry.TableState | None = None, moves_later: bool = False) -> dict:
    """What all four phones of the table show: everything but the phone's own seat and messages.

    ``table`` and its event as loaded with the page's version (or fresh after an entry); ``state``
    the table's state from an entry, which the answer is drawn from.
    """
    event = table.event
    hand = running.playing_hand(table)
    if hand and (state is None or state.hand != hand):
        state = entry.table_state(table, hand)
    elif not hand:
        state = None
    seats = state.seats if state else {}
    fmt = event.format
    context: dict[str, Any] = {
        **ONLY_SOMETIMES_DRAWN,
        "event": event,
        "event_status": event.status,
        "table": table,
        "hand": hand,
        "state": state,
        "status": state.status if state else "",
        "fmt": fmt,
        "hands": fmt.hands,
        "revoke_rule": revoke_rule(fmt),
        "seated": bool(seats),
        "seats": [
            {
                "seat": s,
                "name": seats[s].name if s in seats else "",
                "sub": s in seats and seats[s].stands_in_for_id is not None,  # a duplicate substitute
            }
            for s in SEATS
        ],
        "trump": trump_view(state.trump if state else None),
        "ask_trump": state is not None and state.trump is None,
        "honours": fmt.is_games and fmt.honours,
        "keypad": KEYPAD,
        "suit_choices": [(s, SUIT_SYMBOLS[s], suit_word(s, capital=True)) for s in SUITS],
        "results_url": reverse("board", args=[event.board_token]) if event.status == Event.Status.FINISHED else "",
        # Reversed once a drawing, not by the template for each phone's every drawing.
        "urls": table_urls(get_script_prefix(), table.token),
        "revisions": revisions_of(event.revision, table.revision),
        "flag_reasons": FLAG_REASONS,
        "flagged": bool(state and state.called),
        "call_answered": bool(state and state.answered and not state.called),
        "poll_seconds": poll_seconds(_table_count(event)) if state is not None else 0,
    }
    if state is None:
        return context
    claims = {side: claim for side, claim in state.claims.items() if claim}
    context["claims"] = [
        {
            "side": side,
            "side_name": SIDE_NAMES[side],
            "entry": claim.entry,
            "words": claim_words(claim.entry, fmt),
            "extra": claim_extra(claim.entry, fmt),
            "counts": counts_as(claim.entry, fmt),
        }
        for side, claim in claims.items()
    ]
    context["replaced"] = {
        side: {"seat": earlier.seat, "said": changed_words(earlier.entry, side, fmt),
               "by": SEAT_NAMES[claims[side].seat], "now": changed_words(claims[side].entry, side, fmt)}
        for side, earlier in state.replaced.items()
        if claims.get(side)
    }  # fmt: skip
    if state.status == "pending":
        claimer = state.pending_side
        assert claimer is not None  # a pending hand has a side that entered it
        context["claimer"] = claimer
        context["claimer_name"] = SIDE_NAMES[claimer]
        context["claim"] = claims[claimer].entry
        context["claim_words"] = claim_words(claims[claimer].entry, fmt)
        context["claim_extra"] = claim_extra(claims[claimer].entry, fmt)
        context["claim_counts"] = counts_as(claims[claimer].entry, fmt)
        # The phone may be passed across: the agreeing players are named by their seats.
        context["agreeing_seats"] = [
            {"seat": s, "seat_name": SEAT_NAMES[s], "name": seats[s].name if s in seats else ""}
            for s in SIDE_SEATS[OTHER_SIDE[claimer]]
        ]
    if fmt.is_games:
        context["game"] = game_view(table, state)
    if fmt.is_duplicate:
        context.update(duplicate_view(table, state))
    if state.status == "agreed":
        agreed = state.entry
        assert agreed is not None  # an agreed hand has its entry
        context["agreed"] = agreed
        context["agreed_extra"] = claim_extra(agreed, fmt)
        context["after_revoke"] = tricks_after_revoke(agreed, fmt)
        if moves_later and hand < fmt.hands:
            # The answer to an entry: where everyone goes next (the hall's movement, the totals) comes
            # by the page's next poll, fired on load, so the phone pressing Agree is answered at once.
            # (After the last hand there is no movement to work out, and no later page to show it.)
            context["moves_later"] = True
            return context
        # In the club's secret last hands the totals are not shown: the four at a table would tell the room.
        totals = {} if scores.kept_secret(event) else _totals(event, state)
        going = moves(event, table, hand, seats)
        for row in going:
            person = seats[row["seat"]]
            row["total"] = totals.get(person.player_id)
            row["tricks"] = context["after_revoke"][SIDE_OF_SEAT[row["seat"]]]
        context["moves"] = going
    elif hand > 1 and state.status == "waiting":
        # The first minutes of a hand: say where last hand's players went (they may look here).
        before = rows.seats_at(table, hand - 1)
        context["previous_moves"] = moves(event, table, hand - 1, before) if before else []
    return context


def _table_count(event: Event) -> int:
    return cache.get_or_make(cache.table_count_key(event.pk, event.revision), lambda: event.tables.count())


@functools.lru_cache(maxsize=4096)
def table_urls(prefix: str, token: str) -> dict[str, str]:
    """A table's links (``TABLE_URLS``), worked out once a table rather than on each of its drawings, which
    reversed them all every time. Under the script prefix they were reversed with (a hosted sub-path);
    only read, never changed."""
    return {key: reverse(name, args=[token]) for key, name in TABLE_URLS.items()}


def kept_drawing(loaded: Loaded) -> dict:
    """``drawing`` for a page loaded with its version, kept with that version for the table's other
    phones (the table's latest drawing only). Under a version read before the drawing only: a change
    meanwhile makes the kept drawing stale, never a drawing served as current under a later version."""
    table = loaded.table
    return cache.latest_or_make(cache.drawing_key(table.token), loaded.shared, lambda: drawing(table))


def keep_drawing(loaded: Loaded, shared: dict) -> None:
    """Keep a whole drawing of the page made at ``loaded``'s version (an entry's answer) for ``kept_drawing``.

    Where the server runs in several processes, this one claims the drawing of the table's pushed pages at
    that version (``pushes.pushed_pages``) when its hub holds a stream of the table's, so will draw them: it holds
    the drawing they are drawn from, which another would make again."""
    token = loaded.table.token
    cache.put(cache.drawing_key(token), (loaded.shared, shared))
    if cache.between_processes() and hub_listens_to(token):
        try:
            cache.claim(cache.drawer_key(token, loaded.shared))
        except Exception:  # the shared cache out of reach: the entry is stored, and the hubs draw its pages
            log.exception("Could not claim the drawing of a table's pushed pages")


def for_phone(shared: dict, my_seat: str | None, player: int | None = None) -> dict:
    """The shared drawing with this phone's seat: its side's forms, "you" and its own links.

    ``player`` is the entrant this phone remembers for the evening: when they sit at another table
    now, the phone says where, never offering this table's seats (strangers' names) to tap.
    """
    state = shared["state"]
    seats = state.seats if state else {}
    if my_seat not in seats:
        my_seat = None
    my_side = SIDE_OF_SEAT[my_seat] if my_seat else ""
    context: dict[str, Any] = {
        **ONLY_SOMETIMES_FOR_A_PHONE,
        **shared,
        "drawing": shared,  # what every seat is shown alike is drawn from it alone (templatetags/table_parts.py)
        "my_seat": my_seat,
        "my_seat_name": SEAT_NAMES[my_seat] if my_seat else "",
        "my_side": my_side or None,
        "my_side_name": SIDE_NAMES.get(my_side, ""),
        "other_side": OTHER_SIDE.get(my_side),
        "other_side_name": SIDE_NAMES.get(OTHER_SIDE.get(my_side, ""), ""),
        "my_link": seats[my_seat].get_absolute_url() if my_seat else "",
    }
    if state is None:
        return context
    if my_seat is None and player is not None:
        context["elsewhere"] = elsewhere(shared["event"], shared["table"], player)
    if my_seat and shared.get("moves"):
        # Said first and large; the list of the four (drawn once for them) hides this seat's own row.
        context["my_move"] = next((m for m in shared["moves"] if m["seat"] == my_seat), None)
    changed = shared.get("replaced", {}).get(my_side)
    if changed and changed["seat"] == my_seat:
        context["changed_by_partner"] = f"{changed['by']} changed it to {changed['now']} (you said {changed['said']})"
    context["claims"] = [{**claim, "mine": claim["side"] == my_side} for claim in shared["claims"]]
    if state.status == "disputed" and my_side:
        theirs = next(claim for claim in shared["claims"] if claim["side"] == OTHER_SIDE[my_side])
        context["theirs"] = theirs["entry"]
        context["theirs_words"] = words_for_side(theirs["entry"], my_side, shared["event"].format)
    return context


def elsewhere(event: Event, table: Table, player: int) -> dict | None:
    """Where the phone's player (an entrant of ``event`` not seated at ``table``) is this hand."""
    person = event.entrants.filter(pk=player).first()
    if person is None:
        return None
    hand = event.current_hand
    # The hand this table plays: in a duplicate round a substitute may have the seat from a board after
    # the current hand, and their leaver is gone from then.
    playing = running.playing_hand(table)
    gone = person.left_after_hand is not None and person.left_after_hand < playing
    now = None if gone else Seating.objects.of_entrant(person, hand).select_related("table").first()
    if now is None:
        you = YOU_LEAVE if person.left_after_hand and gone else "you do not play this hand"
        taker = person.taker() if gone and event.is_duplicate else None
        if taker is not None:
            you = f"that was your last board tonight: {taker.name} takes your seat. Thank you for playing"
    elif now.table is None:  # selected with the seating: no query
        you = f"sit out hand {hand}"
    else:
        you = f"go to table {now.table.number}, {SEAT_NAMES[now.seat]}"
    return {
        "name": person.name,
        "you": you,
        "table": now.table.number if now and now.table else None,
        "link": person.get_absolute_url(),
    }


def for_player(loaded: Loaded, player: int | None) -> Loaded:
    """The page's version for a phone that remembers ``player`` but whose player does not sit here:
    what it shows depends on where they sit (the event's revision) and on who they are."""
    if loaded.my_seat is not None or player is None or not loaded.version:  # "": no version known yet
        return loaded
    version = hashlib.sha256(f"{loaded.version}|elsewhere {player}".encode()).hexdigest()[:20]
    return Loaded(loaded.table, None, loaded.shared, version)
