"""An evening: the event and its format, who came, the tables, the seating hand by hand,
every submission from a phone (append-only) and the one agreed result per table and hand.

Totals are never stored: standings are derived from `Result` rows (see whistdrive.engines.standings).
"""

import datetime
import functools
import secrets
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import models
from django.db.models import F, OuterRef, Q
from django.urls import get_script_prefix, reverse
from django.utils.crypto import constant_time_compare

from clubs.models import Club, Member, Role, Season
from clubs.validators import no_control_characters
from whistdrive.engines import draws, ledger, movement_kinds
from whistdrive.engines.devices import phone_name
from whistdrive.engines.duplicate import DoubleDummy, leader_of, read_board, seeded_boards
from whistdrive.engines.formats import Format
from whistdrive.engines.movements import Pair, Player
from whistdrive.engines.rules import HandEntry, tricks_after_revoke
from whistdrive.engines.tokens import new_public_id, new_token


class Seat(models.TextChoices):
    NORTH = "N", "North"
    EAST = "E", "East"
    SOUTH = "S", "South"
    WEST = "W", "West"


class Side(models.TextChoices):
    NS = "NS", "North–South"
    EW = "EW", "East–West"


class Trump(models.TextChoices):
    HEARTS = "H", "Hearts"
    DIAMONDS = "D", "Diamonds"
    SPADES = "S", "Spades"
    CLUBS = "C", "Clubs"
    NO_TRUMPS = "N", "No trumps"


DOOR_SALT = "whistdrive.door"


def new_board_seed() -> int:
    """A fresh seed for an event's boards (``Event.board_seed``)."""
    return secrets.randbits(31)


class EventQuerySet(models.QuerySet):
    def for_user(self, user, roles: tuple[str, ...] | None = None):
        return self.filter(club__in=Club.objects.for_user(user, roles))

    def with_revisions(self):
        """Events with their tables' revisions added up (``tables_revision``) and counted, read in the
        same query: everything a page of the whole evening depends on (``scores.version_of``)."""
        return self.annotate(tables_count=models.Count("tables"), tables_revision=models.Sum("tables__revision"))

    def published(self):
        """Evenings with public pages (docs/results-online.md): those whose results went online."""
        return self.filter(published_at__isnull=False)


