"""Leagues between clubs: matches of 24 deals between two clubs' teams of six, decided on total tricks.

A ``League`` is one season of matches between the clubs in it; a ``Match`` is one evening between a
home and an away club, kept as the two sides' total tricks and, when the match card is keyed deal by
deal, the 24 deals as well (each deal's two sides make 13 tricks, checked by the rules engine).
The league table is never stored: ``league_rows`` works it out from the matches with
``whistdrive.seasons.league_table`` (3 points for a win, 1 for a tie, then tricks difference).

Who may do what (docs/games.md, "Leagues"): an organiser starts a league with their own club in it;
another club joins only by accepting an invitation (``LeagueInvitation``) that an organiser of a club
in the league made and sent to them. An organiser of a club in the league may enter, correct and
delete the league's matches, but only a match their own club plays in (home or away); anyone with
access to a club in the league (organiser or scorer) sees the table.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from clubs.models import Club
from clubs.validators import no_control_characters
from whistdrive.formats import Format
from whistdrive.rules import HandEntry, entry_problems
from whistdrive.seasons import LeagueRow, league_table

DEALS = 24  # a league match is 24 deals
TRICKS_PER_DEAL = 13
_DEAL_FORMAT = Format()  # a deal of a league match is checked as a drive's hand: tricks only


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
        app_label = "clubs"
        ordering = ["-created", "name"]

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()

    def table(self) -> list[LeagueRow]:
        return league_rows(self)


def _invitation_token() -> str:
    return secrets.token_urlsafe(32)


class LeagueInvitation(models.Model):
    """A link for one more club to join a league, made by an organiser of a club in it and sent to
    another club's organiser, who accepts it for a club they organise. Used once; withdrawn by deleting it."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=_invitation_token, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    accepted_by = models.ForeignKey(
        Club, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", help_text="The club that joined."
    )
    accepted = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "clubs"
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
        app_label = "clubs"
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


def deal_problems(number: int, home: str, away: str, home_tricks, away_tricks) -> list[str]:
    """What is wrong with one deal of a match card, in the clubs' names ("Deal 5: …")."""
    if home_tricks is None or away_tricks is None:
        return [f"Deal {number}: enter both clubs' tricks"]
    entry = HandEntry(home_tricks, away_tricks, "N")
    problems = entry_problems(_DEAL_FORMAT, entry)
    return [f"Deal {number}: " + p.replace("North–South", home).replace("East–West", away) for p in problems]


def totals_problems(home_tricks: int, away_tricks: int) -> list[str]:
    """Totals keyed from a card: every deal at every table makes 13, so the two totals make a multiple of 13."""
    total = home_tricks + away_tricks
    if total == 0 or total % TRICKS_PER_DEAL:
        return [
            f"the two totals make {total} tricks; every deal at every table makes 13, "
            "so together they must be a multiple of 13 (312 for 24 deals at one table)"
        ]
    return []


def league_rows(league: League) -> list[LeagueRow]:
    """The league table from the league's matches (one query), every club in the league listed."""
    matches = league.matches.values_list("home__name", "away__name", "home_tricks", "away_tricks")
    rows = league_table(list(matches))
    played = {row.club for row in rows}
    # Clubs yet to play are shown at the foot with nothing, so the table lists the whole league.
    waiting = sorted(name for name in league.clubs.values_list("name", flat=True) if name not in played)
    position = len(rows) + 1
    rows += [LeagueRow(name, 0, 0, 0, 0, 0, 0, 0, 0, position) for name in waiting]
    return rows
