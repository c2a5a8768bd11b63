"""Organiser pages for a club: its overview, members (search, add, edit, merge, CSV), seasons, presets, and what
its evenings start with (prices and special prizes).

Everyone with access to a club may look; only organisers change members, seasons and presets.
"""

import hashlib

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from clubs import csv_members
from clubs.access import ANY_ROLE, ORGANISER, HtmxHttpRequest, club_for
from clubs.forms import (
    ClubEveningsForm,
    MemberForm,
    MemberImportConfirmForm,
    MemberImportForm,
    MemberSearchForm,
    MergeForm,
    PresetDeleteForm,
    SeasonForm,
)
from clubs.models import Club, ClubAccess, FormatPreset, Member

IMPORT_SESSION_KEY = "member_import"


def _is_organiser(request: HttpRequest, club: Club) -> bool:
    return club.role_of(request.user) == ClubAccess.Role.ORGANISER


def club(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk)
    return render(
        request,
        "clubs/club.html",
        {
            "club": club,
            "role": club.role_of(request.user),
            "is_organiser": _is_organiser(request, club),
            "events": club.events.select_related("season")[:50],
            "seasons": club.seasons.all(),
            "presets": club.presets.all(),
            "member_count": club.members.active().count(),
        },
    )


# -- members ---------------------------------------------------------------------------------