class Event(models.Model):
    class PrizeBasis(models.TextChoices):
        TOTAL = "total", "Total"
        AVERAGE = "average", "Average per hand"

    class Kind(models.TextChoices):
        DRIVE = "drive", "Drive (fixed number of hands, totals decide)"
        GAMES = "games", "Game night (games and rubbers)"
        DUPLICATE = "duplicate", "Duplicate whist (boards: pairs compared on the same cards)"

    class Scoring(models.TextChoices):
        TRICKS = "tricks", "Total tricks"
        ODD_TRICKS = "odd_tricks", "Odd tricks"
        MATCHPOINTS = "matchpoints", "Matchpoints (duplicate)"
        TRICKS_VS_AVERAGE = "tricks_vs_average", "Tricks against the average (duplicate: compass whist)"

    class Movement(models.TextChoices):
        # The names and titles are the movements' registry's (whistdrive.engines.movement_kinds).
        PROGRESSIVE = movement_kinds.PROGRESSIVE.name, movement_kinds.PROGRESSIVE.title
        SEMI_PARTNER = movement_kinds.SEMI_PARTNER.name, movement_kinds.SEMI_PARTNER.title
        MITCHELL = movement_kinds.MITCHELL.name, movement_kinds.MITCHELL.title
        HOWELL = movement_kinds.HOWELL.name, movement_kinds.HOWELL.title
        INDIVIDUAL = movement_kinds.INDIVIDUAL.name, movement_kinds.INDIVIDUAL.title
        STATIONARY = movement_kinds.STATIONARY.name, movement_kinds.STATIONARY.title

    class Movers(models.TextChoices):
        WINNERS = "winners", "Winners move"
        LOSERS = "losers", "Losers move"

    class SitoutScore(models.TextChoices):
        AVERAGE = "average", "Their own average"
        ZERO = "zero", "Nothing"
        FIXED = "fixed", "A fixed score"

    class RevokePenalty(models.TextChoices):
        TRICKS = "tricks", "Three tricks to the other side"
        POINTS = "points", "Three points to the other side"

    class Rubber(models.TextChoices):
        CLASSIC = "classic", "Classic (game values plus 2)"
        SIMPLE = "simple", "Simple (3 for 2–0, 2 for 2–1)"
        NONE = "none", "No rubbers (games only)"

    class Status(models.TextChoices):
        SETUP = "setup", "Registering"
        RUNNING = "running", "Playing"
        INTERVAL = "interval", "Interval"
        FINISHED = "finished", "Finished"

    class BoardsDealt(models.TextChoices):
        TABLE = "table", "Dealt at the table in the first round"
        RECORDS = "records", "Made up beforehand from printed hand records"

    class SeatingBy(models.TextChoices):
        RANDOM = "random", "Random draw"
        CARD = "card", "By card number"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey(Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    name = models.CharField(max_length=120, validators=[no_control_characters])
    date = models.DateField()
    venue = models.CharField(max_length=120, blank=True, validators=[no_control_characters])

    # The format: exactly the archive spec's keys (see whistdrive.engines.formats.Format).
    kind = models.CharField(max_length=9, choices=Kind.choices, default=Kind.DRIVE)
    hands = models.PositiveSmallIntegerField(default=24)
    hands_per_round = models.PositiveSmallIntegerField(default=1, help_text="Hands at a table before moving.")
    interval_after = models.PositiveSmallIntegerField(
        null=True, blank=True, default=12, help_text="Last hand of the first half; empty for no interval."
    )
    trumps = models.CharField(
        max_length=6, default="HDSC", help_text="A rotation such as HDSC (N = no trumps), or 'turned' or 'cut'."
    )
    scoring = models.CharField(max_length=17, choices=Scoring.choices, default=Scoring.TRICKS)
    movement = models.CharField(max_length=12, choices=Movement.choices, default=Movement.PROGRESSIVE)
    movers = models.CharField(max_length=7, choices=Movers.choices, default=Movers.WINNERS)
    sitout_score = models.CharField(max_length=7, choices=SitoutScore.choices, default=SitoutScore.AVERAGE)
    sitout_fixed = models.PositiveSmallIntegerField(default=7)
    target = models.PositiveSmallIntegerField(default=5, help_text="Game nights: points for game (5, 7, 9 or 10).")
    honours = models.BooleanField(default=False, help_text="Game nights: count honours.")
    honours_can_win = models.BooleanField(default=True, help_text="Game nights: may honours take a side to game.")
    revoke_penalty = models.CharField(max_length=6, choices=RevokePenalty.choices, default=RevokePenalty.TRICKS)
    rubber = models.CharField(max_length=7, choices=Rubber.choices, default=Rubber.CLASSIC)
    tie_breaks = models.JSONField(default=list, blank=True, help_text="Applied in order to equal totals.")
    boards_dealt = models.CharField(
        max_length=7,
        choices=BoardsDealt.choices,
        default=BoardsDealt.TABLE,
        help_text="Duplicate: how the boards are made up (the archive tells them apart by their deals).",
    )

    # The evening as it runs.
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SETUP)
    current_hand = models.PositiveSmallIntegerField(default=0, help_text="0 until the event starts.")
    seed = models.BigIntegerField(default=0, help_text="Seed of the starting draw, recorded for checking.")
    board_seed = models.BigIntegerField(
        default=new_board_seed,
        editable=False,
        help_text="Duplicate: the seed every board made up from hand records is dealt from. Drawn when the event "
        "is made and never changed, so hand records printed before the start are the boards played.",
    )
    seating_by = models.CharField(max_length=6, choices=SeatingBy.choices, default=SeatingBy.RANDOM)
    auto_advance = models.BooleanField(default=True, help_text="Move to the next hand when every table agrees.")
    backed_up_hand = models.PositiveSmallIntegerField(
        default=0,
        help_text="Every result up to this hand is in the last automatic backup; phones keep theirs until then.",
    )
    hand_started = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="When play of the current hand began (the live page's clocks)."
    )
    prizes = models.JSONField(default=list, blank=True, help_text="The prize list, in the order prizes are given.")
    mystery_target = models.PositiveSmallIntegerField(null=True, blank=True)
    prize_min_hands = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Hands a player must have played (a sit-out counts) to win a prize; empty for half the hands.",
    )
    prize_basis = models.CharField(
        max_length=7,
        choices=PrizeBasis.choices,
        default=PrizeBasis.TOTAL,
        help_text="What the top prizes are judged on; the booby always goes among those who played every hand.",
    )
    fee_member = models.DecimalField(
        max_digits=7, decimal_places=2, null=True, blank=True, help_text="Tonight's member price; empty for the club's."
    )
    fee_guest = models.DecimalField(
        max_digits=7, decimal_places=2, null=True, blank=True, help_text="Tonight's guest price; empty for the club's."
    )
    fee_concession = models.DecimalField(
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="Tonight's concession price; empty for the club's.",
    )
    door_opened = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the organiser opened the door for players to check themselves in by phone; empty while shut.",
    )
    door_late = models.BooleanField(
        default=False, help_text="Late arrivals may check themselves in after the start, while the door is open."
    )
    raffle_tickets = models.JSONField(
        default=list,
        blank=True,
        help_text='The raffle tickets sold, as coloured books: [{"colour": "pink", "first": 1, "last": 100}, ...].',
    )
    board_hides_last = models.PositiveSmallIntegerField(
        default=0,
        help_text="Hands at the end whose standings the projector keeps secret until the prizes are revealed.",
    )
    revealed = models.PositiveSmallIntegerField(
        default=0, help_text="Prizes the projector has revealed so far at prize-giving, from the last place up."
    )
    board_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    revision = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Bumped by every change the organiser makes (seating, players, corrections, the evening's state).",
    )
    created = models.DateTimeField(auto_now_add=True)
    public_id = models.CharField(
        max_length=16,
        unique=True,
        default=new_public_id,
        editable=False,
        help_text="The evening's results online; kept when it is published, so publishing it again replaces it.",
    )
    published_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When the evening's results went online (on the hosted site: when they arrived). Only a published "
        "evening has public pages.",
    )
    corrected_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="When a correction last replaced the published results."
    )
    published_digest = models.CharField(
        max_length=64,
        blank=True,
        editable=False,
        help_text="On the hosted site: the SHA-256 of the archive last published, so the same evening sent twice "
        "is taken once (whistdrive/evening/publishing.py).",
    )

    objects = EventQuerySet.as_manager()

    FORMAT_FIELDS = (
        "kind", "hands", "hands_per_round", "interval_after", "trumps", "scoring", "movement", "movers",
        "sitout_score", "sitout_fixed", "target", "honours", "honours_can_win", "revoke_penalty", "rubber",
        "tie_breaks",
    )  # fmt: skip

    class Meta:
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(current_hand__lte=F("hands")),
                name="current_hand_within_event",
                violation_error_message="The current hand cannot be beyond the event's last hand.",
            ),
            models.CheckConstraint(
                condition=(Q(fee_member__isnull=True) | Q(fee_member__gte=0))
                & (Q(fee_guest__isnull=True) | Q(fee_guest__gte=0))
                & (Q(fee_concession__isnull=True) | Q(fee_concession__gte=0)),
                name="event_fees_not_negative",
                violation_error_message="An entry price cannot be below nothing.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.pk])

    @property
    def current_round(self) -> int:
        """The round being played (a duplicate evening speaks of rounds of boards, not of hands)."""
        return self.format.round_of(max(1, self.current_hand))

    @property
    def format(self) -> Format:
        # Asked for by every drawing, move and check of a request: made once for each set of settings (a
        # Format is frozen), not again on each asking.
        return _format_of(tuple(_hashable(getattr(self, name)) for name in self.FORMAT_FIELDS))

    def set_format(self, fmt: Format) -> None:
        """Every format field from ``fmt``: a duplicate format also puts back the drive settings it has
        no use for (no interval, so the evening never stops for one between boards)."""
        for name in self.FORMAT_FIELDS:
            value = getattr(fmt, name)
            setattr(self, name, list(value) if name == "tie_breaks" else value)

    @property
    def is_duplicate(self) -> bool:
        return self.kind == self.Kind.DUPLICATE

    # ``event.boards`` is its Board rows; the number of boards each pair plays is ``hands`` (a board
    # slot is a hand).

    def hand_records(self, count: int) -> list:
        """Boards 1..``count`` as their hand records deal them (the duplicate engine's ``Board``s), from
        ``board_seed``: the same whenever they are printed, before the start or after it, and the boards
        ``evening.start_event`` stores when the boards are made up from hand records."""
        return seeded_boards(self.trumps, count, self.board_seed)

    @property
    def boards_per_round(self) -> int:
        """Duplicate: the boards a table plays before the pairs move (the hands of a round)."""
        return self.hands_per_round

    @property
    def started(self) -> bool:
        return self.status != self.Status.SETUP

    def bump(self) -> None:
        """Mark a change the organiser made, inside the transaction that makes it: every page that
        shows the evening reads this number (and its tables') before drawing, and draws again when
        it moved (healthchecks' ``n_pings``)."""
        Event.objects.filter(pk=self.pk).update(revision=F("revision") + 1)

    @property
    def provisional_until(self) -> datetime.datetime | None:
        """When a published evening's results stop being provisional (the club's period after publishing); None
        while it is not published."""
        if self.published_at is None:
            return None
        return self.published_at + datetime.timedelta(days=self.club.provisional_days)

    def is_provisional(self, now: datetime.datetime) -> bool:
        """Shown as provisional and not yet counted for grades and the public season tables: unpublished, or
        published less than the club's provisional days ago."""
        until = self.provisional_until
        return until is None or now < until

    def fee(self, category: str) -> Decimal:
        """The entry price tonight for a member, a guest or a concession: the evening's own, else the club's."""
        if category not in ledger.FEES:
            raise ValueError(f"not an entry price: {category!r}")
        tonight = getattr(self, f"fee_{category}")
        return tonight if tonight is not None else getattr(self.club, f"fee_{category}")

    @property
    def door_code(self) -> str:
        """The secret in the door poster's QR code: the event's number signed with the site's key (the poster
        opens nothing but tonight's check-in, and only while the organiser keeps the door open)."""
        return f"{self.pk}-{signing.Signer(salt=DOOR_SALT).signature(str(self.pk))}"

    @classmethod
    def for_door_code(cls, code: str) -> "Event | None":
        """The event a door poster's code is for, or None for a code nobody made."""
        number, _, signature = code.partition("-")
        if (
            not number.isdecimal()
            or len(number) > 18
            or not constant_time_compare(signature, signing.Signer(salt=DOOR_SALT).signature(number))
        ):
            return None
        return cls.objects.select_related("club").filter(pk=int(number)).first()

    @property
    def prize_qualifying_hands(self) -> int:
        """Hands a player must have taken part in to win a prize: the organiser's number, else half
        the hands (rounded up); never fewer than one, so nobody who played nothing wins."""
        hands = self.prize_min_hands if self.prize_min_hands is not None else -(-self.hands // 2)
        return max(1, hands)


class EntrantQuerySet(models.QuerySet):
    def present_for(self, hand: int):
        """Entrants taking part in hand `hand` (arrived by then, not yet left)."""
        return self.filter(joined_hand__lte=hand).filter(Q(left_after_hand__isnull=True) | Q(left_after_hand__gte=hand))

    def player_ids(self) -> dict[int, str]:
        """Entrant pk -> the id the engines and the archive use, for every entrant here, in one query."""
        return {
            pk: player_id(archive_id, card)
            for pk, archive_id, card in self.values_list("pk", "archive_id", "card_number")
        }

    def pair_ids(self) -> dict[int, str]:
        """Entrant pk -> the id of the pair member they play as, for every entrant here, in one query: their
        own id, or for a duplicate substitute the id of the player whose seat they took."""
        rows = self.values_list(
            "pk", "archive_id", "card_number", "stands_in_for__archive_id", "stands_in_for__card_number"
        )
        return {
            pk: player_id(archive_id, card) if stood_card is None else player_id(stood_id or "", stood_card)
            for pk, archive_id, card, stood_id, stood_card in rows
        }

    def players_for(self, hand: int) -> list:
        """Those present for hand ``hand`` as the movement engine's players, in card-number order,
        each with the role they play in that hand."""
        rows = (
            self.present_for(hand)
            .order_by("card_number")
            .values_list("archive_id", "card_number", "role", "earlier_role", "role_from_hand")
        )
        return [
            Player(id=player_id(archive_id, card), role=role_at(hand, role, earlier, since) or None)
            for archive_id, card, role, earlier, since in rows
        ]


def player_id(archive_id: str, card_number: int) -> str:
    """A player's id in the engines and the archive: the imported id, else "p" and the card number."""
    return archive_id or f"p{card_number}"


def role_at(hand: int, role: str, earlier_role: str, role_from_hand: int | None) -> str:
    """The role played in ``hand`` by an entrant who plays ``role`` from ``role_from_hand`` on."""
    return earlier_role if role_from_hand is not None and hand < role_from_hand else role


class Entrant(models.Model):
    """One person's entry in one evening: their role tonight and their scorecard number."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    member = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries")
    name = models.CharField(max_length=120, validators=[no_control_characters])
    role = models.CharField(max_length=4, choices=Role.choices, blank=True, help_text="The role played tonight.")
    card_number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    joined_hand = models.PositiveSmallIntegerField(default=1, help_text="First hand played (late arrivals).")
    left_after_hand = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Last hand before leaving.")
    archive_id = models.CharField(max_length=40, blank=True, help_text="The player id in an imported archive.")
    earlier_role = models.CharField(
        max_length=4, choices=Role.choices, blank=True, help_text="The role played before role_from_hand."
    )
    role_from_hand = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The first hand played in the role now (a role changed after the start)."
    )
    stands_in_for = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="substitutes",
        help_text="Duplicate: the pair member whose seat this substitute takes from joined_hand on (the pair's "
        "results stay the pair's).",
    )

    objects = EntrantQuerySet.as_manager()

    class Meta:
        ordering = ["card_number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "card_number"], name="one_card_number_per_event"),
            models.UniqueConstraint(
                fields=["event", "member"], condition=Q(member__isnull=False), name="member_enters_once"
            ),
            models.CheckConstraint(
                condition=Q(role_from_hand__isnull=True) | Q(role_from_hand__gt=F("joined_hand")),
                name="role_changes_after_joining",
                violation_error_message="A role can only change after the player's first hand.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return _player_path(get_script_prefix(), self.token)

    @property
    def player_id(self) -> str:
        """The id used in the engines and the archive."""
        return player_id(self.archive_id, self.card_number)

    def role_at(self, hand: int) -> str:
        return role_at(hand, self.role, self.earlier_role, self.role_from_hand)

    def taker(self) -> "Entrant | None":
        """Duplicate: the substitute who took this player's seat when they left (None if nobody did)."""
        if self.left_after_hand is None:
            return None
        member = self.stands_in_for_id or self.pk
        return Entrant.objects.filter(stands_in_for_id=member, joined_hand=self.left_after_hand + 1).first()

    @property
    def pair_id(self) -> str:
        """The id of the pair member this entrant plays as: their own, or for a duplicate substitute the
        id of the player whose seat they took (``EntrantQuerySet.pair_ids`` for many)."""
        return self.stands_in_for.player_id if self.stands_in_for is not None else self.player_id


class Table(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_token, help_text="The secret in the QR code.")
    revision = models.PositiveIntegerField(
        default=0, editable=False, help_text="Bumped by every change at the table: an entry, a result, a call."
    )

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_table_number_per_event")]

    def __str__(self) -> str:
        return f"Table {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.token])


@functools.lru_cache(maxsize=4096)
def _player_path(prefix: str, token: str) -> str:
    """A player's own page, reversed once a player (under the script prefix it was reversed with) rather than
    on each of the dozen pages a hand that their phone is drawn (``phones.drawing.for_phone``)."""
    return reverse("player", args=[token])


@functools.lru_cache(maxsize=256)
def _format_of(values: tuple) -> Format:
    """The format of an event whose ``Event.FORMAT_FIELDS`` hold ``values``."""
    settings = dict(zip(Event.FORMAT_FIELDS, values, strict=True))
    if settings["kind"] == Event.Kind.DUPLICATE:
        # A duplicate evening's boards are its hands, in rounds of boards_per_round (Format.duplicate).
        return Format.duplicate(
            settings["hands"],
            settings["hands_per_round"],
            settings["movement"],
            settings["scoring"],
            settings["trumps"],
        )
    return Format.from_dict(settings)


def _hashable(value):
    return tuple(value) if isinstance(value, list) else value


class RetiredTableToken(models.Model):
    """A table's old QR-code secret, replaced by "Issue a new QR code".

    It opens nothing: a phone still holding it is told that the table has a new code (scan the card
    on the table) instead of a bare "Not Found". Only a table's last few are kept (see KEPT).
    """

    KEPT = 3

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="retired_tokens")
    token = models.CharField(max_length=64, unique=True)
    retired = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-retired", "-pk"]

    def __str__(self) -> str:
        return f"{self.table}'s old QR code"


class SeatingQuerySet(models.QuerySet):
    """Who sits where: the questions asked of many seatings. Each one narrows, so they chain
    (``Seating.objects.of_event(event).seated().up_to(hand)``); the hot path's own reads are ``rows``'."""

    def of_event(self, event: Event | int):
        """An evening's seatings, every hand, sitting out included."""
        return self.filter(event=event)

    def of_hand(self, event: Event | int, hand: int):
        """A hand's seatings across the hall, sitting out included."""
        return self.filter(event=event, hand=hand)

    def at_table(self, table: Table | int | OuterRef, hand: int | OuterRef | None = None):
        """The four at a table in ``hand`` (without one, in every hand)."""
        return self.filter(table=table) if hand is None else self.filter(table=table, hand=hand)

    def at_tables(self, tables: Iterable[Table | int]):
        """The seatings at any of ``tables``, every hand."""
        return self.filter(table__in=tables)

    def of_entrant(self, entrant: Entrant | int, hand: int | None = None):
        """A player's place in ``hand`` (at most one row; without a hand, their every hand's)."""
        return self.filter(entrant=entrant) if hand is None else self.filter(entrant=entrant, hand=hand)

    def of_entrants(self, entrants: Iterable[Entrant | int]):
        """The seatings of any of ``entrants``."""
        return self.filter(entrant__in=entrants)

    def seated(self):
        """Those at a table, not sitting out."""
        return self.filter(table__isnull=False)

    def in_seat(self, seat: str):
        """Those in ``seat`` (N, E, S or W)."""
        return self.filter(seat=seat)

    def up_to(self, hand: int):
        """Hands 1 to ``hand``."""
        return self.filter(hand__lte=hand)

    def from_hand(self, hand: int):
        """Hand ``hand`` and the hands after it."""
        return self.filter(hand__gte=hand)

    def before(self, hand: int):
        """The hands before ``hand``."""
        return self.filter(hand__lt=hand)

    def in_hands(self, hands: Iterable[int]):
        """Any of ``hands``."""
        return self.filter(hand__in=hands)


class Seating(models.Model):
    """Where one entrant is for one hand: a table and seat, or sitting out (no table)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seatings")
    hand = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seatings")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, null=True, blank=True, related_name="seatings")
    seat = models.CharField(max_length=1, choices=Seat.choices, blank=True)

    objects = SeatingQuerySet.as_manager()

    class Meta:
        ordering = ["hand", "table__number", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["event", "hand", "entrant"], name="one_place_per_player_per_hand"),
            models.UniqueConstraint(
                fields=["table", "hand", "seat"], condition=Q(table__isnull=False), name="one_player_per_seat"
            ),
            models.CheckConstraint(
                condition=(Q(table__isnull=True) & Q(seat="")) | (Q(table__isnull=False) & ~Q(seat="")),
                name="seated_has_table_and_seat",
                violation_error_message="A seated player needs both a table and a seat; a sit-out has neither.",
            ),
        ]
        indexes = [models.Index(fields=["event", "hand"], name="seating_by_hand")]

    def __str__(self) -> str:
        where = f"table {self.table.number} {self.seat}" if self.table is not None else "sitting out"
        return f"Hand {self.hand}: {self.entrant} {where}"


TRICKS_RANGE = Q(tricks_ns__gte=0, tricks_ns__lte=13, tricks_ew__gte=0, tricks_ew__lte=13)
HONOURS_RULE = (Q(honours_ns__isnull=True) & Q(honours_ew__isnull=True)) | Q(
    honours_ns__gte=0, honours_ew__gte=0, honours_ns__lte=4, honours_ew__lte=4
)


class EnteredHand:
    """The fields of a hand as a table entered it, shared by ``Result`` and ``Submission``."""

    # the subclasses' fields (a Submission's tricks may be empty, a Result's may not)
    tricks_ns: Any
    tricks_ew: Any
    trump: str
    honours_ns: int | None
    honours_ew: int | None
    revoke: str

    @property
    def entry(self) -> HandEntry:
        """The rules engine's value: tricks as played (before any revoke), trump, honours, revoke."""
        return HandEntry(
            tricks_ns=self.tricks_ns,
            tricks_ew=self.tricks_ew,
            trump=self.trump,
            honours_ns=self.honours_ns,
            honours_ew=self.honours_ew,
            revoke=self.revoke or None,
        )

    @staticmethod
    def fields_of(entry: HandEntry) -> dict[str, Any]:
        """The model fields for a checked ``HandEntry``: the other way from ``entry``."""
        return dict(
            trump=entry.trump,
            tricks_ns=entry.tricks_ns,
            tricks_ew=entry.tricks_ew,
            honours_ns=entry.honours_ns,
            honours_ew=entry.honours_ew,
            revoke=entry.revoke or "",
        )


ENTRY_FIELDS = ("tricks_ns", "tricks_ew", "trump", "honours_ns", "honours_ew", "revoke")


class ResultQuerySet(models.QuerySet):
    def for_event(self, event):
        return self.filter(table__event=event)

    def entries(self):
        """(hand, table id, table number, HandEntry) for each result, as plain values (no model objects:
        the fast paths read a whole hall's results)."""
        return entries_of(self.order_by().values_list("hand", "table_id", "table__number", *ENTRY_FIELDS))

    def tricks(self, fmt: Format):
        """(hand, table id, table number, {"NS": n, "EW": n}) for each result: the tricks that count,
        after any revoke penalty. The one place a stored result's tricks are read for scoring."""
        return counted_tricks(self.entries(), fmt)


def entries_of(rows):
    """(hand, table id, table number, HandEntry) for rows of (hand, table id, table number, *``ENTRY_FIELDS``)."""
    for hand, table_id, number, *entered in rows:
        yield hand, table_id, number, entry_of(entered)


def entry_of(entered) -> HandEntry:
    """A stored result's ``ENTRY_FIELDS`` values, read by hand, as its ``HandEntry``."""
    ns, ew, trump, honours_ns, honours_ew, revoke = entered
    return HandEntry(ns, ew, trump, honours_ns, honours_ew, revoke or None)


def counted_tricks(entries, fmt: Format):
    """``entries``' (hand, table id, table number, HandEntry) as the tricks that count (``ResultQuerySet.tricks``)."""
    for hand, table_id, number, entry in entries:
        yield hand, table_id, number, tricks_after_revoke(entry, fmt) if entry.revoke else entry.tricks


class Result(EnteredHand, models.Model):
    """The one result that counts for a table and hand: agreed by both sides or set by the organiser.

    Tricks are as played, before any revoke penalty; the rules engine applies the penalty.
    """

    class Source(models.TextChoices):
        AGREED = "agreed", "Agreed at the table"
        ORGANISER = "organiser", "Set by the organiser"
        PAPER = "paper", "Keyed from paper"
        IMPORT = "import", "Imported"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    hand = models.PositiveSmallIntegerField()
    trump = models.CharField(max_length=1, choices=Trump.choices)
    tricks_ns = models.PositiveSmallIntegerField()
    tricks_ew = models.PositiveSmallIntegerField()
    honours_ns = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Honours held (games only).")
    honours_ew = models.PositiveSmallIntegerField(null=True, blank=True)
    revoke = models.CharField(max_length=2, choices=Side.choices, blank=True, help_text="The side that revoked.")
    source = models.CharField(max_length=9, choices=Source.choices, default=Source.AGREED)
    reason = models.CharField(max_length=200, blank=True, help_text="Why the organiser set or corrected it.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = ResultQuerySet.as_manager()

    class Meta:
        ordering = ["hand", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "hand"], name="one_result_per_table_per_hand"),
            models.CheckConstraint(
                condition=TRICKS_RANGE, name="tricks_between_0_and_13", violation_error_message="Tricks are 0 to 13."
            ),
            models.CheckConstraint(
                condition=Q(tricks_ns=13 - F("tricks_ew")),
                name="tricks_total_13",
                violation_error_message="The two sides' tricks must make 13.",
            ),
            models.CheckConstraint(
                condition=HONOURS_RULE, name="honours_between_0_and_4", violation_error_message="Honours are 0 to 4."
            ),
        ]

    def __str__(self) -> str:
        return f"Hand {self.hand}, table {self.table.number}: NS {self.tricks_ns} – EW {self.tricks_ew}"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        # Every writer of a result bumps its table, the admin too: the pages read it before drawing. One
        # statement, as ``Event.bump``'s; an entry's agreement, the hot path, writes its result with
        # ``rows.insert`` and bumps the table with ``rows.bump_table`` instead.
        Table.objects.filter(pk=self.table_id).update(revision=F("revision") + 1)

    def delete(self, *args, **kwargs):
        deleted = super().delete(*args, **kwargs)
        Table.objects.filter(pk=self.table_id).update(revision=F("revision") + 1)
        return deleted

    def tricks(self, fmt: Format) -> dict[str, int]:
        """The tricks that count, after any revoke penalty (``ResultQuerySet.tricks`` for many)."""
        return tricks_after_revoke(self.entry, fmt)


