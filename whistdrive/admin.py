"""Admin for the evening's rows, scoped to the clubs the user organises."""

from django.contrib import admin

from clubs.admin import ClubScopedAdmin
from whistdrive.models import Entrant, Event, Flag, Result, Seating, Submission, Table


@admin.register(Event)
class EventAdmin(ClubScopedAdmin):
    list_display = ["name", "club", "date", "kind", "movement", "status", "current_hand"]
    list_filter = ["status", "kind", "movement"]
    search_fields = ["name", "venue"]
    date_hierarchy = "date"


@admin.register(Entrant)
class EntrantAdmin(ClubScopedAdmin):
    club_path = "event__club"
    list_display = ["name", "event", "card_number", "role", "joined_hand", "left_after_hand"]
    search_fields = ["name"]
    list_select_related = ["event"]
    exclude = ["token"]


@admin.register(Table)
class TableAdmin(ClubScopedAdmin):
    club_path = "event__club"
    list_display = ["number", "event"]
    exclude = ["token"]


@admin.register(Seating)
class SeatingAdmin(ClubScopedAdmin):
    club_path = "event__club"
    list_display = ["event", "hand", "table", "seat", "entrant"]
    list_filter = ["hand"]
    search_fields = ["entrant__name"]


@admin.register(Result)
class ResultAdmin(ClubScopedAdmin):
    club_path = "table__event__club"
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
class FlagAdmin(ClubScopedAdmin):
    club_path = "table__event__club"
    list_display = ["table", "hand", "reason", "created", "resolved"]
