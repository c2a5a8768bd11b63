"""Setting up an event: create it with a format, the event page, and the registration desk.

Organisers create events and change formats; organisers and scorers run the desk and start.
Desk actions answer htmx with the `desk` fragment and plain posts with a redirect.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, ORGANISER, HtmxHttpRequest, club_for
from clubs.models import ClubAccess
from whistdrive.engines import search_keys
from whistdrive.engines.formats import Format
from whistdrive.evening import door, pairs, result_emails, running
from whistdrive.store.models import Entrant, Event, LedgerLine, Seating
from whistdrive.web.access import event_for
from whistdrive.web.forms import (
    TIE_BREAK_LABELS,
    ConfirmForm,
    DeskAddForm,
    DeskSearchForm,
    EventForm,
    GuestForm,
    PaymentForm,
    PresetPickForm,
    RoleForm,
    SavePresetForm,
    StartForm,
    desk_here,
    desk_matches,
    make_guest_member,
    preset_format,
)
from whistdrive.web.views.publishing import publishing_context

# -- creating and editing an event ------------------------------------------------------------


def event_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    pick = PresetPickForm(request.GET or None, club=club)
    fmt = Format()
    if pick.is_valid():
        fmt = preset_format(club, pick.cleaned_data["preset"]) or fmt
    if request.method == "POST":
        form = EventForm(request.POST, club=club)
        if form.is_valid():
            event = form.save()
            messages.success(request, f"{event.name} created. Open the registration desk when people arrive.")
            return redirect(event)
    else:
        form = EventForm(club=club, initial=fmt.to_dict())
    context = {"club": club, "form": form, "pick": pick}
    template = "whistdrive/event_form.html#format" if request.htmx and request.method == "GET" else None
    return render(request, template or "whistdrive/event_form.html", context)


def event_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ORGANISER)
    trumps_before = event.trumps  # the form writes its values onto the event as it checks them
    form = EventForm(request.POST or None, instance=event, club=event.club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, f"{event.name} saved.")
        if reprint := _records_reprint(event, trumps_before):
            messages.warning(request, reprint)
        return redirect(event)
    return render(request, "whistdrive/event_form.html", {"club": event.club, "form": form, "event": event})


def _records_reprint(event: Event, trumps_before: str) -> str:
    """What an edit before the start means for hand records already printed ("" for nothing). The boards'
    seed never changes, so each board keeps its cards; a new trump rotation changes the trumps on them."""
    records = event.is_duplicate and not event.started and event.boards_dealt == Event.BoardsDealt.RECORDS
    if not records or event.trumps == trumps_before:
        return ""
    return (
        f"Trumps are now {event.trumps}: each board keeps its cards, but hand records printed before show the "
        "old trumps. Print them again before making up the boards."
    )


@require_POST
def event_save_preset(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ORGANISER)
    form = SavePresetForm(request.POST, event=event)
    if form.is_valid():
        preset = form.save()
        messages.success(request, f"Saved as the club preset “{preset.name}”.")
    else:
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    return redirect(event)


def describe_format(fmt: Format, boards_dealt: str = Event.BoardsDealt.TABLE) -> list[str]:
    """The format in a few plain sentences for the event page."""
    if fmt.is_duplicate:
        return _describe_duplicate(fmt, boards_dealt)
    movement = fmt.movement_kind.title
    lines = []
    if fmt.is_drive:
        article = "An" if movement[:1].lower() in "aeiou" else "A"  # "An individual drive"
        lines.append(
            f"{article} {movement.lower()} drive of {fmt.hands} hand{'s' if fmt.hands != 1 else ''}, "
            f"scored by {dict(Event.Scoring.choices)[fmt.scoring].lower()}."
        )
    else:
        rubber = dict(Event.Rubber.choices)[fmt.rubber]
        lines.append(
            f"A game night of {fmt.hands} hands to {fmt.target} points, {movement.lower()} tables; rubbers: {rubber.lower()}."
        )
        honours = "counted" if fmt.honours else "not counted"
        if fmt.honours:
            honours += " and can win a game" if fmt.honours_can_win else ", but cannot win a game"
        lines.append(
            f"Honours {honours}. A revoke costs {dict(Event.RevokePenalty.choices)[fmt.revoke_penalty].lower()}."
        )
    if fmt.hands_per_round > 1:
        lines.append(f"Players move every {fmt.hands_per_round} hands.")
    elif fmt.movement_kind.moves:
        lines.append("Players move after every hand.")
    if fmt.movement_kind.movers_chosen:
        lines.append("The winning pair moves." if fmt.winners_move else "The losing pair moves.")
    lines.append(f"Interval after hand {fmt.interval_after}." if fmt.interval_after else "No interval.")
    if fmt.trumps in ("turned", "cut"):
        lines.append(f"Trumps are {fmt.trumps} for each hand.")
    else:
        lines.append(f"Trumps rotate {' '.join(fmt.trumps)}.")
    sitout = {"average": "their own average", "zero": "nothing", "fixed": f"a fixed {fmt.sitout_fixed}"}[
        fmt.sitout_score
    ]
    lines.append(f"A player sitting out scores {sitout}.")
    if fmt.tie_breaks:
        lines.append("Ties are broken by: " + ", then ".join(TIE_BREAK_LABELS[t].lower() for t in fmt.tie_breaks) + ".")
    else:
        lines.append("Equal totals share a place.")
    return lines


def _describe_duplicate(fmt: Format, boards_dealt: str) -> list[str]:
    movement = fmt.movement_kind.duplicate_words
    scoring = "matchpoints" if fmt.scoring == "matchpoints" else "tricks against the average (compass whist)"
    trumps = "turned by each board's dealer" if fmt.trumps == "turned" else f"by board number, {' '.join(fmt.trumps)}"
    return [
        f"Duplicate whist: {fmt.hands} boards a pair, {fmt.rounds} rounds of {fmt.boards_per_round}, by {movement}.",
        f"Scored by {scoring}.",
        f"Trumps {trumps}.",
        "Boards made up beforehand from printed hand records."
        if boards_dealt == Event.BoardsDealt.RECORDS
        else "Boards dealt at the table in the first round.",
    ]


def event(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    is_organiser = event.club.role_of(request.user) == ClubAccess.Role.ORGANISER
    tables = []
    if event.started:
        hand = max(event.current_hand, 1)
        rows = Seating.objects.of_hand(event, hand).select_related("entrant", "table")
        by_table: dict[int, dict[str, Entrant]] = {}
        sitting_out = []
        for row in rows:
            if row.table is not None:
                by_table.setdefault(row.table.number, {})[row.seat] = row.entrant
            else:
                sitting_out.append(row.entrant)
        tables = [{"number": n, "seats": by_table[n]} for n in sorted(by_table)]
    else:
        sitting_out = []
    return render(
        request,
        "whistdrive/event.html",
        {
            "event": event,
            "format_lines": describe_format(event.format, event.boards_dealt),
            # Everyone who entered, as the standings list them; those who left early are said apart.
            "entrant_count": event.entrants.count(),
            "left_count": event.entrants.filter(left_after_hand__isnull=False).count(),
            "tables": tables,
            "sitting_out": sitting_out,
            "is_organiser": is_organiser,
            "preset_form": SavePresetForm(event=event) if is_organiser else None,
            "hand_records": _hand_records_link(event),
            "publishing": publishing_context(event),
            "provisional_until": event.provisional_until if event.is_provisional(timezone.now()) else None,
            "emails": result_emails.tally(event) if event.published_at else None,
        },
    )


def _hand_records_link(event: Event) -> dict | None:
    """A duplicate evening's hand records on its page: before the start to make up the boards (from
    hand records), after the evening with every table's result on each board."""
    if not event.is_duplicate:
        return None
    if event.status == Event.Status.FINISHED:
        return {"slug": "hand-records-results", "title": "Hand records with results", "notes": []}
    if event.started or event.boards_dealt != Event.BoardsDealt.RECORDS:
        return None
    return {"slug": "hand-records", "title": f"Hand records, boards 1–{event.hands}",
            "notes": pairs.boards_to_make_up(event)}  # fmt: skip