class Submission(EnteredHand, models.Model):
    """Every result a phone, the organiser, paper or an import offered: append-only, never edited.

    The table's state (waiting, pending, agreed, disputed) is derived from these rows and `Result`.
    """

    repeats = 1  # not stored: how many refusals in a row this row stands for (``entry.history``)

    class Action(models.TextChoices):
        ENTER = "enter", "Entered"
        AGREE = "agree", "Agreed"
        ORGANISER = "organiser", "Set by the organiser"
        PAPER = "paper", "Keyed from paper"
        IMPORT = "import", "Imported"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="submissions")
    hand = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=9, choices=Action.choices)
    seat = models.CharField(max_length=1, choices=Seat.choices, blank=True, help_text="The seat the phone claimed.")
    side = models.CharField(max_length=2, choices=Side.choices, blank=True)
    trump = models.CharField(max_length=1, choices=Trump.choices, blank=True)
    tricks_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks_ew = models.PositiveSmallIntegerField(null=True, blank=True)
    honours_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    honours_ew = models.PositiveSmallIntegerField(null=True, blank=True)
    revoke = models.CharField(max_length=2, choices=Side.choices, blank=True)
    outcome = models.CharField(max_length=200, help_text="What became of it: pending, agreed, disputed, refused…")
    reason = models.CharField(max_length=200, blank=True)
    device = models.CharField(max_length=64, blank=True, help_text="A hash of the phone's session, not the session.")
    address = models.GenericIPAddressField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    key = models.CharField(
        max_length=40,
        blank=True,
        help_text="The phone's idempotency key for this tap: the same key sent again changes nothing.",
    )
    resent = models.BooleanField(
        default=False,
        help_text="Sent again by the phone from its own storage, after the connection (or the laptop) was lost.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        indexes = [models.Index(fields=["table", "hand"], name="submission_by_table_hand")]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "key"],
                condition=~models.Q(key=""),
                name="submission_key_once",
                violation_error_message="This tap was already taken.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()} hand {self.hand} at {self.table}: {self.outcome}"

    @property
    def phone(self) -> str:
        """The phone's short stable name ("K7Q-2MX"), or "" when no phone sent it."""
        return phone_name(self.device)


class Flag(models.Model):
    """A table's "call the organiser" request: a dispute, a misdeal, a missing player."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="flags")
    hand = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    resolved = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created"]

    def __str__(self) -> str:
        return f"{self.table} calls the organiser (hand {self.hand})"


class Partnership(models.Model):
    """A duplicate evening's fixed pair, numbered where the movement starts it ("N–S 3", "Pair 5").

    Drawn at the start (``whistdrive.evening.pairs.start``) and never changed: the partners play every board
    together. ``first`` sits North or East.
    """

    class Direction(models.TextChoices):
        NS = "NS", "N–S"
        EW = "EW", "E–W"
        NONE = "", "Either (Howell)"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="partnerships")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=2, choices=Direction.choices, blank=True)
    first = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["-direction", "number"]  # N–S before E–W, then by number
        constraints = [
            models.UniqueConstraint(fields=["event", "direction", "number"], name="one_pair_number_per_direction"),
            models.UniqueConstraint(fields=["event", "first"], name="one_pair_per_first_player"),
            models.UniqueConstraint(fields=["event", "second"], name="one_pair_per_second_player"),
        ]

    def __str__(self) -> str:
        return self.pair.label

    @property
    def pair(self):
        """The movement engine's ``Pair`` (its id "NS3", "EW3" or "P5" and its label)."""
        return Pair(self.number, (self.first.player_id, self.second.player_id), self.direction or None)


class Board(models.Model):
    """A duplicate evening's board: a deal kept in a tray, played the same at every table.

    ``deal`` is empty for a board dealt at the table in the first round; ``trump`` is empty only while
    a board with turned trumps has not been played yet (the first table to play it records it).
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=Seat.choices)
    trump = models.CharField(max_length=1, choices=Trump.choices, blank=True)
    deal = models.JSONField(null=True, blank=True, help_text='The hand record: {"N": ["AS", ...], ...}, or empty.')
    double_dummy_ns = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The tricks N–S take double dummy with the board's trump and the dealer's left leading (DDS), "
        "solved once when the deal and trump are known (whistdrive.evening.double_dummy); empty until then.",
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_board_per_number"),
            models.CheckConstraint(
                condition=models.Q(double_dummy_ns__lte=13), name="double_dummy_is_at_most_13_tricks"
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"

    def double_dummy(self) -> DoubleDummy | None:
        """The double-dummy tricks as solved and kept on this row, None while not solved (or not solvable)."""
        if self.double_dummy_ns is None or not self.trump:
            return None
        return DoubleDummy(self.double_dummy_ns, leader_of(self.dealer), self.trump)

    def as_board(self):
        """The duplicate engine's ``Board`` (its deal read back into cards)."""
        return read_board(self.event.trumps, {"number": self.number, "dealer": self.dealer,
                                              "trump": self.trump or None, "deal": self.deal})  # fmt: skip


class TableBoard(models.Model):
    """Which board a table plays as one board slot (hand) of a duplicate evening, by the movement."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="table_boards")
    hand = models.PositiveSmallIntegerField()
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="table_boards")

    class Meta:
        ordering = ["hand", "table__number"]
        constraints = [models.UniqueConstraint(fields=["table", "hand"], name="one_board_per_table_per_hand")]

    def __str__(self) -> str:
        return f"{self.table}, hand {self.hand}: board {self.board.number}"


class LedgerLineQuerySet(models.QuerySet):
    # Sums are made in Python from each line's exact Decimal, not by the database: SQLite keeps a decimal as a
    # binary float, and its SUM of a long evening's lines need not be exact.

    def sheet(self) -> ledger.Sheet:
        """These lines added up (``ledger.sheet``), in one query."""
        return ledger.sheet(ledger.Line(kind, amount, method) for kind, amount, method in
                            self.order_by().values_list("kind", "amount", "method"))  # fmt: skip

    def standing(self) -> dict[int, Decimal]:
        """Line pk -> what it stands at with its corrections, for each line as first written, in one query."""
        rows = self.order_by().values_list("pk", "corrects_id", "amount")
        totals: dict[int, Decimal] = {}
        for pk, corrects, amount in rows:
            original = corrects or pk
            totals[original] = totals.get(original, ledger.ZERO) + amount
        return totals

    def paid_by_entrant(self) -> dict[int, Decimal]:
        """Entrant pk -> what their entry lines stand at now, for every entrant with any (0 once a payment is undone)."""
        rows = self.filter(kind=LedgerLine.Kind.ENTRY, entrant__isnull=False).order_by()
        paid: dict[int, Decimal] = {}
        for entrant, amount in rows.values_list("entrant", "amount"):
            paid[entrant] = paid.get(entrant, ledger.ZERO) + amount
        return paid


class LedgerLine(models.Model):
    """One line of an evening's money: an entrant's fee, raffle tickets, a donation, the hall's cost...

    Never edited nor deleted: a correction is another line of the same kind for the difference, pointing at the
    line it corrects (``corrects``), so the treasurer can see what was put right and when. The arithmetic is
    ``whistdrive.engines.ledger``'s.
    """

    # The engine's kinds, methods and prices (``ledger.TAKINGS``, ``COSTS``, ``METHODS``, ``FEES``), with its words.
    class Kind(models.TextChoices):
        ENTRY = "entry", ledger.KIND_WORDS["entry"]
        RAFFLE = "raffle", ledger.KIND_WORDS["raffle"]
        REFRESHMENTS = "refreshments", ledger.KIND_WORDS["refreshments"]
        DONATION = "donation", ledger.KIND_WORDS["donation"]
        OTHER_TAKINGS = "other_takings", ledger.KIND_WORDS["other_takings"]
        PRIZES = "prizes", ledger.KIND_WORDS["prizes"]
        HALL = "hall", ledger.KIND_WORDS["hall"]
        OTHER_COST = "other_cost", ledger.KIND_WORDS["other_cost"]

    class Method(models.TextChoices):
        CASH = "cash", ledger.METHOD_WORDS["cash"]
        CARD = "card", ledger.METHOD_WORDS["card"]
        PREPAID = "prepaid", ledger.METHOD_WORDS["prepaid"]

    class Fee(models.TextChoices):
        MEMBER = "member", ledger.FEE_WORDS["member"]
        GUEST = "guest", ledger.FEE_WORDS["guest"]
        CONCESSION = "concession", ledger.FEE_WORDS["concession"]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="ledger")
    kind = models.CharField(max_length=13, choices=Kind.choices)
    amount = models.DecimalField(
        max_digits=9, decimal_places=2, help_text="Exact, in the club's currency; only a correction is negative."
    )
    method = models.CharField(
        max_length=7, choices=Method.choices, blank=True, help_text="How money taken came in; empty for a cost."
    )
    entrant = models.ForeignKey(
        Entrant,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="payments",
        help_text="Whose entry fee this is (empty once an entry taken off before the start has gone).",
    )
    fee = models.CharField(max_length=10, choices=Fee.choices, blank=True, help_text="The price an entry fee was at.")
    note = models.CharField(max_length=200, blank=True, validators=[no_control_characters])
    corrects = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="corrections")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    standing: Decimal | None = None  # not stored: the line with its corrections, where ``money.sheet_of`` says

    objects = LedgerLineQuerySet.as_manager()

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(amount=0), name="ledger_line_not_zero", violation_error_message="A line of nothing."
            ),
            models.CheckConstraint(
                condition=Q(corrects__isnull=False) | Q(amount__gt=0),
                name="only_a_correction_is_negative",
                violation_error_message="Only a correction takes money off a line.",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=ledger.TAKINGS) | Q(method=""),
                name="a_cost_has_no_method",
                violation_error_message="A cost is paid out, not taken in cash or by card.",
            ),
            models.CheckConstraint(
                condition=Q(kind="entry") | (Q(fee="") & Q(entrant__isnull=True)),
                name="only_an_entry_fee_names_an_entrant",
                violation_error_message="Only an entry fee is an entrant's.",
            ),
        ]
        indexes = [models.Index(fields=["event", "kind"], name="ledger_by_event_kind")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.amount}"

    @property
    def is_taking(self) -> bool:
        return ledger.is_taking(self.kind)

    @property
    def size(self) -> Decimal:
        """The amount without its sign: a page writes a correction's minus before the currency ("−£3.00")."""
        return abs(self.amount)


class CheckIn(models.Model):
    """A player checking themself in from their own phone, by the door poster's QR code.

    A member found by the desk's search is entered at once (``entrant``); a walk-in who types their name waits
    for the desk to confirm them as a guest. The desk may undo any: the row stays, as ``UNDONE``, so the desk's
    list says what happened. ``whistdrive.evening.door`` makes and changes them.
    """

    class Status(models.TextChoices):
        HERE = "here", "Checked in"
        WAITING = "waiting", "Waiting for the desk"
        CONFIRMED = "confirmed", "Confirmed by the desk"
        UNDONE = "undone", "Undone by the desk"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="check_ins")
    member = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True, related_name="check_ins")
    entrant = models.ForeignKey(Entrant, on_delete=models.SET_NULL, null=True, blank=True, related_name="check_ins")
    name = models.CharField(
        max_length=120,
        blank=True,
        validators=[no_control_characters],
        help_text="The name a walk-in typed; empty for a member (their name is the member's, erased with it).",
    )
    status = models.CharField(max_length=9, choices=Status.choices)
    device = models.CharField(max_length=64, help_text="A hash of the phone's session, not the session.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "member"],
                condition=Q(member__isnull=False) & ~Q(status="undone"),
                name="one_check_in_per_member",
                violation_error_message="This member has checked in already.",
            ),
        ]
        indexes = [models.Index(fields=["event", "device"], name="check_in_by_phone")]

    def __str__(self) -> str:
        return f"{self.who}: {self.get_status_display()}"

    @property
    def who(self) -> str:
        return self.member.name if self.member is not None else self.name

    @property
    def phone(self) -> str:
        return phone_name(self.device)


