"""The organiser's escape hatch. Non-superusers see and change only their own clubs' rows."""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.shortcuts import redirect

from clubs.models import Club, ClubAccess, FormatPreset, Season


class ClubScopedAdmin(admin.ModelAdmin):
    """Limits every list, edit and foreign-key choice to the clubs the user organises."""

    club_path = "club"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.club_path}__in": Club.objects.for_user(request.user, ("organiser",))})

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        path = _club_path_of(db_field.related_model)
        if field is not None and not request.user.is_superuser and path:
            # Every choice list (an entrant's event or member, an event's season…) shows only the
            # user's own clubs' rows: another club's names must not leak through a drop-down.
            clubs = Club.objects.for_user(request.user, ("organiser",))
            field.queryset = field.queryset.filter(**{f"{path}__in": clubs})
        elif field is not None and not request.user.is_superuser and db_field.related_model is get_user_model():
            # Nor another club's people: only the accounts that share one of the user's clubs.
            clubs = Club.objects.for_user(request.user, ("organiser",))
            field.queryset = field.queryset.filter(club_access__club__in=clubs).distinct()
        return field


def _club_path_of(model) -> str | None:
    """How rows of ``model`` reach their club, or None for models outside any club (users)."""
    if model is Club:
        return "pk"
    names = {f.name for f in model._meta.get_fields()}
    for path, first in (("club", "club"), ("event__club", "event"), ("table__event__club", "table")):
        if first in names:
            return path
    return None


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    """A club is closed on its own page (``club_close``: its archive downloaded, its name typed), never here:
    the admin's delete stops at the evenings' submissions, which nobody may delete one by one."""

    club_path = "pk"
    actions = None

    def delete_view(self, request, object_id, extra_context=None):
        return redirect("club_close", pk=object_id)

    list_display = ["name", "paper_size", "created"]
    search_fields = ["name"]

    def get_queryset(self, request):
        queryset = admin.ModelAdmin.get_queryset(self, request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(pk__in=Club.objects.for_user(request.user, ("organiser",)))


@admin.register(ClubAccess)
class ClubAccessAdmin(ClubScopedAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role"]
    search_fields = ["user__username", "club__name"]
    list_select_related = ["user", "club"]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "user" and not request.user.is_superuser:
            # Not a list of every account on the server: the organiser types the login name of the
            # person they give access to, which they know already.
            return forms.ModelChoiceField(
                queryset=get_user_model().objects.all(),
                to_field_name="username",
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
                label="Login name",
                help_text="The login name of the person's WhistDrive account.",
                error_messages={"invalid_choice": "No account has that login name."},
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        # An existing access changes its role or club; another person means another access row.
        if obj is not None and not request.user.is_superuser:
            return ["user"]
        return []


@admin.register(Season)
class SeasonAdmin(ClubScopedAdmin):
    list_display = ["name", "club", "starts", "ends", "counting", "best"]
    list_filter = ["counting"]
    search_fields = ["name"]
    list_select_related = ["club"]


@admin.register(FormatPreset)
class FormatPresetAdmin(ClubScopedAdmin):
    list_display = ["name", "club"]
    search_fields = ["name"]
