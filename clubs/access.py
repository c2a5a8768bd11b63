"""Who may see and change a club's data. Every organiser view goes through these helpers (an event's
views through ``whistdrive.web.access.event_for``).

A club the user has no access to is a 404 (its existence is not revealed); a club they can
see but not change at their role is a 403.
"""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django_htmx.middleware import HtmxDetails

from clubs.models import Club, ClubAccess


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it, for the type checker: ``request.htmx`` is set on
    every request (settings.MIDDLEWARE), so a view that asks it takes this type (django-htmx's own advice)."""

    htmx: HtmxDetails


ORGANISER = (ClubAccess.Role.ORGANISER,)
ANY_ROLE = (ClubAccess.Role.ORGANISER, ClubAccess.Role.SCORER)


def club_for(request: HttpRequest, pk: int, roles: tuple[str, ...] = ANY_ROLE) -> Club:
    club = get_object_or_404(Club.objects.for_user(request.user), pk=pk)
    if club.role_of(request.user) not in roles:
        raise PermissionDenied("Your role in this club does not allow that.")
    return club
