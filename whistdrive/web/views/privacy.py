"""A member's own data: downloaded (JSON, CSV) and erased, from the member's page (docs/privacy.md)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path

from clubs.access import ORGANISER, club_for
from clubs.forms import TypeTheNameForm
from clubs.models import Member
from whistdrive.evening.privacy import erase_member, member_csv, member_record


def _member_for(request: HttpRequest, pk: int, member_pk: int) -> Member:
    club = club_for(request, pk, ORGANISER)
    return get_object_or_404(club.members.select_related("club"), pk=member_pk)


def _download(member: Member, text: str, content_type: str, ending: str) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="member-{member.club_id}-{member.pk}.{ending}"'
    return response


def member_data_json(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    member = _member_for(request, pk, member_pk)
    text = json.dumps(member_record(member), ensure_ascii=False, indent=2) + "\n"
    return _download(member, text, "application/json", "json")


def member_data_csv(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    member = _member_for(request, pk, member_pk)
    # A byte-order mark so spreadsheets open accented names correctly (as the results' CSV).
    return _download(member, "\ufeff" + member_csv(member), "text/csv", "csv")


def member_erase(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    member = _member_for(request, pk, member_pk)
    if member.erased is not None:
        messages.info(request, "This member's details were erased already.")
        return redirect("members", pk=pk)
    form = TypeTheNameForm(request.POST or None, expected=member.name)
    if request.method == "POST" and form.is_valid():
        erase_member(member)
        messages.success(request, f"The member's details are erased: their evenings read “{member.name}”.")
        return redirect("members", pk=pk)
    context = {"club": member.club, "member": member, "form": form, "evenings": member.entries.count(),
               "shown_as": member.club.erased_name(member.name)}  # fmt: skip
    return render(request, "clubs/member_erase.html", context, status=400 if form.errors else 200)


urlpatterns = [
    path("<int:pk>/members/<int:member_pk>/data.json", member_data_json, name="member_data_json"),
    path("<int:pk>/members/<int:member_pk>/data.csv", member_data_csv, name="member_data_csv"),
    path("<int:pk>/members/<int:member_pk>/erase/", member_erase, name="member_erase"),
]
