"""Publishing an evening from the laptop to the club's hosted site (docs/publishing.md).

Two halves, one contract (the body of ``POST /api/publish/``):

    {"archive": <whistdrive.event/1 document>,
     "members": {"<member public id>": {"online": "full", "results_by_email": true, "email": "…"}}}

- On the hosted site, ``receive`` takes such a body from the club a ``PublishingKey`` belongs to and
  stores the evening all or nothing, through the archive's own import, replacing an earlier copy of the
  same evening (its ``event.public_id``) in the same transaction; ``published`` is sent once it commits.
- On the laptop, ``link`` remembers the hosted site (the key goes into a file only the laptop's user may
  read, never into the database, which is backed up and copied about), ``ask`` queues an evening, and
  ``send_waiting`` sends what waits, from the "Publish results" button, ``whistdrive publish`` and the
  laptop server's own loop (``keep_sending``), until the hosted site takes it or refuses it. Once a club is
  linked nobody need press anything: the loop queues by itself each evening played since the link when its
  last hand is in, and an evening corrected since it was sent (``queue_by_themselves``).
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import logging
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from clubs.models import Club, Member, PublishingKey, PublishingLink
from whistdrive.evening.archive import ArchiveError, export_event, import_event, read_json
from whistdrive.evening.published import published
from whistdrive.store.models import Entrant, Event, Publication
from whistdrive.store.private import private_file, private_folder

# The largest body taken: an archive as large as the import page takes (a 300-table, 24-hand evening is a
# few megabytes), with its members' settings. Above it: 413, nothing read.
LARGEST_BODY = 20 * 1024 * 1024
PUBLIC_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
API_PATH = "/api/publish/"
_KNOWN = {s.value for s in HTTPStatus}
TIMEOUT = 30  # seconds a laptop waits on the hosted site: a big evening's import takes a few seconds


class PublishError(Exception):
    """A publish refused: ``status`` is the HTTP status the hosted site answers, ``message`` what the organiser
    reads, ``problems`` the archive's own lines (one a fault, naming its place)."""

    def __init__(self, status: int, message: str, problems: list[str] | None = None):
        self.status = status
        self.message = message
        self.problems = problems or []
        super().__init__(message)


# -- the hosted side ----------------------------------------------------------------------------------


def key_of(authorization: str) -> PublishingKey:
    """The usable key an ``Authorization: Bearer …`` header carries; PublishError (401, 403) if none."""
    scheme, _, key = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise PublishError(401, "No publishing key: send it as 'Authorization: Bearer <key>'.")
    found = PublishingKey.objects.holding(key.strip())
    if found is None:
        raise PublishError(
            401, "This publishing key is not one of this site's: copy it again from the club's Publishing page."
        )
    if found.revoked is not None:
        raise PublishError(
            403,
            f"This publishing key (…{found.hint}) was revoked on {timezone.localtime(found.revoked):%d %b %Y}: "
            "make a new one on the club's Publishing page and link the laptop again.",
        )
    return found


@dataclass(frozen=True)
class Received:
    event: Event
    replaced: bool  # an earlier copy was replaced (a correction)
    unchanged: bool  # the very same evening was published before: nothing changed


