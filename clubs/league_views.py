"""League pages: a club's leagues (and starting one), a league's table with its matches, match entry,
correction and deletion, and invitations for other clubs to join.

Access (docs/games.md, "Leagues"): anyone with access to a club in the league sees it; an organiser
starts a league with their own club in it, and other clubs join only by accepting an invitation that
an organiser of a club in the league made; an organiser of a club in the league may enter, correct and
delete a match their own club plays in. No page lists clubs or people the user has no access to.
"""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, ORGANISER, club_for
from clubs.league import DEALS, deal_problems, league_rows, totals_problems
from clubs.models import Club, League, LeagueInvitation, Match
from clubs.validators import no_control_characters

# -- forms ------------------------------------------------------------------------------------------


class LeagueForm(forms.Form):
    """A new league, with the starting club in it; other clubs join by invitation (no list of clubs here)."""

    name = forms.CharField(max_length=120, validators=[no_control_characters])
    season = forms.CharField(
        max_length=40, required=False, help_text="e.g. 2026–27", validators=[no_control_characters]
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club


class JoinForm(forms.Form):
    """Which of the user's own clubs accepts an invitation: only clubs they organise, not yet in the league."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), label="Your club", empty_label=None)

    def __init__(self, *args, league: League, user, **kwargs):
        super().__init__(*args, **kwargs)
        club = cast(forms.ModelChoiceField, self.fields["club"])
        club.queryset = Club.objects.for_user(user, ORGANISER).exclude(leagues=league)


class ConfirmForm(forms.Form):
    confirm = forms.BooleanField(label="Yes, delete this match")


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
        cast(forms.ModelChoiceField, self.fields["home"]).queryset = clubs
        cast(forms.ModelChoiceField, self.fields["away"]).queryset = clubs
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


def _match_for_organiser(request: HttpRequest, league: League, match_pk: int) -> Match:
    """A match of the league that the user may correct or delete: their own club plays in it."""
    match = get_object_or_404(league.matches.select_related("home", "away"), pk=match_pk)
    if not ({match.home.role_of(request.user), match.away.role_of(request.user)} & set(ORGANISER)):
        raise PermissionDenied(f"Only an organiser of {match.home} or {match.away} can change their match.")
    return match


def _save_match(match: Match, data: dict, user) -> Match:
    for name in ("home", "away", "date", "home_tricks", "away_tricks", "entered", "deals"):
        setattr(match, name, data[name])
    match.entered_by = user
    match.save()
    return match


# -- views --------------------------------------------------------------------------------------------


def leagues(request: HttpRequest, pk: int) -> HttpResponse:
    """A club's leagues, and (organisers) a form to start one with this club in it."""
    club = club_for(request, pk, ANY_ROLE)
    is_organiser = club.role_of(request.user) in ORGANISER
    form = LeagueForm(request.POST or None, club=club) if is_organiser else None
    if request.method == "POST":
        if form is None:
            raise PermissionDenied("Only an organiser can start a league.")
        if form.is_valid():
            with transaction.atomic():
                league = League.objects.create(name=form.cleaned_data["name"], season=form.cleaned_data["season"])
                league.clubs.set([club])
            messages.success(request, f"{league} started. Invite the other clubs from its page.")
            return redirect("league", league.pk)
    return render(request, "clubs/leagues.html", {"club": club, "leagues": club.leagues.all(), "form": form})


def league(request: HttpRequest, pk: int) -> HttpResponse:
    """The league table and its matches; organisers of its clubs enter matches here."""
    league = _league_for(request, pk)
    can_enter = _organises_a_club_in(league, request.user)
    form = MatchForm(league=league, user=request.user) if can_enter else None
    return render(request, "clubs/league.html", _league_context(request, league, form))


@require_POST
def match_add(request: HttpRequest, pk: int) -> HttpResponse:
    league = _league_for(request, pk)
    if not _organises_a_club_in(league, request.user):
        raise PermissionDenied("Only an organiser of a club in this league can enter its matches.")
    form = MatchForm(request.POST, league=league, user=request.user)
    if not form.is_valid():
        return render(request, "clubs/league.html", _league_context(request, league, form), status=400)
    match = _save_match(Match(league=league), form.cleaned_data, request.user)
    messages.success(request, f"Match saved: {match}. {match.outcome}.")
    return redirect("league", league.pk)


def match_edit(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """Correct a match: the same form as entering it, filled in; an organiser of either club in it."""
    league = _league_for(request, pk)
    match = _match_for_organiser(request, league, match_pk)
    if request.method == "POST":
        form = MatchForm(request.POST, league=league, user=request.user)
        if form.is_valid():
            _save_match(match, form.cleaned_data, request.user)
            messages.success(request, f"Match corrected: {match}. {match.outcome}.")
            return redirect("league", league.pk)
        status = 400
    else:
        initial = {name: getattr(match, name) for name in ("date", "entered", "home_tricks", "away_tricks")}
        initial |= {"home": match.home_id, "away": match.away_id}
        for number, (home, away) in enumerate(match.deals or [], start=1):
            initial[f"deal_{number}_home"], initial[f"deal_{number}_away"] = home, away
        form, status = MatchForm(initial=initial, league=league, user=request.user), 200
    context = {"league": league, "match": match, "form": form, "delete_form": ConfirmForm()}
    return render(request, "clubs/league_match.html", context, status=status)


@require_POST
def match_delete(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    league = _league_for(request, pk)
    match = _match_for_organiser(request, league, match_pk)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Tick “Yes, delete this match” to delete it.")
        context = {"league": league, "match": match, "form": MatchForm(league=league, user=request.user),
                   "delete_form": form}  # fmt: skip
        return render(request, "clubs/league_match.html", context, status=400)
    described = str(match)
    match.delete()
    messages.success(request, f"Match deleted: {described}.")
    return redirect("league", league.pk)


@require_POST
def invite(request: HttpRequest, pk: int) -> HttpResponse:
    """A new invitation link, shown on the league's page for the organiser to send to another club."""
    league = _league_for(request, pk)
    if not _organises_a_club_in(league, request.user):
        raise PermissionDenied("Only an organiser of a club in this league can invite another club.")
    # Signed in (every organiser page requires it): request.user is a User here, never anonymous.
    LeagueInvitation.objects.create(league=league, created_by=request.user)  # type: ignore[misc]
    messages.success(request, "A new invitation is ready: send its link to the other club's organiser.")
    return redirect("league", league.pk)


@require_POST
def invitation_withdraw(request: HttpRequest, pk: int, invitation_pk: int) -> HttpResponse:
    league = _league_for(request, pk)
    if not _organises_a_club_in(league, request.user):
        raise PermissionDenied("Only an organiser of a club in this league can withdraw its invitations.")
    get_object_or_404(league.invitations, pk=invitation_pk, accepted__isnull=True).delete()
    messages.success(request, "Invitation withdrawn: its link opens nothing now.")
    return redirect("league", league.pk)


def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation's link: its receiver chooses which of the clubs they organise joins the league."""
    invitation = get_object_or_404(
        LeagueInvitation.objects.select_related("league"), token=token, accepted__isnull=True
    )
    league = invitation.league
    form = JoinForm(request.POST or None, league=league, user=request.user)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            club = form.cleaned_data["club"]
            with transaction.atomic():
                # One acceptance per invitation, even for two organisers pressing at once.
                taken = LeagueInvitation.objects.filter(pk=invitation.pk, accepted__isnull=True).update(
                    accepted=timezone.now(), accepted_by=club
                )
                if not taken:
                    messages.error(request, "This invitation has just been used.")
                    return redirect("home")
                league.clubs.add(club)
            messages.success(request, f"{club} is in {league} now.")
            return redirect("league", league.pk)
        status = 400
    return render(request, "clubs/league_join.html", {"league": league, "form": form}, status=status)


def add_club(request: HttpRequest, pk: int) -> HttpResponse:
    """Bring another club one organises into the league, on a page of its own: an organiser of two clubs (or
    a league's secretary who runs several) needs no invitation link to themself, nor the admin."""
    league = _league_for(request, pk)
    if not _organises_a_club_in(league, request.user):
        raise PermissionDenied("Only an organiser of a club in this league can add a club to it.")
    form = JoinForm(request.POST or None, league=league, user=request.user)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            club = form.cleaned_data["club"]
            league.clubs.add(club)
            messages.success(request, f"{club} is in {league} now.")
            return redirect("league", league.pk)
        status = 400
    return render(request, "clubs/league_add_club.html", {"league": league, "form": form}, status=status)


def _league_context(request: HttpRequest, league: League, form: MatchForm | None) -> dict:
    organiser = _organises_a_club_in(league, request.user)
    matches = list(league.matches.select_related("home", "away"))
    for match in matches:
        # For the template only (whether to offer the match's change links), not a field of the model.
        match.can_change = {match.home.role_of(request.user), match.away.role_of(request.user)} & set(ORGANISER)  # type: ignore[attr-defined]
    invitations = []
    if organiser:
        for invitation in league.invitations.filter(accepted__isnull=True):
            # For the template only, not a field of the model.
            invitation.link = request.build_absolute_uri(reverse("league_join", args=[invitation.token]))  # type: ignore[attr-defined]
            invitations.append(invitation)
    return {
        "league": league,
        "rows": league_rows(league),
        "matches": matches,
        "form": form,
        "organiser": organiser,
        "invitations": invitations,
    }


urlpatterns = [
    path("<int:pk>/leagues/", leagues, name="club_leagues"),
    path("leagues/<int:pk>/", league, name="league"),
    path("leagues/<int:pk>/matches/add/", match_add, name="league_match_add"),
    path("leagues/<int:pk>/matches/<int:match_pk>/", match_edit, name="league_match_edit"),
    path("leagues/<int:pk>/matches/<int:match_pk>/delete/", match_delete, name="league_match_delete"),
    path("leagues/<int:pk>/invitations/", invite, name="league_invite"),
    path("leagues/<int:pk>/clubs/add/", add_club, name="league_add_club"),
    path(
        "leagues/<int:pk>/invitations/<int:invitation_pk>/withdraw/",
        invitation_withdraw,
        name="league_invitation_withdraw",
    ),
    path("leagues/join/<token:token>/", join, name="league_join"),
]
