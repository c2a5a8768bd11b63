"""Logging in, and a forgotten password: Django's own views, with the site's pages.

A password is reset by email only where the site can send email (``settings.EMAIL_CONFIGURED``: WHISTDRIVE_EMAIL_HOST
set). Otherwise the login page and the reset page say to ask the site's administrator, who sets a new one with
``whistdrive changepassword NAME`` (docs/privacy.md, "Passwords").
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
from django.urls import path, reverse_lazy


class LoginView(auth_views.LoginView):
    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "email_configured": settings.EMAIL_CONFIGURED}


class PasswordResetView(auth_views.PasswordResetView):
    success_url = reverse_lazy("password_reset_done")

    def dispatch(self, request, *args, **kwargs):
        if not settings.EMAIL_CONFIGURED:
            # No email to send a link by: say who can help rather than promise an email that never comes.
            return render(request, "registration/password_reset_unavailable.html", status=200)
        return super().dispatch(request, *args, **kwargs)


urlpatterns = [
    path("login/", LoginView.as_view(), name="login"),
    # Django's own views say they need no login on their ``dispatch``, which PasswordResetView's overrides.
    path("password/reset/", login_not_required(PasswordResetView.as_view()), name="password_reset"),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("password_reset_complete")),
        name="password_reset_confirm",
    ),
    path("password/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]