def digest_of(payload: dict) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def read_body(body: bytes) -> dict:
    """The publish body as JSON, or PublishError (422) naming what is wrong with it."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PublishError(422, "The body is not UTF-8 text.") from exc
    try:
        payload = read_json(text)
    except ArchiveError as exc:
        raise PublishError(422, "The body is not a publish of an evening.", exc.problems) from exc
    if not isinstance(payload, dict) or not isinstance(payload.get("archive"), dict):
        raise PublishError(422, "The body is not a publish of an evening.", ['(body): give {"archive": {…}}'])
    return payload


def _settings_problems(members) -> list[str]:
    if not isinstance(members, dict):
        return ["members: must be an object of member public id -> settings"]
    problems = []
    online = {choice for choice, _label in Member.Online.choices}
    for pid, given in members.items():
        where = f"members[{pid!r}]"
        if not PUBLIC_ID.match(pid):
            problems.append(f"{where}: not a member's public id")
        if not isinstance(given, dict):
            problems.append(f"{where}: must be an object with online, results_by_email and email")
            continue
        if given.get("online") not in online:
            problems.append(f"{where}.online: must be one of {', '.join(sorted(online))}")
        if not isinstance(given.get("results_by_email"), bool):
            problems.append(f"{where}.results_by_email: must be true or false")
        email = given.get("email", "")
        try:
            if not isinstance(email, str) or len(email) > 254:
                raise ValidationError("bad")
            if email:
                validate_email(email)
        except ValidationError:
            problems.append(f"{where}.email: not an email address")
    return problems


def receive(key: PublishingKey, payload: dict) -> Received:
    """Store the evening ``payload`` carries for ``key``'s club, all or nothing (PublishError if refused).

    Publishes of one club take turns on the club's row (on SQLite every transaction does already), so two
    publishes of the same evening at once give one evening: the second finds the first and is unchanged."""
    club = key.club
    archive, members = payload["archive"], payload.get("members", {})
    claimed = archive.get("club") if isinstance(archive.get("club"), dict) else {}
    if claimed.get("public_id") is None:
        raise PublishError(
            422,
            "The archive does not say which club it is of.",
            ["club.public_id: give the club's public id (a laptop linked to this site sends it)"],
        )
    if claimed.get("public_id") != club.public_id:
        raise PublishError(
            403,
            f"This evening is of another club ({claimed.get('name')!r}), not {club.name}: a laptop publishes its "
            "own club's evenings, with that club's key. Link the laptop's club to this club again.",
        )
    event_data = archive.get("event") if isinstance(archive.get("event"), dict) else {}
    public_id = event_data.get("public_id")
    if not isinstance(public_id, str) or not PUBLIC_ID.match(public_id):
        raise PublishError(
            422, "The archive has no evening public id.", ["event.public_id: give the evening's public id"]
        )
    problems = _settings_problems(members)
    if problems:
        raise PublishError(422, "The members' settings are not right.", problems)
    digest = digest_of(payload)
    now = timezone.now()
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()
        old = Event.objects.filter(public_id=public_id).select_related("season").first()
        if old is not None and old.club_id != club.pk:
            raise PublishError(409, "An evening of another club has this evening's public id: nothing was stored.")
        if old is not None and not old.published_digest:
            raise PublishError(
                409,
                f"“{old.name}” was run on this site itself, not published from a laptop: a publish cannot replace it.",
            )
        if old is not None and old.published_digest == digest:
            PublishingKey.objects.filter(pk=key.pk).update(last_used=now)
            return Received(old, replaced=False, unchanged=True)
        first_published, season = (old.published_at, old.season) if old is not None else (None, None)
        if old is not None:
            old.delete()
        try:
            event = import_event(archive, club)
        except ArchiveError as exc:
            raise PublishError(422, "The hosted site could not read this evening.", exc.problems) from exc
        _link_members(event, archive, members)
        event.public_id = public_id
        event.published_at = first_published or now
        event.corrected_at = now if old is not None else None
        event.published_digest = digest
        event.season = season
        event.save(update_fields=["public_id", "published_at", "corrected_at", "published_digest", "season"])
        PublishingKey.objects.filter(pk=key.pk).update(last_used=now)
        replaced = old is not None
        transaction.on_commit(lambda: published.send(sender=Event, event=event, replaced=replaced))
    return Received(event, replaced=replaced, unchanged=False)


def _link_members(event: Event, archive: dict, members: dict) -> None:
    """Each archive player with a member's public id, to that member of the club (made when new), with the
    settings the laptop sent; a public id of another club's member refuses the whole publish."""
    wanted = {
        p["id"]: p["public_id"]
        for p in archive["players"]
        if isinstance(p.get("public_id"), str) and PUBLIC_ID.match(p["public_id"])
    }
    bad = [
        f"players[{i}].public_id: not a member's public id"
        for i, p in enumerate(archive["players"])
        if p.get("public_id") is not None and p["id"] not in wanted
    ]
    seen: set[str] = set()
    for i, p in enumerate(archive["players"]):
        if p["id"] in wanted and wanted[p["id"]] in seen:
            bad.append(f"players[{i}].public_id: {p['public_id']!r} is another player's too: a member plays once")
        seen.add(wanted.get(p["id"], ""))
    if bad:
        raise PublishError(422, "The hosted site could not read this evening.", bad)
    if not wanted:
        return
    found = {m.public_id: m for m in Member.objects.filter(public_id__in=wanted.values())}
    others = sorted(pid for pid, m in found.items() if m.club_id != event.club_id)
    if others:
        raise PublishError(409, f"Members of another club have these public ids: {', '.join(others)}.")
    entrants = {e.archive_id: e for e in event.entrants.all()}
    for player_id, public_id in wanted.items():
        entrant = entrants[player_id]
        given = members.get(public_id, {})
        member = found.get(public_id)
        if member is None:
            member = Member(club=event.club, name=entrant.name, role=entrant.role, public_id=public_id)
            found[public_id] = member
        for name in ("online", "results_by_email", "email"):
            if name in given:
                setattr(member, name, given[name])
        member.save()
        entrant.member = member
    Entrant.objects.bulk_update([entrants[p] for p in wanted], ["member"])


class LinkError(Exception):
    """Linking or publishing refused on this side: the message says what to do."""


