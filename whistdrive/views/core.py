"""The organiser's home page and the health check."""

from django.contrib.auth.decorators import login_not_required
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from clubs.models import Club
from whistdrive.models import Event


def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.for_user(request.user)
    events = Event.objects.for_user(request.user).select_related("club")[:50]
    return render(request, "whistdrive/home.html", {"clubs": clubs, "events": events})


@login_not_required
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers; 503 with the reason when it does not."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return JsonResponse({"status": "error", "database": str(exc)}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})
