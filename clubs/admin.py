"""The organiser's escape hatch. Non-superusers see and change only their own clubs' rows."""

from django.contrib import admin

from clubs.models import Club, ClubAccess, FormatPreset, Member, Season


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
        if not request.user.is_superuser and db_field.name == "club":
            field.queryset = Club.objects.for_user(request.user, ("organiser",))
        return field


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_path = "pk"
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


@admin.register(Member)
class MemberAdmin(ClubScopedAdmin):
    list_display = ["name", "club", "role", "membership_number", "active", "is_guest"]
    list_filter = ["active", "role", "is_guest"]
    search_fields = ["name", "membership_number", "email"]


@admin.register(Season)
class SeasonAdmin(ClubScopedAdmin):
    list_display = ["name", "club", "starts", "ends", "counting", "best"]
    search_fields = ["name"]


@admin.register(FormatPreset)
class FormatPresetAdmin(ClubScopedAdmin):
    list_display = ["name", "club"]
    search_fields = ["name"]