def publish_here(event: Event) -> None:
    """An evening run on the hosted site itself, put online by its organiser ("Publish results")."""
    if event.status != Event.Status.FINISHED:
        raise LinkError(NOT_FINISHED.format(name=event.name))
    with transaction.atomic():
        first = Event.objects.filter(pk=event.pk, published_at__isnull=True).update(published_at=timezone.now())
        event.refresh_from_db(fields=["published_at"])
        if first:
            transaction.on_commit(lambda: published.send(sender=Event, event=event, replaced=False))


# -- the laptop side ----------------------------------------------------------------------------------


def key_file(club: Club) -> Path:
    return Path(settings.DATA_DIR) / "publishing" / f"club-{club.pk}.key"


def stored_key(club: Club) -> str | None:
    try:
        return key_file(club).read_text().strip() or None
    except OSError:
        return None


def _store_key(club: Club, key: str) -> None:
    path = key_file(club)
    private_folder(path.parent)
    private_file(path)  # made owner-only before the key is written into it
    path.write_text(key + "\n")


def site_problem(site: str) -> str | None:
    """Why ``site`` cannot be published to: only HTTPS leaves the laptop (a key sent in clear could be read
    on the hall's Wi-Fi), but for this machine itself (a test, or a hosted site run beside the laptop)."""
    parts = urllib.parse.urlsplit(site)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        return "Give the hosted site's address, starting https://"
    if parts.scheme == "http":
        host = parts.hostname
        try:
            loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            return "The address must start https://: the key must not cross the internet unencrypted."
    return None