class Draw(models.Model):
    """One draw of the evening: a raffle ticket, the mystery card number, the lucky table.

    What was in the hat and the seed are recorded before the winner is known, and the winner drawn from them by
    ``whistdrive.engines.draws``: the audit trail draws each again from its seed and shows it gives the same winner.
    Never changed: a draw made in error is drawn again, and both stay on the record.
    """

    class Kind(models.TextChoices):
        RAFFLE = "raffle", draws.KIND_WORDS["raffle"]
        MYSTERY_CARD = "mystery_card", draws.KIND_WORDS["mystery_card"]
        LUCKY_TABLE = "lucky_table", draws.KIND_WORDS["lucky_table"]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="draws")
    number = models.PositiveSmallIntegerField(help_text="The draw's place in the evening's draws: 1, 2, 3...")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    prize = models.CharField(max_length=120, blank=True, validators=[no_control_characters])
    seed = models.BigIntegerField(help_text="The seed the winner was drawn with.")
    hat = models.JSONField(
        help_text='What was in the hat: {"ranges": [...], "drawn": [[colour, number], ...]}, {"cards": [...]} '
        'or {"tables": [...]}.'
    )
    winner = models.JSONField(help_text='{"colour": "pink", "number": 42}, {"card": 17} or {"table": 3}.')
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_draw_per_number")]

    def __str__(self) -> str:
        return f"Draw {self.number}: {self.get_kind_display()}"


