"""Clubs, who may run them, their members, seasons and saved format presets."""

import datetime
import hashlib
import secrets
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.urls import reverse

from clubs.names import initials
from clubs.validators import no_control_characters
from whistdrive.engines import search_keys
from whistdrive.engines.tokens import new_public_id, new_token

FORMER_MEMBER = "Former member"


class Role(models.TextChoices):
    """The seat role a person plays in a drive; a property of an entry, preferred on a member."""

    LADY = "lady", "Lady"
    GENT = "gent", "Gent"


class ClubQuerySet(models.QuerySet):
    def for_user(self, user, roles: tuple[str, ...] | None = None):
        """The clubs `user` may see (with one of `roles`, when given). Superusers see all."""
        if not user.is_authenticated:
            return self.none()
        if user.is_superuser:
            return self.all()
        access = ClubAccess.objects.filter(user=user)
        if roles:
            access = access.filter(role__in=roles)
        return self.filter(pk__in=access.values("club_id"))

    def add_with_organiser(self, name: str, username: str, email: str = "") -> tuple["Club", Any, str | None]:
        """A new club and its first organiser, together: (club, user, password). An account with the login name
        already is made the club's organiser (password None: they keep theirs); otherwise one is made with a
        password made up here, which the caller shows once and nobody keeps."""
        users = get_user_model().objects
        with transaction.atomic():
            club = Club(name=name)
            club.save()
            user = users.filter(username=username).first()
            password = None
            if user is None:
                password = secrets.token_urlsafe(12)
                user = users.create_user(username=username, email=email, password=password)
            ClubAccess.objects.create(club=club, user=user, role=ClubAccess.Role.ORGANISER)
        return club, user, password


class Club(models.Model):
    class ErasedShownAs(models.TextChoices):
        FORMER = "former", "“Former member”"
        INITIALS = "initials", "Their initials"

    name = models.CharField(max_length=120, validators=[no_control_characters])
    paper_size = models.CharField(
        max_length=6,
        choices=[("A4", "A4"), ("letter", "US Letter")],
        default="A4",
        help_text="Paper size for printed scorecards, table cards and results.",
    )
    erased_shown_as = models.CharField(
        max_length=8,
        choices=ErasedShownAs.choices,
        default=ErasedShownAs.FORMER,
        help_text="What an erased member's name becomes on every past evening (docs/privacy.md).",
    )
    currency = models.CharField(
        max_length=3, default="£", validators=[no_control_characters], help_text="The symbol amounts are shown with."
    )
    # An evening's entry prices unless the evening sets its own (whistdrive's ``Event.fee``).
    fee_member = models.DecimalField(max_digits=7, decimal_places=2, default=Decimal("0.00"))
    fee_guest = models.DecimalField(max_digits=7, decimal_places=2, default=Decimal("0.00"))
    fee_concession = models.DecimalField(max_digits=7, decimal_places=2, default=Decimal("0.00"))
    board_hides_last = models.PositiveSmallIntegerField(
        default=0,
        help_text="Hands at the end of every new evening whose standings the board and the phones keep secret "
        "until the prizes are revealed (an evening may change it).",
    )
    special_prizes = models.JSONField(
        default=list,
        blank=True,
        help_text="The special prizes every evening's default prize list ends with, from whistdrive's list "
        "(engines.prizes.SPECIAL): most tens, the lowest second half...",
    )
    provisional_days = models.PositiveSmallIntegerField(
        default=0,
        help_text="Days an evening's results stay provisional online (corrections shown as such) before they count "
        "for grades and seasons; 0 counts them at once.",
    )
    created = models.DateTimeField(auto_now_add=True)
    public_id = models.CharField(
        max_length=16,
        unique=True,
        default=new_public_id,
        editable=False,
        help_text="The club's results online: /results/<public_id>/.",
    )

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(fee_member__gte=0, fee_guest__gte=0, fee_concession__gte=0),
                name="club_fees_not_negative",
                violation_error_message="An entry price cannot be below nothing.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def erased_name(self, name: str) -> str:
        """What an erased member called ``name`` is shown as, by the club's choice."""
        if self.erased_shown_as == self.ErasedShownAs.INITIALS and initials(name):
            return initials(name)
        return FORMER_MEMBER

    def organisers(self):
        """The accounts that organise this club (superusers aside), by login name."""
        return (
            get_user_model()
            .objects.filter(club_access__club=self, club_access__role=ClubAccess.Role.ORGANISER)
            .order_by("username")
        )

    def role_of(self, user) -> str | None:
        """The user's access role in this club ("organiser" or "scorer"), or None."""
        if user.is_superuser:
            return ClubAccess.Role.ORGANISER
        access = self.access.filter(user=user).first() if user.is_authenticated else None
        return access.role if access else None


