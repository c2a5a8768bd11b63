"""The organiser's home page and the health check."""

from django.contrib.auth.decorators import login_not_required
from django.db import DatabaseError
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from clubs.models import Club, ClubAccess, Member
from whistdrive.store.models import Event
from whistdrive.web.health import health_answer


def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.for_user(request.user).annotate(
        # What a new club lacks: the home page says what to do first, with the links.
        has_members=Exists(Member.objects.filter(club=OuterRef("pk"))),
        has_events=Exists(Event.objects.filter(club=OuterRef("pk"))),
    )
    organising = set(
        Club.objects.for_user(request.user, roles=(ClubAccess.Role.ORGANISER,)).values_list("pk", flat=True)
    )
    events = Event.objects.for_user(request.user).select_related("club")[:50]
    return render(request, "whistdrive/home.html", {"clubs": clubs, "events": events, "organising": organising})


@login_not_required
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers and can be written; 503 when not.

    Only someone logged in is told which database and why: the driver's message names the
    database's host, port and role, which is nobody else's business.
    """
    return health_answer(details=_logged_in(request))


def _logged_in(request: HttpRequest) -> bool:
    try:
        return request.user.is_authenticated
    except DatabaseError:  # the session or the user cannot be read: the database is what failed
        return False