def _request(site: str, key: str, method: str, body: bytes | None = None) -> tuple[int, dict]:
    """One call to the hosted site's API: (status, JSON answer). OSError when it cannot be reached."""
    request = urllib.request.Request(
        site.rstrip("/") + API_PATH,
        data=body,
        method=method,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, text = exc.code, exc.read()
    try:
        answer = json.loads(text)
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        # Not WhistDrive's API answering: a front server's own page (a body over its limit), or another site.
        answer = {"error": f"The hosted site answered {status} {HTTPStatus(status).phrase if status in _KNOWN else ''} "
                  "without WhistDrive's answer: check the site's address."}  # fmt: skip
    return status, answer


def link(club: Club, site: str, key: str) -> PublishingLink:
    """Link the laptop's ``club`` to its hosted site: the key is tried there, the hosted club's public id
    taken (so the archives and the scorecards' QR codes name the hosted pages), and the key kept."""
    site, key = site.strip(), key.strip()
    if problem := site_problem(site):
        raise LinkError(problem)
    try:
        status, answer = _request(site, key, "GET")
    except OSError as exc:
        reason = getattr(exc, "reason", exc)
        raise LinkError(f"Could not reach {site} ({reason}): check the address and the internet.") from None
    if status != 200 or not isinstance(answer.get("club"), dict):
        raise LinkError(f"{site} refused the key ({status}): {answer.get('error', 'no reason given')}")
    hosted = answer["club"]
    public_id = hosted.get("public_id")
    if not isinstance(public_id, str) or not PUBLIC_ID.match(public_id):
        raise LinkError(f"{site} answered without its club's public id: is it a WhistDrive?")
    if Club.objects.exclude(pk=club.pk).filter(public_id=public_id).exists():
        raise LinkError(f"Another club on this laptop is linked to {hosted.get('name')!r} already.")
    with transaction.atomic():
        Club.objects.filter(pk=club.pk).update(public_id=public_id)
        club.public_id = public_id
        row, _made = PublishingLink.objects.update_or_create(
            club=club, defaults={"site": site, "hosted_name": str(hosted.get("name", ""))[:120]}
        )
        _store_key(club, key)
    return row


def unlink(club: Club) -> None:
    PublishingLink.objects.filter(club=club).delete()
    key_file(club).unlink(missing_ok=True)


def payload_of(event: Event) -> dict:
    """What a publish sends: the archive, and the settings of its members (never in the archive's file)."""
    members = Member.objects.filter(entries__event=event).distinct()
    return {
        "archive": export_event(event),
        "members": {
            m.public_id: {"online": m.online, "results_by_email": m.results_by_email, "email": m.email} for m in members
        },
    }


NOT_FINISHED = "“{name}” is not finished yet: publish it once its last hand is in."


def ask(event: Event) -> Publication:
    """Queue ``event`` to be published (again: a correction), whatever happened to it before. Only a finished
    evening is published: its results are final (a part-played one would show standings that change)."""
    if event.status != Event.Status.FINISHED:
        raise LinkError(NOT_FINISHED.format(name=event.name))
    publication, _made = Publication.objects.update_or_create(
        event=event,
        defaults={"state": Publication.State.WAITING, "asked": timezone.now(), "message": "", "tries": 0},
    )
    return publication


def send(publication: Publication) -> Publication:
    """One try at sending a waiting evening; the publication says how it went."""
    event = publication.event
    club = event.club
    site = PublishingLink.objects.filter(club=club).values_list("site", flat=True).first()
    key = stored_key(club)
    now = timezone.now()
    publication.tries += 1
    publication.revision = event.revision  # what this try sends: a later correction is sent again
    if site is None or key is None:
        publication.state = Publication.State.REFUSED
        publication.message = "This club is not linked to a hosted site: link it on the club's Publishing page."
        publication.save()
        return publication
    payload = payload_of(event)
    body = json.dumps(payload, ensure_ascii=False).encode()
    try:
        status, answer = _request(site, key, "POST", body)
    except OSError as exc:
        publication.unreachable_since = publication.unreachable_since or now
        publication.message = f"The hosted site could not be reached ({getattr(exc, 'reason', exc)})."
        publication.save()
        return publication
    if status in (200, 201) and answer.get("public_id") != payload["archive"]["event"]["public_id"]:
        # A redirect (http:// to https://) turns a POST into a GET, which answers the club: nothing was taken.
        publication.state = Publication.State.REFUSED
        publication.message = (
            f"{site} answered without taking the evening (redirected?): link again with the address it "
            "redirects to, starting https://."
        )
    elif status in (200, 201):
        publication.state = Publication.State.SENT
        publication.sent = now
        publication.unreachable_since = None
        publication.url = str(answer.get("url", ""))[:200]
        publication.message = str(answer.get("message", ""))
        Event.objects.filter(pk=event.pk).update(published_at=now)
    elif status >= 500 or status in (408, 429, 502, 503, 504):
        # The site is there but cannot take it now (an upgrade, a restart): try again, as when unreachable.
        publication.unreachable_since = publication.unreachable_since or now
        publication.message = f"The hosted site could not take it now ({status}): {answer.get('error', '')}".strip()
    else:
        publication.state = Publication.State.REFUSED
        publication.unreachable_since = None
        lines = [str(answer.get("error") or f"Refused ({status}).")]
        lines += [str(p) for p in answer.get("problems", [])[:50]]
        publication.message = "\n".join(lines)
    publication.save()
    return publication


def queue_by_themselves() -> list[Publication]:
    """Queue, without anyone pressing "Publish results", each finished evening of a linked club that was made
    or played since the link and was never queued, and each evening whose results changed (a correction) since
    they were last sent. An evening refused stays refused until it changes or the organiser asks again."""
    queued = []
    for link in PublishingLink.objects.all():
        finished = Event.objects.filter(club_id=link.club_id, status=Event.Status.FINISHED)
        new = finished.filter(publication__isnull=True).filter(
            Q(created__gte=link.linked) | Q(hand_started__gte=link.linked)
        )
        changed = finished.filter(publication__state__in=[Publication.State.SENT, Publication.State.REFUSED]).exclude(
            publication__revision=F("revision")
        )
        queued += [ask(event) for event in [*new, *changed]]
    return queued


_sending = threading.Lock()


def send_waiting() -> list[Publication]:
    """Send every evening waiting to be published, one at a time (one process's threads take turns), after
    queuing those that publish by themselves."""
    with _sending:
        queue_by_themselves()
        waiting = Publication.objects.filter(state=Publication.State.WAITING).select_related("event__club")
        return [send(p) for p in waiting]


def keep_sending(stop: threading.Event, every: float | None = None) -> None:
    """The laptop server's loop: send what waits at once, then every ``every`` seconds until ``stop``."""
    every = every if every is not None else settings.WHISTDRIVE_PUBLISH_RETRY_SECONDS
    while True:
        try:
            send_waiting()
        except Exception:  # a bug is logged, and the loop lives on: the evening stays queued
            logging.getLogger(__name__).exception("sending the evenings waiting to be published")
        if stop.wait(every):
            return


def start_sending() -> threading.Event:
    """Start ``keep_sending`` in a thread of its own; set the returned event to stop it."""
    stop = threading.Event()
    threading.Thread(target=keep_sending, args=(stop,), name="publishing", daemon=True).start()
    return stop


def status_words(publication: Publication | None) -> str:
    """What the organiser's pages say of an evening's publishing."""
    if publication is None:
        return ""
    if publication.state == Publication.State.SENT and publication.sent is not None:
        return f"Published {timezone.localtime(publication.sent):%H:%M}"
    if publication.state == Publication.State.REFUSED:
        return f"Not published: {publication.message}"
    if publication.unreachable_since is not None:
        return f"Waiting to publish: no internet since {timezone.localtime(publication.unreachable_since):%H:%M}"
    return "Waiting to publish"
