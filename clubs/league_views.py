"""League pages: a club's leagues (and starting one), and a league's table with its matches and match entry.

Access (docs/games.md, "Leagues"): anyone with access to a club in the league sees it; an organiser
of a club in the league may enter a match their own club plays in; an organiser starts a league
that includes their own club.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, ORGANISER, club_for
from clubs.league import DEALS, League, Match, deal_problems, totals_problems
from clubs.models import Club
from clubs.validators import no_control_characters

# -- forms ------------------------------------------------------------------------------------------


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=120, validators=[no_control_characters])
    season = forms.CharField(
        max_length=40, required=False, help_text="e.g. 2026–27", validators=[no_control_characters]
    )
    clubs = forms.ModelMultipleChoiceField(
        queryset=Club.objects.none(), widget=forms.CheckboxSelectMultiple, label="The other clubs"
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["clubs"].queryset = Club.objects.exclude(pk=club.pk)


class MatchForm(forms.Form):
    home = forms.ModelChoiceField(queryset=Club.objects.none(), label="Home club")
    away = forms.ModelChoiceField(queryset=Club.objects.none(), label="Away club")
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    entered = forms.ChoiceField(
        choices=Match.Entered.choices, initial="totals", widget=forms.RadioSelect, label="Enter"
    )
    home_tricks = forms.IntegerField(min_value=0, required=False, label="Home total tricks")
    away_tricks = forms.IntegerField(min_value=0, required=False, label="Away total tricks")

    def __init__(self, *args, league: League, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.league, self.user = league, user
        clubs = league.clubs.all()
        self.fields["home"].queryset = clubs
        self.fields["away"].queryset = clubs
        for number in range(1, DEALS + 1):
            # No range here: the rules engine words a bad count ("from 0 to 13, not 14").
            self.fields[f"deal_{number}_home"] = forms.IntegerField(required=False, label=f"Deal {number} home")
            self.fields[f"deal_{number}_away"] = forms.IntegerField(required=False, label=f"Deal {number} away")

    def deal_rows(self):
        return [(n, self[f"deal_{n}_home"], self[f"deal_{n}_away"]) for n in range(1, DEALS + 1)]

    def clean(self):
        data = super().clean()
        home, away = data.get("home"), data.get("away")
        if not home or not away:
            return data
        if home == away:
            raise forms.ValidationError("A club cannot play itself: choose two different clubs.")
        if not ({home.role_of(self.user), away.role_of(self.user)} & set(ORGANISER)):
            raise forms.ValidationError(
                f"Only an organiser of {home} or {away} can enter their match; you organise neither."
            )
        problems: list[str] = []
        if data.get("entered") == Match.Entered.DEALS:
            deals = []
            for number in range(1, DEALS + 1):
                pair = (data.get(f"deal_{number}_home"), data.get(f"deal_{number}_away"))
                problems += deal_problems(number, home.name, away.name, *pair)
                deals.append(list(pair))
            if not problems:
                data["deals"] = deals
                data["home_tricks"] = sum(h for h, _ in deals)
                data["away_tricks"] = sum(a for _, a in deals)
        else:
            if data.get("home_tricks") is None or data.get("away_tricks") is None:
                raise forms.ValidationError(
                    "Enter both clubs' total tricks, or choose to enter the match deal by deal."
                )
            problems += totals_problems(data["home_tricks"], data["away_tricks"])
            data["deals"] = []
        if problems:
            raise forms.ValidationError([p[:1].upper() + p[1:] + "." for p in problems])
        return data


# -- access -----------------------------------------------------------------------------------------


def _league_for(request: HttpRequest, pk: int) -> League:
    return get_object_or_404(League.objects.for_user(request.user).prefetch_related("clubs"), pk=pk)


def _organises_a_club_in(league: League, user) -> bool:
    return any(club.role_of(user) in ORGANISER for club in league.clubs.all())


# -- views --------------------------------------------------------------------------------------------


def leagues(request: HttpRequest, pk: int) -> HttpResponse:
    """A club's leagues, and (organisers) a form to start one with this club in it."""
    club = club_for(request, pk, ANY_ROLE)
    is_organiser = club.role_of(request.user) in ORGANISER
    form = LeagueForm(request.POST or None, club=club) if is_organiser else None
    if request.method == "POST":
        if not is_organiser:
            raise PermissionDenied("Only an organiser can start a league.")
        if form.is_valid():
            league = League.objects.create(name=form.cleaned_data["name"], season=form.cleaned_data["season"])
            league.clubs.set([club, *form.cleaned_data["clubs"]])
            messages.success(request, f"{league} started. Enter its matches as they are played.")
            return redirect("league", league.pk)
    return render(request, "clubs/leagues.html", {"club": club, "leagues": club.leagues.all(), "form": form})


def league(request: HttpRequest, pk: int) -> HttpResponse:
    """The league table and its matches; organisers of its clubs enter matches here."""
    league = _league_for(request, pk)
    can_enter = _organises_a_club_in(league, request.user)
    form = MatchForm(league=league, user=request.user) if can_enter else None
    return render(request, "clubs/league.html", _league_context(league, form))


@require_POST
def match_add(request: HttpRequest, pk: int) -> HttpResponse:
    league = _league_for(request, pk)
    if not _organises_a_club_in(league, request.user):
        raise PermissionDenied("Only an organiser of a club in this league can enter its matches.")
    form = MatchForm(request.POST, league=league, user=request.user)
    if not form.is_valid():
        return render(request, "clubs/league.html", _league_context(league, form), status=400)
    data = form.cleaned_data
    match = Match.objects.create(
        league=league,
        home=data["home"],
        away=data["away"],
        date=data["date"],
        home_tricks=data["home_tricks"],
        away_tricks=data["away_tricks"],
        entered=data["entered"],
        deals=data["deals"],
        entered_by=request.user,
    )
    messages.success(request, f"Match saved: {match}. {match.outcome}.")
    return redirect("league", league.pk)


def _league_context(league: League, form: MatchForm | None) -> dict:
    return {
        "league": league,
        "rows": league.table(),
        "matches": league.matches.select_related("home", "away"),
        "form": form,
    }


urlpatterns = [
    path("<int:pk>/leagues/", leagues, name="club_leagues"),
    path("leagues/<int:pk>/", league, name="league"),
    path("leagues/<int:pk>/matches/add/", match_add, name="league_match_add"),
]