class Publication(models.Model):
    """On a laptop: an evening the organiser asked to publish, and how far it got (docs/publishing.md).
    Waiting until the hosted site takes it; a refusal stops the retries until the organiser asks again."""

    class State(models.TextChoices):
        WAITING = "waiting", "Waiting to publish"
        SENT = "sent", "Published"
        REFUSED = "refused", "Refused by the hosted site"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="publication")
    state = models.CharField(max_length=8, choices=State.choices, default=State.WAITING)
    asked = models.DateTimeField(help_text="When the organiser last asked to publish.")
    unreachable_since = models.DateTimeField(
        null=True, blank=True, help_text="While waiting: since when every try found no hosted site to talk to."
    )
    tries = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True, help_text="The hosted site's answer, or why it could not be reached.")
    sent = models.DateTimeField(null=True, blank=True, help_text="When the hosted site took the evening.")
    url = models.URLField(blank=True, help_text="The evening's page on the hosted site, as it answered.")
    revision = models.PositiveIntegerField(
        default=0,
        help_text="The evening's revision the last try sent: a correction moves it, and the evening is sent again.",
    )

    def __str__(self) -> str:
        return f"{self.event}: {self.get_state_display()}"


class ResultEmail(models.Model):
    """One member's email of an evening's results (docs/publishing.md, "Players told by email").

    The row is made before the email is sent, and the unique constraint lets only one publish make it: two
    publishes of the same evening at once send one email. The evening is named by its public id, not by a key to
    its row, so a correction that replaces the evening's rows keeps what was sent. No address is kept: erasing a
    member leaves nothing of theirs here but that an email went.
    """

    class Status(models.TextChoices):
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    event_public_id = models.CharField(max_length=16, help_text="The evening's public id (Event.public_id).")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="result_emails")
    status = models.CharField(max_length=7, choices=Status.choices, default=Status.SENDING)
    claimed = models.DateTimeField(help_text="When a sender last took it to send: a send that died leaves it here.")
    sent = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True, help_text="Why the last attempt failed, as the server said.")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event_public_id", "member"],
                name="one_result_email_per_member_and_evening",
                violation_error_message="This member has been emailed this evening's results already.",
            ),
            models.CheckConstraint(
                condition=Q(status="sent", sent__isnull=False) | ~Q(status="sent"),
                name="a_sent_result_email_says_when",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_public_id} to member {self.member_id}: {self.status}"


