"""Publishing (docs/publishing.md): the hosted site's API a laptop publishes to, the club's Publishing page
(keys on the hosted site; the link to the hosted site on a laptop) and an evening's "Publish results"."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from clubs.access import ORGANISER, club_for
from clubs.models import PublishingKey, PublishingLink
from whistdrive.evening import publishing
from whistdrive.store.models import Event, Publication
from whistdrive.web.access import event_for


def _refusal(error: publishing.PublishError) -> JsonResponse:
    response = JsonResponse({"error": error.message, "problems": error.problems}, status=error.status)
    if error.status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="whistdrive publishing"'
    return response


@csrf_exempt  # a laptop's call with its key, not a browser's form: no cookie, no session
@login_not_required
def api_publish(request: HttpRequest) -> HttpResponse:
    """``GET``: the key's club (what linking learns). ``POST``: an evening published (docs/publishing.md)."""
    if not settings.HOSTED:
        raise Http404("Only a hosted WhistDrive takes published evenings.")
    if request.method not in ("GET", "POST"):
        response = JsonResponse({"error": f"{request.method} is not taken here: POST an evening."}, status=405)
        response["Allow"] = "GET, POST"
        return response
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > publishing.LARGEST_BODY:
        response = JsonResponse(
            {"error": f"The evening is {length // 1024} KB, over the {publishing.LARGEST_BODY // (1024 * 1024)} MB "
             "a publish may be: nothing was read.", "problems": []},
            status=413,
        )  # fmt: skip
        response["Connection"] = "close"
        return response
    try:
        key = publishing.key_of(request.headers.get("Authorization", ""))
        club = key.club
        if request.method == "GET":
            return JsonResponse({"club": {"name": club.name, "public_id": club.public_id}})
        received = publishing.receive(key, publishing.read_body(request.body))
    except publishing.PublishError as error:
        return _refusal(error)
    event = received.event
    if received.unchanged:
        message = f"“{event.name}” was published already, as it is: nothing changed."
    elif received.replaced:
        message = f"“{event.name}” is corrected online."
    else:
        message = f"“{event.name}” is online."
    return JsonResponse(
        {
            "message": message,
            "public_id": event.public_id,
            "replaced": received.replaced,
            "unchanged": received.unchanged,
            "url": request.build_absolute_uri(f"/results/{club.public_id}/evenings/{event.public_id}/"),
        },
        status=200 if received.unchanged or received.replaced else 201,
    )


# -- the club's Publishing page --------------------------------------------------------------------


class LinkForm(forms.Form):
    site = forms.URLField(
        label="The hosted site's address",
        max_length=200,
        assume_scheme="https",
        help_text="e.g. https://results.example.org/",
    )
    key = forms.CharField(label="Publishing key", max_length=100, strip=True, widget=forms.PasswordInput)

    def clean_site(self) -> str:
        site = self.cleaned_data["site"]
        if problem := publishing.site_problem(site):
            raise forms.ValidationError(problem)
        return site


def club_publishing(request: HttpRequest, pk: int) -> HttpResponse:
    """Hosted: the club's publishing keys (make one, shown once; revoke). Laptop: link to the hosted site."""
    club = club_for(request, pk, ORGANISER)
    if settings.HOSTED:
        keys = club.publishing_keys.select_related("created_by")
        return render(request, "clubs/publishing_keys.html", {"club": club, "keys": keys, "new_key": None})
    form = LinkForm(request.POST or None)
    link = PublishingLink.objects.filter(club=club).first()
    if request.method == "POST" and form.is_valid():
        try:
            link = publishing.link(club, form.cleaned_data["site"], form.cleaned_data["key"])
        except publishing.LinkError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"Linked to {link.hosted_name} at {link.site}: evenings publish there.")
            return redirect("club_publishing", pk=club.pk)
    context = {"club": club, "form": form, "link": link, "has_key": publishing.stored_key(club) is not None}
    return render(request, "clubs/publishing_link.html", context, status=400 if form.errors else 200)


@require_POST
def club_publishing_key(request: HttpRequest, pk: int) -> HttpResponse:
    """Hosted: a new publishing key, shown on this one answer and never again."""
    club = club_for(request, pk, ORGANISER)
    if not settings.HOSTED:
        raise Http404("Publishing keys are made on the hosted site.")
    row, key = PublishingKey.objects.make(club, request.user)
    keys = club.publishing_keys.select_related("created_by")
    return render(request, "clubs/publishing_keys.html", {"club": club, "keys": keys, "new_key": key, "row": row})


@require_POST
def club_publishing_revoke(request: HttpRequest, pk: int, key_pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    key = get_object_or_404(club.publishing_keys, pk=key_pk)
    if key.revoked is None:
        key.revoked = timezone.now()
        key.save(update_fields=["revoked"])
    messages.success(request, f"Key …{key.hint} is revoked: a laptop holding it can no longer publish.")
    return redirect("club_publishing", pk=club.pk)


@require_POST
def club_publishing_unlink(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    publishing.unlink(club)
    messages.success(request, "The laptop is no longer linked: its key is deleted from this laptop.")
    return redirect("club_publishing", pk=club.pk)


# -- an evening's "Publish results" ------------------------------------------------------------------


@require_POST
def event_publish(request: HttpRequest, pk: int) -> HttpResponse:
    """Hosted: the evening goes online. Laptop: it is queued and sent now if the hosted site answers."""
    event = event_for(request, pk, ORGANISER)
    try:
        if settings.HOSTED:
            publishing.publish_here(event)
            messages.success(request, f"“{event.name}” is online.")
            return redirect(event.get_absolute_url())
        if not PublishingLink.objects.filter(club=event.club).exists():
            messages.error(request, "Link the club to its hosted site first (the club's Publishing page).")
            return redirect(event.get_absolute_url())
        publication = publishing.ask(event)
    except publishing.LinkError as exc:
        messages.error(request, str(exc))
        return redirect(event.get_absolute_url())
    publication = publishing.send(publication)
    words = publishing.status_words(publication)
    if publication.state == Publication.State.REFUSED:
        messages.error(request, words)
    elif publication.state == Publication.State.SENT:
        messages.success(request, words)
    else:
        messages.warning(request, words + ". It is sent by itself when the hosted site answers.")
    return redirect(event.get_absolute_url())


def publishing_context(event: Event) -> dict:
    """What the event's and the live page say of its publishing, for ``whistdrive/_publishing.html``."""
    if settings.HOSTED:
        return {"hosted": True, "published_at": event.published_at, "finished": event.status == Event.Status.FINISHED}
    publication = Publication.objects.filter(event=event).first()
    return {
        "hosted": False,
        "linked": PublishingLink.objects.filter(club_id=event.club_id).exists(),
        "publication": publication,
        "words": publishing.status_words(publication),
        "finished": event.status == Event.Status.FINISHED,
    }


urlpatterns = [
    path("api/publish/", api_publish, name="api_publish"),
    path("clubs/<int:pk>/publishing/", club_publishing, name="club_publishing"),
    path("clubs/<int:pk>/publishing/keys/", club_publishing_key, name="club_publishing_key"),
    path("clubs/<int:pk>/publishing/keys/<int:key_pk>/revoke/", club_publishing_revoke, name="club_publishing_revoke"),
    path("clubs/<int:pk>/publishing/unlink/", club_publishing_unlink, name="club_publishing_unlink"),
    path("events/<int:pk>/publish/", event_publish, name="event_publish"),
]
