"""URLs grouped by audience: organiser pages (login), table phones, players, the public board.

Each area's views module keeps its own ``urlpatterns`` beside its views.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from whistdrive.web.views import core

urlpatterns = [
    # Phones at the tables and players' personal pages (no login; the token is the key). First: they
    # are nearly every request of an evening, and Django tries the patterns in order. Last, resolving
    # a phone's tap first failed the 86 patterns before them, a tenth of a millisecond a request
    # (docs/benchmarks.md). Their paths start with t/ and p/, which no other pattern does.
    path("", include("whistdrive.web.views.table")),
    path("", include("whistdrive.web.views.player")),
    # Self check-in from the door poster's QR code (no login: the code is the key, while the door is open).
    path("", include("whistdrive.web.views.door")),
    # The club's published results (no login; docs/results-online.md).
    path("", include("whistdrive.web.views.public")),
    path("", core.home, name="home"),
    path("healthz", core.healthz, name="healthz"),
    # Logging in and a forgotten password (by email where the site sends email).
    path("", include("whistdrive.web.views.passwords")),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("admin/", admin.site.urls),
    path("clubs/", include("clubs.urls")),
    # A club's season table (its pages are the web's: they draw from the evening's standings and print).
    path("clubs/", include("whistdrive.web.views.season")),
    # A member's own data, downloaded and erased (docs/privacy.md).
    path("clubs/", include("whistdrive.web.views.privacy")),
    # A club's reusable table cards: printed from the club, and the no-login c/<token>/ they lead to.
    path("", include("whistdrive.web.views.club_tables")),
    # Organiser pages for one event: set-up and the desk, the live evening, standings, printing, archive.
    path("", include("whistdrive.web.views.setup")),
    path("", include("whistdrive.web.views.live")),
    path("", include("whistdrive.web.views.standings")),
    path("", include("whistdrive.web.views.printing")),
    path("", include("whistdrive.web.views.archive")),
    path("", include("whistdrive.web.views.publishing")),
    # The evening's money: the ledger, the treasurer's sheet, and payments marked at the desk.
    path("", include("whistdrive.web.views.money")),
    # The draws: the raffle, the mystery card number, the lucky table, and their audit trail.
    path("", include("whistdrive.web.views.draws")),
    # Running clubs without the admin: adding one, its organisers, closing it, deleting an evening.
    path("", include("whistdrive.web.views.running_clubs")),
    # Phones finding the laptop again after it was replaced: the board's "scan to rejoin" code.
    path("", include("whistdrive.web.views.rejoin")),
]

# Pages in the site's style that say what to do (whistdrive/web/errors.py).
handler400 = "whistdrive.web.errors.bad_request"
handler403 = "whistdrive.web.errors.permission_denied"
handler404 = "whistdrive.web.errors.page_not_found"
handler500 = "whistdrive.web.errors.server_error"
