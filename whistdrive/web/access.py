"""Who may see and change an event: every organiser view of an event goes through ``event_for``.

An event of a club the user has no access to is a 404 (its existence is not revealed); one they can
see but not change at their role is a 403. The club's own rules are in ``clubs/access.py``.
"""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.access import ANY_ROLE
from whistdrive.store.models import Event


def event_for(request: HttpRequest, pk: int, roles: tuple[str, ...] = ANY_ROLE) -> Event:
    event = get_object_or_404(Event.objects.for_user(request.user).select_related("club", "season"), pk=pk)
    if event.club.role_of(request.user) not in roles:
        raise PermissionDenied("Your role in this club does not allow that.")
    return event
