"""Running clubs without the admin: the site administrator adds a club with its first organiser; a club's
organisers invite another by a link that expires, remove one, choose how erased members read, and close the
club (its archive downloaded first); an evening played by mistake is deleted (docs/privacy.md).
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from clubs.access import ORGANISER, club_for
from clubs.forms import AddClubForm, ClubSettingsForm, RemoveOrganiserForm, ResultsOnlineForm, TypeTheNameForm
from clubs.models import Club, ClubAccess, OrganiserInvitation
from whistdrive.evening.closing import CannotClose, close_club, club_archive
from whistdrive.web.access import event_for

# The session remembers that this club's archive was downloaded: closing is refused before it.
ARCHIVE_TAKEN = "club-archive-taken"


def may_add_clubs(user) -> bool:
    """The site's administrators: staff with the admin's own permission to add a club (every superuser)."""
    return user.is_staff and user.has_perm("clubs.add_club")


def add_club(request: HttpRequest) -> HttpResponse:
    if not may_add_clubs(request.user):
        raise PermissionDenied("Only the site's administrators add clubs.")
    form = AddClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club, user, password = Club.objects.add_with_organiser(
            form.cleaned_data["name"], form.cleaned_data["organiser"], form.cleaned_data["email"]
        )
        # Shown on this one answer and kept nowhere: the organiser changes it after logging in.
        return render(request, "clubs/club_added.html", {"club": club, "organiser": user, "password": password})
    return render(request, "clubs/club_add.html", {"form": form}, status=400 if form.errors else 200)


def club_running(request: HttpRequest, pk: int) -> HttpResponse:
    """The club's organisers, their invitations, how erased members read, and closing the club."""
    club = club_for(request, pk, ORGANISER)
    settings_form = ClubSettingsForm(request.POST or None, instance=club)
    if request.method == "POST" and settings_form.is_valid():
        settings_form.save()
        messages.success(request, f"Erased members now read as {club.get_erased_shown_as_display()}.")
        return redirect("club_running", pk=club.pk)
    return _running_page(request, club, settings_form=settings_form)


def _running_page(request: HttpRequest, club: Club, status: int = 200, **forms: BaseForm) -> HttpResponse:
    now = timezone.now()
    invitations = [
        invitation
        for invitation in club.organiser_invitations.filter(accepted__isnull=True)
        if invitation.expires > now
    ]
    context = {
        "club": club,
        "organisers": club.organisers(),
        "invitations": invitations,
        "settings_form": forms.get("settings_form") or ClubSettingsForm(instance=club),
        "online_form": forms.get("online_form") or ResultsOnlineForm(instance=club),
        "remove_form": forms.get("remove_form") or RemoveOrganiserForm(club=club),
        "days": OrganiserInvitation.DAYS,
    }
    return render(request, "clubs/running.html", context, status=status)


@require_POST
def club_results_online(request: HttpRequest, pk: int) -> HttpResponse:
    """How long the club's published results stay provisional."""
    club = club_for(request, pk, ORGANISER)
    form = ResultsOnlineForm(request.POST, instance=club)
    if not form.is_valid():
        return _running_page(request, club, status=400, online_form=form)
    form.save()
    days = club.provisional_days
    messages.success(
        request,
        f"Published results now stay provisional for {days} day{'' if days == 1 else 's'}."
        if days
        else "Published results now count at once.",
    )
    return redirect("club_running", pk=club.pk)