class GradedEvening(models.Model):
    """Which version of an evening's results its grade lines were worked from (docs/grades.md, "Kept with the
    evening"). Made in the transaction that writes the lines, so an evening has all its lines or none; lines of
    another version are worked again. A correction published to the hosted site replaces the Event row, and its
    lines go with it."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="graded")
    version = models.CharField(
        max_length=64,
        help_text="The evening's standings version (revision, tables, tables' revisions) its lines were worked from.",
    )
    worked = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Grade lines of event {self.event_id} at {self.version}"


class GradeLine(models.Model):
    """A member's evening as their grade and their page read it: derived from the evening's standings and seatings
    once per version of its results (``GradedEvening``), never edited; the grades themselves are worked out from
    these every time, never stored."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="grade_lines")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="grade_lines")
    percentage = models.FloatField(
        null=True,
        blank=True,
        help_text="The result as a percentage of the evening's field; empty when there is none to grade (compass "
        "scoring, no hand played).",
    )
    hands = models.PositiveIntegerField(help_text="The hands (boards) behind the result, sit-outs included.")
    opponents = models.JSONField(
        default=list,
        blank=True,
        help_text="[opponent, hands, opponent, hands, ...]: each opponent met (a member's pk, or 'guest<entrant pk>') "
        "and the hands played against them, flat (no list per opponent: a club's lines are read in one go).",
    )
    place = models.CharField(max_length=8, help_text='"1", "=2"')
    of = models.PositiveIntegerField(help_text="Lines in the member's field.")
    score = models.CharField(max_length=40, help_text='"169 tricks", "58.3 %", "12 rubber points"')
    prizes = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "member"], name="one_grade_line_per_member_and_evening"),
            models.CheckConstraint(
                condition=Q(percentage__isnull=True) | Q(percentage__gte=0, percentage__lte=100),
                name="a_grade_line_percentage_is_0_to_100",
            ),
        ]

    def __str__(self) -> str:
        return f"Event {self.event_id}, member {self.member_id}: {self.place} of {self.of}"