def members(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The member list; with `q` it narrows as you type (htmx asks for the `results` fragment)."""
    club = club_for(request, pk, ANY_ROLE)
    form = MemberSearchForm(request.GET or None)
    found = club.members.all()
    if form.is_valid():
        found = found.search(form.cleaned_data["q"])
        if not form.cleaned_data["lapsed"]:
            found = found.active()
    else:
        found = found.active()
    context = {
        "club": club,
        "form": form,
        "members": found[:200],
        "total": found.count(),
        "is_organiser": _is_organiser(request, club),
    }
    template = "clubs/members.html#results" if request.htmx else "clubs/members.html"
    return render(request, template, context)


def member_add(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    form = MemberForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        member = form.save()
        messages.success(request, f"{member.name} added.")
        return redirect("members", club.pk)
    return render(request, "clubs/member_form.html", {"club": club, "form": form})


def member_edit(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    member = get_object_or_404(club.members, pk=member_pk)
    form = MemberForm(request.POST or None, instance=member, club=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, f"{member.name} saved.")
        return redirect("members", club.pk)
    return render(
        request,
        "clubs/member_form.html",
        {"club": club, "form": form, "member": member, "merge_form": MergeForm(member=member)},
    )


@require_POST
def member_merge(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    member = get_object_or_404(club.members, pk=member_pk)
    form = MergeForm(request.POST, member=member)
    if not form.is_valid():
        return render(
            request,
            "clubs/member_form.html",
            {"club": club, "form": MemberForm(instance=member, club=club), "member": member, "merge_form": form},
            status=400,
        )
    other = form.cleaned_data["other"]
    merge_members(member, other)
    messages.success(request, f"{other.name}'s record merged into {member.name}'s.")
    return redirect("member_edit", club.pk, member.pk)


@transaction.atomic
def merge_members(kept: Member, other: Member) -> Member:
    """Keep one record of a person: it takes the other's evenings and fills its blank fields."""
    assert kept.club_id == other.club_id and kept.pk != other.pk
    other.entries.update(member=kept)
    for name in ("role", "membership_number", "email", "phone"):
        if not getattr(kept, name):
            setattr(kept, name, getattr(other, name))
    kept.active = kept.active or other.active
    kept.is_guest = kept.is_guest and other.is_guest
    # The other record goes first so its membership number is free for the kept one.
    other.delete()
    kept.save()
    return kept


def members_export(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ANY_ROLE)
    rows = club.members.order_by("name", "pk").values(*csv_members.COLUMNS)
    response = HttpResponse(csv_members.write_members(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="members-{club.pk}.csv"'
    return response


def _preview(club: Club, text: str) -> csv_members.Preview:
    existing = club.members.values_list("membership_number", "name")
    return csv_members.read_members(text, [n for n, _ in existing], [name for _, name in existing])


def members_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Upload a CSV and see every row as it will be saved; nothing is saved until confirmed."""
    club = club_for(request, pk, ORGANISER)
    form = MemberImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > csv_members.MAX_BYTES:
            form.add_error("file", f"The file is over {csv_members.MAX_BYTES // 1024 // 1024} MB; split it.")
        else:
            try:
                text, notes = csv_members.decode(upload.read())
                preview = _preview(club, text)
            except csv_members.CsvError as exc:
                form.add_error("file", str(exc))
            else:
                preview.notes[:0] = notes
                # The text waits in the session (never on disk) until the organiser confirms.
                digest = hashlib.sha256(text.encode()).hexdigest()
                request.session[IMPORT_SESSION_KEY] = {"club": club.pk, "digest": digest, "text": text}
                confirm = MemberImportConfirmForm(initial={"digest": digest}, doubtful=preview.doubtful)
                return _render_preview(request, club, preview, confirm)
    return render(request, "clubs/members_import.html", {"club": club, "form": form})


def _render_preview(request, club, preview, confirm, status=200) -> HttpResponse:
    return render(
        request,
        "clubs/members_import_preview.html",
        {"club": club, "preview": preview, "confirm": confirm, "shown": preview.rows[:500]},
        status=status,
    )


@require_POST
def members_import_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    pending = request.session.get(IMPORT_SESSION_KEY)
    # Checked again against the club as it is now: someone may have added members since the preview.
    preview = _preview(club, pending["text"]) if pending and pending.get("club") == club.pk else None
    form = MemberImportConfirmForm(request.POST, doubtful=preview.doubtful if preview else ())
    if pending is None or preview is None or not form.is_valid() or pending["digest"] != form.cleaned_data["digest"]:
        messages.error(
            request, "That import is no longer waiting (it was replaced or has expired): upload the file again."
        )
        return redirect("members_import", club.pk)
    if preview.bad and not form.cleaned_data["skip_bad_rows"]:
        form.add_error(
            "skip_bad_rows",
            f"{len(preview.bad)} row{'s have' if len(preview.bad) != 1 else ' has'} errors: fix the file and upload "
            "it again, or tick the box to import only the good rows.",
        )
        return _render_preview(request, club, preview, form, status=400)
    accepted = set(form.cleaned_data["accept"])
    saved = import_rows(club, [row for row in preview.rows if row.ok and (not row.warnings or row.row in accepted)])
    del request.session[IMPORT_SESSION_KEY]
    skipped = f"; {len(preview.bad)} skipped" if preview.bad else ""
    left = len(preview.doubtful) - len(accepted)
    if left:
        skipped += f"; {left} possible duplicate{'s' if left != 1 else ''} not imported"
    messages.success(request, f"{len(saved)} member{'s' if len(saved) != 1 else ''} imported{skipped}.")
    return redirect("members", club.pk)


@transaction.atomic
def import_rows(club: Club, rows: list[csv_members.MemberRow]) -> list[Member]:
    return Member.objects.bulk_create([Member(club=club, **row.fields()) for row in rows], batch_size=500)


# -- seasons -----------------------------------------------------------------------------------


def seasons(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ANY_ROLE)
    return render(
        request,
        "clubs/seasons.html",
        {"club": club, "seasons": club.seasons.all(), "is_organiser": _is_organiser(request, club)},
    )


def season_add(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    form = SeasonForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        season = form.save()
        messages.success(request, f"Season {season.name} added.")
        return redirect("seasons", club.pk)
    return render(request, "clubs/season_form.html", {"club": club, "form": form})


def season_edit(request: HttpRequest, pk: int, season_pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    season = get_object_or_404(club.seasons, pk=season_pk)
    form = SeasonForm(request.POST or None, instance=season, club=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, f"Season {season.name} saved.")
        return redirect("seasons", club.pk)
    return render(request, "clubs/season_form.html", {"club": club, "form": form, "season": season})


# -- what every evening starts with ----------------------------------------------------------


def club_evenings(request: HttpRequest, pk: int) -> HttpResponse:
    """The club's entry prices, its currency and the special prizes every evening gives (organisers only)."""
    club = club_for(request, pk, ORGANISER)
    form = ClubEveningsForm(request.POST or None, instance=club)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, "The club's prices and prizes are saved: evenings without their own use them.")
            return redirect("club_evenings", club.pk)
        # Nothing of a refused form is kept: the page shows the club as it stands, with the errors.
        club.refresh_from_db()
    return render(request, "clubs/evenings.html", {"club": club, "form": form}, status=400 if form.errors else 200)


# -- saved format presets ---------------------------------------------------------------------


@require_POST
def preset_delete(request: HttpRequest, pk: int, preset_pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    preset: FormatPreset = get_object_or_404(club.presets, pk=preset_pk)
    form = PresetDeleteForm(request.POST)
    if form.is_valid():
        preset.delete()
        messages.success(request, f"Preset {preset.name} deleted.")
    else:
        messages.error(request, "Tick the box to confirm deleting the preset.")
    return redirect("club", club.pk)
