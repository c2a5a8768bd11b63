"""Each player told: when an evening's results are published on the hosted site, every member who played it,
gave an email and agreed (``Member.results_by_email``) gets one email with their own card and the evening's
results (docs/publishing.md, "Players told by email").

Once per member and evening: a ``ResultEmail`` row is made before the email is sent, and its unique constraint
lets only one sender make it, so two publishes at once (or a correction published again) send nothing twice.
Sending happens after the publish has committed and cannot undo it; an email the mail server refused stays
"failed" on the row, is counted on the evening's page, and `whistdrive send_result_emails` tries it again.
"""

from __future__ import annotations

import logging
import smtplib
import threading
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.dateformat import format as date_format

from clubs.models import Member
from whistdrive.evening import pairs, scores
from whistdrive.evening.phones.words import trump_view
from whistdrive.evening.public_links import people_shown, player_url
from whistdrive.store.models import Entrant, Event, ResultEmail

log = logging.getLogger(__name__)

# How many lines of the standings the email shows (the rest are on the hosted site).
TOP = 10
# A "sending" row older than this was left by a sender that died mid-way: the command takes it up again.
ABANDONED = timedelta(minutes=15)


@dataclass(frozen=True)
class Tally:
    sent: int
    failed: int
    sending: int

    def __bool__(self) -> bool:
        return bool(self.sent or self.failed or self.sending)


def tally(event: Event) -> Tally:
    """The evening's emails so far, for its page: "Emails: 31 sent, 2 failed"."""
    counts = ResultEmail.objects.filter(event_public_id=event.public_id).aggregate(
        sent=Count("pk", filter=Q(status=ResultEmail.Status.SENT)),
        failed=Count("pk", filter=Q(status=ResultEmail.Status.FAILED)),
        sending=Count("pk", filter=Q(status=ResultEmail.Status.SENDING)),
    )
    return Tally(**counts)


def on_published(sender, *, replaced: bool = False, **kwargs) -> None:
    """The ``published`` signal's listener (whistdrive/apps.py). ``sender`` is the Event (or an ``event=`` or
    ``instance=`` argument is). Emails go once the transaction the signal was sent in (if any) has committed. A
    correction (``replaced``) sends nothing to those told already: they were told the results were provisional, and
    their page shows the correction; anyone not told yet is told now, and an email that failed is tried again."""
    event = kwargs.get("event") or kwargs.get("instance") or sender
    if not isinstance(event, Event) or not settings.EMAIL_CONFIGURED or not settings.HOSTED:
        return  # a laptop emails nobody: the hosted site it publishes to does
    pk = event.pk
    transaction.on_commit(lambda: _start(pk))


def _start(pk: int) -> None:
    """Tell the players, by default in a thread of its own: the laptop's publish is answered without waiting on
    the mail server (40 emails to a slow one take seconds). A process that stops mid-way leaves rows "sending",
    which the command takes up again (``ABANDONED``)."""
    if settings.RESULT_EMAILS_IN_BACKGROUND:
        threading.Thread(target=_tell_in_background, args=(pk,), name=f"result-emails-{pk}").start()
    else:
        retry(Event.objects.select_related("club").get(pk=pk))


def _tell_in_background(pk: int) -> None:
    try:
        retry(Event.objects.select_related("club").get(pk=pk))
    except Exception:  # a bug, not a refusal (those are kept on the rows): logged, as the request is long answered
        log.exception("Telling the players of event %s failed", pk)
    finally:
        connection.close()  # this thread's own connection, opened by the queries above


def entrants_to_tell(event: Event):
    """The evening's entrants who are members with an email and agreed; never a guest. A member hidden online
    is told all the same: the email is theirs alone."""
    return (
        event.entrants.filter(
            member__isnull=False,
            member__results_by_email=True,
            member__is_guest=False,
            member__erased__isnull=True,
        )
        .exclude(member__email="")
        .select_related("member")
        .order_by("card_number")
    )


def tell_players(event: Event) -> Tally:
    """Email every player of ``event`` who should be told and has not been (a row claimed here, and only here,
    for each); returns the evening's tally after. Nothing is sent for an evening that is not published."""
    if event.published_at is None or not settings.EMAIL_CONFIGURED:
        return tally(event)
    claimed = [(entrant, row) for entrant in entrants_to_tell(event) if (row := _claim_new(event, entrant.member))]
    _send(event, claimed)
    return tally(event)


