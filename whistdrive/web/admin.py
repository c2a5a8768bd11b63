"""Admin for the evening's rows, scoped to the clubs the user organises."""

from django import forms
from django.contrib import admin, messages
from django.shortcuts import redirect

from clubs.admin import ClubScopedAdmin
from clubs.models import Member
from whistdrive.evening import running
from whistdrive.evening.privacy import erase_member
from whistdrive.store.models import Entrant, Event, Flag, Result, Seating, Submission, Table


def _event_of(row) -> Event:
    if isinstance(row, Event):
        return row
    if isinstance(row, (Result, Flag)):
        return row.table.event
    return row.event


class EveningAdmin(ClubScopedAdmin):
    """An edit in the admin is a change the organiser makes: it bumps the event's revision, as the
    evening's own pages do, so every page of the evening is drawn again (whistdrive/store/cache.py)."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        _event_of(obj).bump()

    def delete_model(self, request, obj):
        event = _event_of(obj)
        super().delete_model(request, obj)
        if not isinstance(obj, Event):
            event.bump()

    def delete_queryset(self, request, queryset):
        events = {_event_of(row).pk for row in queryset if not isinstance(row, Event)}
        super().delete_queryset(request, queryset)
        for event in Event.objects.filter(pk__in=events):
            event.bump()


@admin.register(Event)
class EventAdmin(EveningAdmin):
    """An evening is deleted on its own page (``event_delete``: its name typed), which takes its submissions
    with it; the admin's delete stops at them, as nobody may delete one by one."""

    actions = None
    list_display = ["name", "club", "date", "kind", "movement", "status", "current_hand"]
    list_filter = ["status", "kind", "movement"]
    search_fields = ["name", "venue"]
    date_hierarchy = "date"

    def delete_view(self, request, object_id, extra_context=None):
        return redirect("event_delete", pk=object_id)


@admin.register(Entrant)
class EntrantAdmin(EveningAdmin):
    club_path = "event__club"
    list_display = ["name", "event", "card_number", "role", "joined_hand", "left_after_hand"]
    search_fields = ["name"]
    list_select_related = ["event"]
    exclude = ["token"]


@admin.register(Table)
class TableAdmin(EveningAdmin):
    club_path = "event__club"
    list_display = ["number", "event"]
    exclude = ["token"]


@admin.register(Seating)
class SeatingAdmin(EveningAdmin):
    club_path = "event__club"
    list_display = ["event", "hand", "table", "seat", "entrant"]
    list_filter = ["hand"]
    search_fields = ["entrant__name"]


class ResultAdminForm(forms.ModelForm):
    """A result the admin adds or moves must belong where the evening has been: a hand the table is
    seated for and the evening has reached. Anywhere else it would stand in no hand the standings know."""

    class Meta:
        model = Result
        fields = "__all__"  # noqa: DJ007 - the admin decides which fields it shows

    def clean(self):
        cleaned = super().clean()
        table, hand = cleaned.get("table"), cleaned.get("hand")
        if table is None or hand is None:
            return cleaned
        event = table.event
        if not event.started or hand > running.last_open_hand(event):
            self.add_error(
                "hand",
                f"Hand {hand} has not been reached at {event.name}: a result can be set up to hand "
                f"{running.last_open_hand(event) if event.started else 0}.",
            )
        elif Seating.objects.at_table(table, hand).count() < 4:
            self.add_error(
                "table", f"Table {table.number} has no four players in hand {hand}: nothing was played there."
            )
        return cleaned


@admin.register(Result)
class ResultAdmin(EveningAdmin):
    club_path = "table__event__club"
    form = ResultAdminForm
    list_display = ["table", "hand", "tricks_ns", "tricks_ew", "revoke", "source", "updated"]
    list_filter = ["source"]


@admin.register(Submission)
class SubmissionAdmin(ClubScopedAdmin):
    """Read-only: the submission log is append-only evidence."""

    club_path = "table__event__club"
    list_display = ["created", "table", "hand", "action", "seat", "tricks_ns", "tricks_ew", "outcome"]
    list_filter = ["action"]

    def has_add_permission(self, request):
        return False  # a submission is what a phone or the organiser's pages offered, never made by hand

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Flag)
class FlagAdmin(EveningAdmin):
    club_path = "table__event__club"
    list_display = ["table", "hand", "reason", "created", "resolved"]


@admin.register(Member)
class MemberAdmin(ClubScopedAdmin):
    """Deleting a member here erases them (``erase_member``), as their page does: the row stays, nameless, so
    their evenings' results and the seasons' tables stand, and their name leaves every evening."""

    list_display = ["name", "club", "role", "membership_number", "email", "phone", "active", "is_guest", "erased"]
    list_filter = ["active", "role", "is_guest"]
    search_fields = ["name", "membership_number", "email", "phone"]
    list_select_related = ["club"]

    def delete_model(self, request, obj):
        erase_member(obj)

    def delete_queryset(self, request, queryset):
        for member in queryset.select_related("club"):
            erase_member(member)

    def response_delete(self, request, obj_display, obj_id):
        response = super().response_delete(request, obj_display, obj_id)
        messages.info(request, "A deleted member is erased: their details are gone and their evenings' results stand.")
        return response