# -- the registration desk ----------------------------------------------------------------------


def desk_context(request: HtmxHttpRequest, event: Event, *, added: Entrant | None = None, **extra) -> dict:
    # The counts are of the next hand to be seated, the same players the advice is worked out for.
    present = event.entrants.present_for(running.first_open_hand(event))
    entrants = list(event.entrants.select_related("member", "stands_in_for"))
    advice = running.advice_for(event)
    paid = LedgerLine.objects.filter(event=event).paid_by_entrant()
    return {
        "event": event,
        "entrants": entrants,
        "present_count": present.count(),
        "advice": advice,
        "added": added,
        "search": DeskSearchForm(),
        "guest": GuestForm(),
        "start": StartForm(),
        "next_card": (max((e.card_number for e in entrants), default=0)) + 1,
        # Each entrant with what they have paid tonight (their fee lines as they stand), and the payment buttons.
        "entrant_rows": [(entrant, paid.get(entrant.pk, 0)) for entrant in entrants],
        "payment": PaymentForm(),
        **extra,
    }


def arrivals_context(event: Event) -> dict:
    """The check-ins by phone, each with what its entrant has paid tonight, so the desk takes the fee as they
    arrive."""
    paid = LedgerLine.objects.filter(event=event).paid_by_entrant()
    arrivals = [(arrival, paid.get(arrival.entrant_id or 0, 0)) for arrival in door.arrivals(event)]
    return {"event": event, "arrivals": arrivals, "confirm": ConfirmForm(), "payment": PaymentForm()}


def desk_response(request: HtmxHttpRequest, event: Event, **extra) -> HttpResponse:
    if request.htmx:
        event.refresh_from_db()
        return render(request, "whistdrive/desk.html#desk", desk_context(request, event, **extra))
    added = extra.get("added")
    for message in extra.get("errors", []):
        messages.error(request, message)
    for message in extra.get("notes", []):
        messages.info(request, message)
    url = reverse("event_desk", args=[event.pk])
    return redirect(f"{url}?added={added.pk}" if added else url)


