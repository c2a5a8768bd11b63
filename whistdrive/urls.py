"""URLs grouped by audience: organiser pages (login), table phones, players, the public board."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from whistdrive.views import core

urlpatterns = [
    path("", core.home, name="home"),
    path("healthz", core.healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("admin/", admin.site.urls),
    path("clubs/", include("clubs.urls")),
]