class ClubAccess(models.Model):
    """Who may run a club. Organisers manage everything; scorers run the evening (desk, results)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", "Organiser"
        SCORER = "scorer", "Scorer"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="access")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_access")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.ORGANISER)

    class Meta:
        verbose_name_plural = "club access"
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_access_per_user_per_club")]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} of {self.club}"


class MemberQuerySet(models.QuerySet):
    def active(self):
        return self.filter(active=True)

    def search(self, text: str):
        """Members whose name holds every word typed, or whose number is the one typed, folded alike
        (``search_keys``): "zoe" finds Zoë, "brien" O'Brien, "jones" Smith-Jones, "42" member 0042."""
        words = search_keys.words(text)
        if not words:
            return self
        query = Q()
        for word in words:
            query &= Q(name_key__contains=word)
        number = search_keys.fold_number(text)
        if number:
            query |= Q(number_key=number)
        return self.filter(query)

    def bulk_create(self, objs, *args, **kwargs):
        # bulk_create skips save(): the keys are filled here too, so an import is found like a member added by hand.
        objs = list(objs)
        for member in objs:
            member.fill_search_keys()
        return super().bulk_create(objs, *args, **kwargs)


class Member(models.Model):
    class Online(models.TextChoices):
        FULL = "full", "Full name"
        INITIALS = "initials", "Initials only"
        HIDDEN = "hidden", "Not at all"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(max_length=120, validators=[no_control_characters])
    role = models.CharField(
        max_length=4, choices=Role.choices, blank=True, help_text="Preferred role; each evening can differ."
    )
    membership_number = models.CharField(max_length=20, blank=True, validators=[no_control_characters])
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True, validators=[no_control_characters])
    active = models.BooleanField(default=True, help_text="Lapsed members are kept for the season tables.")
    is_guest = models.BooleanField(default=False, help_text="A walk-in kept on the books; shown apart in seasons.")
    erased = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When the member's details were erased: the row stays, nameless, so the seasons' tables still add "
        "up their evenings (whistdrive/evening/privacy.py).",
    )
    created = models.DateTimeField(auto_now_add=True)
    public_id = models.CharField(
        max_length=16,
        unique=True,
        default=new_public_id,
        editable=False,
        help_text="The member's page of results online; the same on the laptop and the club's hosted site.",
    )
    online = models.CharField(
        max_length=8,
        choices=Online.choices,
        default=Online.FULL,
        help_text="How the member appears in results online; their email and phone never do.",
    )
    results_by_email = models.BooleanField(
        default=False, help_text="The member agreed to be emailed their card and the evening's results."
    )
    name_key = models.CharField(
        max_length=240, blank=True, editable=False, help_text="The name folded for search (set on save)."
    )
    number_key = models.CharField(
        max_length=40, blank=True, editable=False, help_text="The membership number folded for search (set on save)."
    )

    objects = MemberQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "membership_number"],
                condition=~Q(membership_number=""),
                name="unique_membership_number_per_club",
                violation_error_message="Another member of this club has that membership number.",
            ),
        ]
        indexes = [
            models.Index(Lower("name"), "club", name="member_name_lower"),
            models.Index(fields=["club", "number_key"], name="member_number_key"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.fill_search_keys()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "name_key", "number_key"}
        super().save(*args, **kwargs)

    def fill_search_keys(self) -> None:
        self.name_key = search_keys.fold(self.name)
        self.number_key = search_keys.fold_number(self.membership_number)


class OrganiserInvitation(models.Model):
    """A link for one more organiser of a club, made by one of its organisers: used once, and only within
    ``DAYS`` of being made. The token is a secret like a table's (``new_token``) rather than a signed value, so
    that the row can say who used it and when, and an organiser can withdraw it by deleting it."""

    DAYS = 7

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="organiser_invitations")
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"Invitation to organise {self.club}"

    def get_absolute_url(self) -> str:
        return reverse("organiser_invitation", args=[self.token])

    @property
    def expires(self) -> datetime.datetime:
        return self.created + datetime.timedelta(days=self.DAYS)


class PublishingKeyQuerySet(models.QuerySet["PublishingKey"]):
    def usable(self):
        return self.filter(revoked__isnull=True)

    def make(self, club: "Club", user) -> tuple["PublishingKey", str]:
        """A new key for ``club``: (its row, the key itself). The key is shown once and never kept: the row
        holds its SHA-256 (the key is 256 random bits, so a plain hash is as strong as a slow one)."""
        key = PublishingKey.PREFIX + new_token()
        row = self.create(club=club, created_by=user, digest=PublishingKey.digest_of(key), hint=key[-4:])
        return row, key

    def holding(self, key: str) -> "PublishingKey | None":
        """The key row ``key`` is, revoked or not (None for a key never made)."""
        if not key.startswith(PublishingKey.PREFIX) or len(key) > 100:
            return None
        return self.select_related("club").filter(digest=PublishingKey.digest_of(key)).first()