def retry(event: Event, *, now=None) -> Tally:
    """Send again what failed for ``event`` (and what a sender that died left "sending"), and tell anyone not yet
    told. Each row is taken by a compare-and-set on its status, so a retry and a publish never both send it."""
    now = now or timezone.now()
    rows = ResultEmail.objects.filter(event_public_id=event.public_id).filter(
        Q(status=ResultEmail.Status.FAILED) | Q(status=ResultEmail.Status.SENDING, claimed__lt=now - ABANDONED)
    )
    by_member = {e.member_id: e for e in entrants_to_tell(event)}
    taken = []
    for row in rows:
        entrant = by_member.get(row.member_id)
        if entrant is None:  # no longer agrees, or has no address now: nothing was sent, and nothing is to be
            ResultEmail.objects.filter(pk=row.pk, status=row.status, claimed=row.claimed).delete()
            continue
        if ResultEmail.objects.filter(pk=row.pk, status=row.status, claimed=row.claimed).update(
            status=ResultEmail.Status.SENDING, claimed=now
        ):
            row.status, row.claimed = ResultEmail.Status.SENDING, now
            taken.append((entrant, row))
    _send(event, taken)
    return tell_players(event)


def _claim_new(event: Event, member: Member) -> ResultEmail | None:
    try:
        with transaction.atomic():
            return ResultEmail.objects.create(event_public_id=event.public_id, member=member, claimed=timezone.now())
    except IntegrityError:  # another sender has it (sent, being sent, or failed: the command retries)
        return None


def _send(event: Event, claimed: list[tuple[Entrant, ResultEmail]]) -> None:
    if not claimed:
        return
    evening = scores.standings_now(event)
    results = evening_results(event, evening)
    mail = get_connection(fail_silently=False)
    try:
        mail.open()
    except (smtplib.SMTPException, OSError) as exc:
        for _entrant, row in claimed:
            _failed(row, exc)
        return
    try:
        for entrant, row in claimed:
            message = letter(event, entrant, evening, results)
            message.connection = mail
            try:
                message.send()
            except (smtplib.SMTPException, OSError) as exc:
                _failed(row, exc)
            else:
                row.status, row.sent, row.error = ResultEmail.Status.SENT, timezone.now(), ""
                row.attempts += 1
                row.save(update_fields=["status", "sent", "error", "attempts"])
    finally:
        try:
            mail.close()
        except (smtplib.SMTPException, OSError):
            pass  # the emails are sent or marked; a server that hangs up badly changes neither


def _failed(row: ResultEmail, exc: Exception) -> None:
    reason = _reason(exc)
    log.warning("Result email %s failed: %s", row, reason)
    row.status, row.error = ResultEmail.Status.FAILED, reason[:300]
    row.attempts += 1
    row.save(update_fields=["status", "error", "attempts"])


