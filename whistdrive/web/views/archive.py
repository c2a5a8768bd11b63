"""The event's archive page: download the event (JSON) and its results (CSV); import an archive file."""

from __future__ import annotations

import csv
import io
import json
from typing import cast

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, ORGANISER
from clubs.models import Club
from whistdrive.engines.spreadsheets import safe_row
from whistdrive.evening.archive import ArchiveError, export_event, import_event, read_json, results_rows
from whistdrive.web.access import event_for

LARGEST_FILE = 20 * 1024 * 1024  # a 300-table, 24-hand evening is a few megabytes


class ImportForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), help_text="The club the event is added to.")
    file = forms.FileField(help_text="An event archive (whistdrive.event/1 JSON), as downloaded from this page.")

    def __init__(self, *args, user, initial_club: Club | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["club"]).queryset = Club.objects.for_user(user, ORGANISER)
        if initial_club is not None:
            self.fields["club"].initial = initial_club.pk

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > LARGEST_FILE:
            raise forms.ValidationError("The file is larger than any event archive (20 MB).")
        try:
            return read_json(upload.read().decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise forms.ValidationError(f"This is not an event archive: it is not UTF-8 text ({exc.reason}).") from exc
        except ArchiveError as exc:
            raise forms.ValidationError(f"This is not an event archive: {exc.problems[0]}.") from exc


def _filename(event, ending: str) -> str:
    return f"{slugify(event.name) or 'event'}-{event.date:%Y-%m-%d}.{ending}"


def event_archive(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = ImportForm(user=request.user, initial_club=event.club)
    return render(request, "whistdrive/archive.html", {"event": event, "form": form, "problems": []})


def event_archive_json(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    text = json.dumps(export_event(event), ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(event, "json")}"'
    return response


def event_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    out = io.StringIO()
    # Names are guarded against spreadsheet formulas; ranks and totals stay numbers.
    csv.writer(out).writerows(safe_row(row) for row in results_rows(event))
    # A byte-order mark so spreadsheets open accented names correctly.
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(event, "csv")}"'
    return response


@require_POST
def archive_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Import an archive into one of the organiser's clubs; every problem is listed, nothing saved."""
    event = event_for(request, pk, ANY_ROLE)
    form = ImportForm(request.POST, request.FILES, user=request.user, initial_club=event.club)
    problems: list[str] = []
    if form.is_valid():
        try:
            imported = import_event(form.cleaned_data["file"], club=form.cleaned_data["club"])
        except ArchiveError as exc:
            problems = exc.problems
        else:
            messages.success(request, f"Imported “{imported.name}” into {imported.club.name}.")
            return redirect(imported)
    return render(request, "whistdrive/archive.html", {"event": event, "form": form, "problems": problems}, status=400)


urlpatterns = [
    path("events/<int:pk>/archive/", event_archive, name="event_archive"),
    path("events/<int:pk>/archive/event.json", event_archive_json, name="event_archive_json"),
    path("events/<int:pk>/archive/results.csv", event_results_csv, name="event_results_csv"),
    path("events/<int:pk>/archive/import/", archive_import, name="archive_import"),
]