class PublishingKey(models.Model):
    """The key a club's laptop publishes its evenings with, made on the hosted site by an organiser
    (docs/publishing.md). Shown once; stored as its SHA-256; revoked, never deleted, so that a laptop
    still holding it is told "revoked" rather than "wrong key"."""

    PREFIX = "wdpub_"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="publishing_keys")
    digest = models.CharField(max_length=64, unique=True, editable=False)
    hint = models.CharField(
        max_length=4, editable=False, help_text="The key's last four characters, to tell keys apart."
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True, editable=False)
    revoked = models.DateTimeField(null=True, blank=True, editable=False)

    objects = PublishingKeyQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"Publishing key …{self.hint} of {self.club}"

    @staticmethod
    def digest_of(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()


class PublishingLink(models.Model):
    """On a laptop: the hosted site this club publishes to. The key itself is not here (the database is
    backed up and copied about): it is a file only the laptop's user may read (whistdrive/evening/publishing.py)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="publishing_link")
    site = models.URLField(help_text="The hosted WhistDrive's address, e.g. https://results.example.org/")
    hosted_name = models.CharField(max_length=120, help_text="The club's name on the hosted site.")
    linked = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.club} publishes to {self.site}"


class Season(models.Model):
    class Counting(models.TextChoices):
        ALL = "all", "All events"
        BEST = "best", "Best N of M"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80, validators=[no_control_characters])
    starts = models.DateField()
    ends = models.DateField()
    counting = models.CharField(max_length=4, choices=Counting.choices, default=Counting.ALL)
    best = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="With best N of M: how many of a member's events count."
    )

    class Meta:
        ordering = ["-starts"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends__gte=models.F("starts")),
                name="season_ends_after_it_starts",
                violation_error_message="A season must end on or after the day it starts.",
            ),
            models.CheckConstraint(
                condition=Q(counting="all") | Q(best__gte=1),
                name="best_n_needs_n",
                violation_error_message="Best N of M needs N of at least 1.",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class ClubTable(models.Model):
    """A club's table by number, for reusable printed table cards.

    Its QR code leads to ``/c/<token>/``, which sends the phone to whichever event of the club is
    being played at the table of that number tonight. The token outlives events, so a set of
    laminated cards serves every evening; an organiser can change one table's code if a card goes astray.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_token, help_text="The secret in the QR code.")
    printed_for = models.CharField(
        max_length=200,
        blank=True,
        help_text="The address (scheme, host and port) in the QR code when the card was last printed; "
        "blank for a card printed before it was kept.",
    )

    class Meta:
        ordering = ["club", "number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="one_club_table_per_number"),
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="club_table_numbered_from_one",
                violation_error_message="Tables are numbered from 1.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: table {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("club_table", args=[self.token])


class FormatPreset(models.Model):
    """A club's own saved format, offered beside the built-in presets."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="presets")
    name = models.CharField(max_length=80, validators=[no_control_characters])
    format = models.JSONField(help_text="The archive spec's format object.")

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="unique_preset_name_per_club")]

    def __str__(self) -> str:
        return self.name


# -- leagues between clubs (the rules and the table are in clubs/league.py) ---------------------------


class LeagueQuerySet(models.QuerySet):
    def for_user(self, user):
        """Leagues with at least one club the user has access to."""
        return self.filter(clubs__in=Club.objects.for_user(user)).distinct()


class League(models.Model):
    name = models.CharField(max_length=120, validators=[no_control_characters])
    season = models.CharField(max_length=40, blank=True, help_text="e.g. 2026–27", validators=[no_control_characters])
    clubs = models.ManyToManyField(Club, related_name="leagues")
    created = models.DateTimeField(auto_now_add=True)

    objects = LeagueQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "name"]

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()


class LeagueInvitation(models.Model):
    """A link for one more club to join a league, made by an organiser of a club in it and sent to
    another club's organiser, who accepts it for a club they organise. Used once; withdrawn by deleting it."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    accepted_by = models.ForeignKey(
        Club, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", help_text="The club that joined."
    )
    accepted = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"Invitation to {self.league}"


class Match(models.Model):
    class Entered(models.TextChoices):
        TOTALS = "totals", "Total tricks"
        DEALS = "deals", "Deal by deal"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="matches")
    home = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="home_matches")
    away = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="away_matches")
    date = models.DateField()
    home_tricks = models.PositiveIntegerField()
    away_tricks = models.PositiveIntegerField()
    entered = models.CharField(max_length=6, choices=Entered.choices, default=Entered.TOTALS)
    deals = models.JSONField(
        default=list, blank=True, help_text="Deal by deal: [home tricks, away tricks] for each of the 24 deals."
    )
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["date", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(home=F("away")),
                name="match_between_two_clubs",
                violation_error_message="A club cannot play itself.",
            ),
            models.CheckConstraint(
                condition=Q(home_tricks__gte=0, away_tricks__gte=0),
                name="match_tricks_not_negative",
                violation_error_message="Tricks are 0 or more.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.home} {self.home_tricks} – {self.away_tricks} {self.away} ({self.date:%d %b %Y})"

    @property
    def outcome(self) -> str:
        if self.home_tricks == self.away_tricks:
            return "Tie"
        return f"{self.home if self.home_tricks > self.away_tricks else self.away} win"