@require_POST
def organiser_invite(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    invitation = OrganiserInvitation.objects.create(club=club, created_by=cast(User, request.user))
    link = request.build_absolute_uri(invitation.get_absolute_url())
    messages.success(request, f"Send this link to the new organiser; it works once, for {invitation.DAYS} days: {link}")
    return redirect("club_running", pk=club.pk)


@require_POST
def organiser_remove(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    form = RemoveOrganiserForm(request.POST, club=club)
    if not form.is_valid():
        return _running_page(request, club, status=400, remove_form=form)
    user = form.cleaned_data["user"]
    ClubAccess.objects.filter(club=club, user=user).delete()
    messages.success(request, f"{user.username} no longer organises {club.name}.")
    if user == request.user:
        return redirect("home")  # their own access is gone: the club's pages are another's now
    return redirect("club_running", pk=club.pk)


@login_not_required
def organiser_invitation(request: HttpRequest, token: str) -> HttpResponse:
    """Accept an invitation: logged in, as yourself; otherwise with a new account made here."""
    invitation = get_object_or_404(OrganiserInvitation.objects.select_related("club"), token=token)
    problem = _unusable(invitation)
    if problem:
        return render(request, "clubs/invitation.html", {"invitation": invitation, "problem": problem}, status=410)
    signup: UserCreationForm | None = None if request.user.is_authenticated else UserCreationForm(request.POST or None)
    if request.method == "POST" and (signup is None or signup.is_valid()):
        with transaction.atomic():
            # Locked, so two people with the same link cannot both use it.
            invitation = OrganiserInvitation.objects.select_for_update().get(pk=invitation.pk)
            problem = _unusable(invitation)
            if problem is None:
                user = cast(User, request.user) if signup is None else signup.save()
                ClubAccess.objects.update_or_create(
                    club=invitation.club, user=user, defaults={"role": ClubAccess.Role.ORGANISER}
                )
                invitation.accepted_by, invitation.accepted = user, timezone.now()
                invitation.save()
        if problem:
            return render(request, "clubs/invitation.html", {"invitation": invitation, "problem": problem}, status=410)
        if signup is not None:
            login(request, user, backend="whistdrive.web.logins.OneHashAtATime")
        messages.success(request, f"You organise {invitation.club.name} now.")
        return redirect("club", pk=invitation.club.pk)
    status = 400 if signup is not None and signup.errors else 200
    return render(request, "clubs/invitation.html", {"invitation": invitation, "signup": signup}, status=status)


def _unusable(invitation: OrganiserInvitation) -> str | None:
    if invitation.accepted is not None:
        return "This invitation has been used already: ask the club's organiser for a new link."
    if invitation.expires <= timezone.now():
        return (
            f"This invitation was for {invitation.DAYS} days and has expired: ask the club's organiser for a new link."
        )
    return None


def club_archive_zip(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    response = HttpResponse(club_archive(club), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{slugify(club.name) or "club"}-archive.zip"'
    request.session[ARCHIVE_TAKEN] = sorted({*request.session.get(ARCHIVE_TAKEN, []), club.pk})
    return response


def club_close(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    form = TypeTheNameForm(request.POST or None, expected=club.name)
    taken = club.pk in request.session.get(ARCHIVE_TAKEN, [])
    if request.method == "POST" and form.is_valid():
        if not taken:
            form.add_error(None, "Download the club's archive first: once closed, nothing of the club can be had back.")
        else:
            try:
                close_club(club)
            except CannotClose as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, f"{club.name} is closed: everything of it is deleted.")
                return redirect("home")
    context = {"club": club, "form": form, "taken": taken, "events": club.events.count()}
    return render(request, "clubs/close.html", context, status=400 if form.errors else 200)


def event_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete an evening played by mistake, with every row of it (its submissions too: they are evidence of this
    evening only), after the organiser typed its name."""
    event = event_for(request, pk, ORGANISER)
    form = TypeTheNameForm(request.POST or None, expected=event.name)
    if request.method == "POST" and form.is_valid():
        event.delete()
        messages.success(request, f"{event.name} of {event.date:%d %b %Y} is deleted.")
        return redirect("club", pk=event.club.pk)
    return render(
        request, "whistdrive/event_delete.html", {"event": event, "form": form}, status=400 if form.errors else 200
    )


urlpatterns = [
    path("site/clubs/add/", add_club, name="add_club"),
    path("clubs/<int:pk>/running/", club_running, name="club_running"),
    path("clubs/<int:pk>/running/online/", club_results_online, name="club_results_online"),
    path("clubs/<int:pk>/running/invite/", organiser_invite, name="organiser_invite"),
    path("clubs/<int:pk>/running/remove/", organiser_remove, name="organiser_remove"),
    path("clubs/<int:pk>/archive.zip", club_archive_zip, name="club_archive_zip"),
    path("clubs/<int:pk>/close/", club_close, name="club_close"),
    path("organise/<str:token>/", organiser_invitation, name="organiser_invitation"),
    path("events/<int:pk>/delete/", event_delete, name="event_delete"),
]