def event_desk(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    search = DeskSearchForm(request.GET or None)
    found: dict = {"event": event, "search": search}
    if search.is_valid() and search.cleaned_data["q"].strip():
        found["matches"] = desk_matches(event, search.cleaned_data["q"])[:8]
        found["here"] = desk_here(event, search.cleaned_data["q"])[:8]
    else:
        found["search"] = DeskSearchForm()
    if request.htmx and "q" in request.GET:
        # A keystroke: only the matches are drawn, so the desk's counts and advice are not worked out.
        return render(request, "whistdrive/desk.html#matches", found)
    added = None
    if request.GET.get("added", "").isdigit():
        added = event.entrants.filter(pk=int(request.GET["added"])).first()
    context = {**desk_context(request, event, added=added), **found, **arrivals_context(event)}
    return render(request, "whistdrive/desk.html", context)


def _notes(event: Event, change: running.PlayersChange) -> list[str]:
    return [change.words()] if event.started else []


@require_POST
def desk_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = DeskAddForm(request.POST, event=event)
    if not form.is_valid():
        return desk_response(request, event, errors=form.non_field_errors())
    member = form.cleaned_data["member_obj"]
    try:
        change = running.register(event, name=member.name, role=member.role, member=member)
    except running.EveningError as exc:
        return desk_response(request, event, errors=[str(exc)])
    return desk_response(request, event, added=change.entrant, notes=_notes(event, change))


@require_POST
def desk_guest(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = GuestForm(request.POST)
    if not form.is_valid():
        return desk_response(request, event, errors=[f"{form[n].label}: {e[0]}" for n, e in form.errors.items()])
    data = form.cleaned_data
    # Two people may share a name, so a second guest of the same name is entered, but the desk says so:
    # more often it is the same person typed twice.
    namesakes = [e for e in event.entrants.order_by("card_number") if search_keys.same_name(e.name, data["name"])]
    warnings = [
        f"Note: {namesake.name} is already entered tonight (card {namesake.card_number}). If that is the same "
        "person, remove the new entry."
        for namesake in namesakes
    ]
    try:
        # One transaction: a guest the movement cannot seat is not left on the club's books either.
        with transaction.atomic():
            member = make_guest_member(event, data["name"], data["role"]) if data["keep"] else None
            change = running.register(event, name=data["name"], role=data["role"], member=member)
    except running.EveningError as exc:
        return desk_response(request, event, errors=[str(exc)])
    return desk_response(request, event, added=change.entrant, notes=warnings + _notes(event, change))


@require_POST
def desk_role(request: HtmxHttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    entrant = get_object_or_404(event.entrants, pk=entrant_pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        return desk_response(request, event, errors=["Choose lady, gent or no role."])
    try:
        # After the start the new role counts from the next hand to be seated.
        change = running.change_role(event, entrant, form.cleaned_data["role"])
    except running.EveningError as exc:
        return desk_response(request, event, errors=[str(exc)])
    return desk_response(request, event, notes=_notes(event, change))


@require_POST
def desk_remove(request: HtmxHttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    """Before the start the entry goes; after it, the player withdraws from the next hand."""
    event = event_for(request, pk, ANY_ROLE)
    entrant = get_object_or_404(event.entrants, pk=entrant_pk)
    try:
        change = running.withdraw(event, entrant)
    except running.EveningError as exc:
        return desk_response(request, event, errors=[str(exc)])
    return desk_response(request, event, notes=_notes(event, change))


@require_POST
def desk_start(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = StartForm(request.POST)
    if not form.is_valid():
        return desk_response(request, event, errors=["Choose how to draw the starting seats."])
    try:
        running.start_event(event, by=form.cleaned_data["by"])
    except running.EveningError as exc:
        return desk_response(request, event, errors=[str(exc)])
    messages.success(request, "The event has started: hand 1 is seated.")
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = event.get_absolute_url()
        return response
    return redirect(event)


urlpatterns = [
    path("clubs/<int:pk>/events/new/", event_new, name="event_new"),
    path("events/<int:pk>/", event, name="event"),
    path("events/<int:pk>/edit/", event_edit, name="event_edit"),
    path("events/<int:pk>/save-preset/", event_save_preset, name="event_save_preset"),
    path("events/<int:pk>/desk/", event_desk, name="event_desk"),
    path("events/<int:pk>/desk/add/", desk_add, name="desk_add"),
    path("events/<int:pk>/desk/guest/", desk_guest, name="desk_guest"),
    path("events/<int:pk>/desk/<int:entrant_pk>/role/", desk_role, name="desk_role"),
    path("events/<int:pk>/desk/<int:entrant_pk>/remove/", desk_remove, name="desk_remove"),
    path("events/<int:pk>/desk/start/", desk_start, name="desk_start"),
]
