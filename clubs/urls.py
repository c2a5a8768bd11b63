from django.urls import include, path

from clubs import views

urlpatterns = [
    path("<int:pk>/", views.club, name="club"),
    path("<int:pk>/members/", views.members, name="members"),
    path("<int:pk>/members/add/", views.member_add, name="member_add"),
    path("<int:pk>/members/<int:member_pk>/", views.member_edit, name="member_edit"),
    path("<int:pk>/members/<int:member_pk>/merge/", views.member_merge, name="member_merge"),
    path("<int:pk>/members/export.csv", views.members_export, name="members_export"),
    path("<int:pk>/members/import/", views.members_import, name="members_import"),
    path("<int:pk>/members/import/confirm/", views.members_import_confirm, name="members_import_confirm"),
    path("<int:pk>/seasons/", views.seasons, name="seasons"),
    path("<int:pk>/seasons/add/", views.season_add, name="season_add"),
    path("<int:pk>/seasons/<int:season_pk>/", views.season_edit, name="season_edit"),
    path("<int:pk>/evenings/", views.club_evenings, name="club_evenings"),
    path("<int:pk>/presets/<int:preset_pk>/delete/", views.preset_delete, name="preset_delete"),
    path("", include("clubs.league_views")),
]