def _reason(exc: Exception) -> str:
    """What the server said, without the address it refused (the row keeps none: docs/privacy.md)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return "; ".join(f"{code} {_text(said)}" for code, said in exc.recipients.values()) or "refused"
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{exc.smtp_code} {_text(exc.smtp_error)}"
    return str(exc) or exc.__class__.__name__


def _text(said) -> str:
    return said.decode("utf-8", "replace") if isinstance(said, bytes) else str(said)


# -- what the email says ---------------------------------------------------------------------------------


def shown_names(event: Event) -> dict[str, str]:
    """Player id -> the name other players see in the email's results: as on the public pages (each member as
    they chose to appear online, a guest by initials)."""
    return {pid: shown.name for pid, shown in people_shown(event).items()}


def _pair_name(ids, names: dict[str, str]) -> str:
    return " & ".join(names.get(pid, pid) for pid in ids)


def _top_of_each_field(lines: list) -> tuple[list, int]:
    """The first ``TOP`` lines of each field (both of a Mitchell's; all pairs or players otherwise), and how many
    are left out."""
    shown = [line for _heading, group in pairs.by_field(lines) for line in group[:TOP]]
    return shown, len(lines) - len(shown)


def evening_results(event: Event, evening: scores.Evening) -> dict:
    """The evening's results as every email shows them: the top of the standings (of each field) and the prizes."""
    names = shown_names(event)
    lines: list[dict] = []
    if evening.duplicate is not None:
        top, more = _top_of_each_field(pairs.result_lines(event, evening.duplicate))
        for line in top:
            lines.append({
                "place": line.place, "name": _pair_name(line.ids, names), "field": pairs.direction_words(line.field),
                "score": f"{line.percentage:.1f}%" if line.percentage is not None else f"{line.score:g}",
            })  # fmt: skip
    elif evening.night is not None:
        standings = evening.night.standings
        more = max(0, len(standings) - TOP)
        for g in standings[:TOP]:
            lines.append({"place": f"={g.rank}" if g.tied else str(g.rank), "name": names.get(g.id, g.name),
                          "field": "", "score": f"{g.rubber_points} rubber points"})  # fmt: skip
    elif evening.pair_lines is not None:
        top, more = _top_of_each_field(evening.pair_lines)
        for p in top:
            lines.append({"place": f"={p.rank}" if p.tied else str(p.rank), "name": _pair_name(p.pair.ids, names),
                          "field": pairs.direction_words(p.field), "score": str(p.total)})  # fmt: skip
    else:
        more = max(0, len(evening.standings) - TOP)
        for s in evening.standings[:TOP]:
            lines.append({"place": f"={s.rank}" if s.tied else str(s.rank), "name": names.get(s.id, s.name),
                          "field": "", "score": str(s.total)})  # fmt: skip
    # A prize's winners by their ids: a player's, a duplicate pair's ("p1+p2"), or a partners drive's pair ("NS3").
    pair_names = {p.id: _pair_name(p.pair.ids, names) for p in evening.pair_lines or ()}
    prizes = []
    for award in evening.awards:
        if award.winners:
            who = ", ".join(pair_names.get(w.id) or _pair_name(w.id.split("+"), names) for w in award.winners)
            prizes.append({"description": award.description, "who": who, "score": award.winners[0].score,
                           "tie": award.tie})  # fmt: skip
    return {"lines": lines, "more": more, "prizes": prizes, "field_words": any(line["field"] for line in lines)}


def _own_prizes(evening: scores.Evening, player_ids: set[str]) -> list[str]:
    return [
        award.description + (" (tied: to be settled)" if award.tie else "")
        for award in evening.awards
        if any(player_ids & set(w.id.split("+")) for w in award.winners)
    ]


def _own_card(event: Event, entrant: Entrant, evening: scores.Evening) -> dict:
    """The player's own card: their hands (boards for a duplicate pair), total or percentage, place and prizes."""
    if evening.duplicate is not None:
        plays_as = entrant.pair_id
        line = next((x for x in pairs.result_lines(event, evening.duplicate) if plays_as in x.ids), None)
        boards = []
        if line is not None:
            mine = {p.board: p for p in pairs.plays_of(event) if line.ids in (p.ns, p.ew)}
            for board in evening.duplicate.boards:
                play = mine.get(board.number)
                if play is None:
                    continue
                score = next(s for s in board.scores if s.table == play.table)
                ns = play.ns == line.ids
                boards.append({"number": board.number, "table": play.table, "direction": "N–S" if ns else "E–W",
                               "tricks": score.tricks_ns if ns else score.tricks_ew,
                               "score": f"{score.ns if ns else score.ew:g}"})  # fmt: skip
        place = ""
        if line is not None:
            place = f"{line.place} of {sum(1 for x in evening.duplicate.pairs if x.direction == line.field)}"
            place += f" {pairs.direction_words(line.field)}" if line.field else ""
        return {
            "duplicate": True, "boards": boards, "place": place,
            "score": (f"{line.percentage:.1f}%" if line.percentage is not None else f"{line.score:g}") if line else "",
            "prizes": _own_prizes(evening, {plays_as, entrant.player_id}),
        }  # fmt: skip
    card = scores.player_card(event, entrant)
    standing = card.game_standing or card.standing
    place, ids = "", {entrant.player_id}
    pair = next((p for p in evening.pair_lines or () if entrant.player_id in p.pair.ids), None)
    if pair is not None:  # a partners drive: the pair's place in its field
        fielded = sum(1 for p in evening.pair_lines or () if p.field == pair.field)
        field = f" {pairs.direction_words(pair.field)}" if pair.field else ""
        place, ids = f"{'joint ' if pair.tied else ''}{pair.rank} of {fielded}{field}", {entrant.player_id, pair.id}
    elif standing is not None:
        place = f"{'joint ' if standing.tied else ''}{standing.rank} of {card.field}"
    total = str(card.total)
    if card.game_standing is not None:
        games = card.game_standing
        total = (
            f"{games.rubber_points} rubber point{'' if games.rubber_points == 1 else 's'}, "
            f"{games.games_won} game{'' if games.games_won == 1 else 's'}, {games.points} points"
        )
    hands = [
        {
            "hand": line.hand,
            "trump": trump_view(line.trump),
            "table": line.table,
            "partner": line.partner,
            "tricks": line.tricks,
            "total": line.total,
        }  # fmt: skip
        for line in card.lines
    ]
    return {"duplicate": False, "games": card.game_standing is not None, "hands": hands, "place": place, "score": total,
            "prizes": _own_prizes(evening, ids)}  # fmt: skip


def letter(event: Event, entrant: Entrant, evening: scores.Evening, results: dict) -> EmailMultiAlternatives:
    """The email to ``entrant`` (a member): plain text, and the same as HTML."""
    member = entrant.member
    assert member is not None  # only members are told (entrants_to_tell)
    site = settings.WHISTDRIVE_SITE_URL
    context = {
        "event": event,
        "club": event.club,
        "name": entrant.name,
        "card": _own_card(event, entrant, evening),
        "results": results,
        "link": player_url(site, event.club, member) if site else "",
        "provisional_until": event.provisional_until if event.is_provisional(timezone.now()) else None,
        "corrected_at": event.corrected_at,
    }
    subject = f"{event.club.name}: your results from {event.name}, {date_format(event.date, 'j F Y')}"
    text = render_to_string("whistdrive/email/results.txt", context)
    html = render_to_string("whistdrive/email/results.html", context)
    # Auto-Submitted: an out-of-office answers no email sent by a program (RFC 3834).
    message = EmailMultiAlternatives(subject, text, to=[member.email], headers={"Auto-Submitted": "auto-generated"})
    message.attach_alternative(html, "text/html")
    return message
