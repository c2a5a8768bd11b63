"""Issue 19: a substitute takes the seat of a player who must leave a duplicate evening.

The organiser seats them from the live page (the desk's "Leaves" leads there); from the first board
nothing has been entered for at the pair's table the substitute plays the leaver's seat, and the pair
keeps its number, direction, results and percentage. The phones, the pair cards and the results name
the substitute; the archive carries them as a player who takes the same seat, and imports them back.
Bad input is refused with a message saying what is wrong, and nothing is saved.
"""

import copy
import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.archive.helpers import without_public_ids
from tests.duplicate_evening.test_tables_play_a_round_at_their_own_pace import Table, board
from tests.factories import duplicate_event, give_access, make_member, make_user, started_event
from whistdrive.evening import archive, running, scores
from whistdrive.store.models import Entrant, Event, Seating
from whistdrive.web.views.rejoin import rejoin_path

pytestmark = pytest.mark.django_db


def tricks(hand: int, table: int) -> int:
    return (hand * 5 + table * 3) % 7 + 3


def olive_for(event: Event) -> Client:
    user = make_user("olive")
    give_access(user, event.club)
    client = Client()
    client.force_login(user)
    return client


def substitute(client: Client, event: Event, **data) -> str:
    response = client.post(reverse("event_live_substitute", args=[event.pk]), data, follow=True)
    assert response.redirect_chain[-1][0] == reverse("event_live", args=[event.pk])
    return response.content.decode()


def play_out(event: Event, done: set[tuple[int, int]] = frozenset()) -> None:
    """Every table plays every board slot left, round by round, through the phones."""
    for first in range(1, event.hands + 1, event.hands_per_round):
        for number in sorted(event.tables.values_list("number", flat=True)):
            table = Table(event, number)
            for hand in range(first, first + event.hands_per_round):
                if (hand, number) not in done:
                    table.play(hand, tricks(hand, number))


def pdf_text(client: Client, event: Event, document: str) -> str:
    response = client.get(reverse("event_print_document", args=[event.pk, document]))
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages).split())


@pytest.fixture
def evening_of_three_tables():
    """Six pairs at three tables, nine boards in rounds of 3; pair N–S 1 is Ann Smith (N) and Bob Jones (S)."""
    return duplicate_event(pairs=6, boards=9, boards_per_round=3)


@pytest.mark.slow
def test_a_substitute_plays_the_boards_left_and_the_pair_keeps_its_results(evening_of_three_tables):
    event = evening_of_three_tables
    twin = duplicate_event(pairs=6, boards=9, boards_per_round=3)  # the same evening, nobody leaving
    olive = olive_for(event)
    one = Table(event, 1)
    for hand in (1, 2):
        one.play(hand, tricks(hand, 1))  # table 1 is two boards into round 1
    bob = event.entrants.get(name="Bob Jones")
    message = substitute(olive, event, leaving=bob.pk, name="  Carol   White ")
    third = board(event, 3, 1)
    assert f"Carol White (card 13) plays for Bob Jones in pair N–S 1 from board {third} (table 1, South)" in message
    carol = event.entrants.get(name="Carol White")
    bob.refresh_from_db()
    assert (carol.stands_in_for, carol.joined_hand, carol.role, bob.left_after_hand) == (bob, 3, "gent", 2)
    assert Seating.objects.get(event=event, hand=3, table__number=1, seat="S").entrant == carol
    assert Seating.objects.get(event=event, hand=2, table__number=1, seat="S").entrant == bob
    # The table's phones show her in Bob's seat, and say who took it; she picks her seat and plays on.
    page = one.page()
    assert 'Carol White <small class="sub">(sub)</small>' in page
    assert "Bob Jones</b>: that was their last board tonight: Carol White takes the seat for the boards left" in page
    phone = Client()
    phone.post(reverse("table_seat", args=[one.table.token]), {"seat": "S"})
    assert "You are South." in phone.get(one.url).content.decode()
    # Bob's own phone says he has finished.
    bobs = Client()
    bobs.post(reverse("table_seat", args=[one.table.token]), {"seat": "S"})  # chose his seat before he left
    session = bobs.session
    session["wd_player"] = {str(event.pk): bob.pk}
    session.save()
    assert "that was your last board tonight: Carol White takes your seat" in bobs.get(one.url).content.decode()
    play_out(event, done={(1, 1), (2, 1)})
    for hand in (1, 2):
        Table(twin, 1).play(hand, tricks(hand, 1))
    play_out(twin, done={(1, 1), (2, 1)})
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    ours, theirs = scores.standings_now(event).duplicate, scores.standings_now(twin).duplicate
    assert ours.to_dict() == theirs.to_dict()  # the same pairs, numbers, scores and percentages
    named = next(p for p in ours.pairs if bob.player_id in p.ids)
    assert named.name == f"Ann Smith & Bob Jones (sub: Carol White from board {third})"
    assert named.boards_played == 9
    # The standings, the pair cards and the printed results name her; so does her own page.
    standings = olive.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert f"Ann Smith &amp; Bob Jones (sub: Carol White from board {third})" in standings
    for document in ("pair-cards", "duplicate-results"):
        assert f"Ann Smith & Bob Jones (sub: Carol White from board {third})" in pdf_text(olive, event, document)
    mine = Client().get(carol.get_absolute_url()).content.decode()
    assert "N–S 1" in mine and f"{named.percentage:.2f}" in mine


@pytest.mark.slow
def test_the_archive_carries_a_substitute_as_a_player_who_takes_the_same_seat(evening_of_three_tables):
    event = evening_of_three_tables
    olive = olive_for(event)
    Table(event, 1).play(1, tricks(1, 1))
    substitute(olive, event, leaving=event.entrants.get(name="Bob Jones").pk, name="Carol White")
    play_out(event, done={(1, 1)})
    event.refresh_from_db()
    document = archive.export_event(event)
    carol = next(p for p in document["players"] if p["name"] == "Carol White")
    bob = next(p for p in document["players"] if p["name"] == "Bob Jones")
    seats = [t["seats"]["S"] for t in document["hands"][0]["tables"] if t["table"] == 1]
    later = [t["seats"]["S"] for t in document["hands"][1]["tables"] if t["table"] == 1]
    assert seats == [bob["id"]] and later == [carol["id"]]
    ann = next(p for p in document["players"] if p["name"] == "Ann Smith")
    pairs = [set(p["ids"]) for p in document["results"]["pairs"]]
    assert {ann["id"], bob["id"]} in pairs and not any(carol["id"] in ids for ids in pairs)  # the pair's results
    imported = archive.import_event(copy.deepcopy(document))
    assert imported.entrants.get(name="Carol White").stands_in_for == imported.entrants.get(name="Bob Jones")
    assert without_public_ids(archive.export_event(imported)) == without_public_ids(document)
    # A real change of partners is still refused, naming the place; nothing is saved.
    swapped = copy.deepcopy(document)
    hand = swapped["hands"][4]
    one, two = hand["tables"][0]["seats"], hand["tables"][1]["seats"]
    one["S"], two["S"] = two["S"], one["S"]
    before = Event.objects.count()
    with pytest.raises(archive.ArchiveError) as refused:
        archive.import_event(swapped)
    assert any("hands[4]" in p and "partnerships never change" in p for p in refused.value.problems)
    assert Event.objects.count() == before


@pytest.mark.slow
def test_a_part_played_evening_with_a_substitute_imports_and_plays_on(evening_of_three_tables):
    event = evening_of_three_tables
    olive = olive_for(event)
    for number in (1, 2, 3):
        Table(event, number).play(1, tricks(1, number))
    substitute(olive, event, leaving=event.entrants.get(name="Bob Jones").pk, name="Carol White")
    for number in (1, 2, 3):
        Table(event, number).play(2, tricks(2, number))
    imported = archive.import_event(archive.export_event(event))
    carol = imported.entrants.get(name="Carol White")
    assert set(Seating.objects.filter(event=imported, hand__gt=2, table__number=1, seat="S").values_list(
        "entrant", flat=True)) == {carol.pk}  # fmt: skip
    play_out(imported, done={(h, t) for h in (1, 2) for t in (1, 2, 3)})
    imported.refresh_from_db()
    assert imported.status == Event.Status.FINISHED


def test_a_substitute_who_has_not_played_yet_can_be_replaced(evening_of_three_tables):
    event = evening_of_three_tables
    olive = olive_for(event)
    bob = event.entrants.get(name="Bob Jones")
    substitute(olive, event, leaving=bob.pk, name="Carol Whyte")
    carol = event.entrants.get(name="Carol Whyte")
    message = substitute(olive, event, leaving=carol.pk, name="Carol White")
    assert "Carol Whyte had not played yet, so is no longer entered." in message
    assert not event.entrants.filter(name="Carol Whyte").exists()
    assert event.entrants.get(name="Carol White").stands_in_for == bob


def test_a_club_member_can_be_the_substitute(evening_of_three_tables):
    event = evening_of_three_tables
    olive = olive_for(event)
    dora = make_member(event.club, "Dora Finch", "lady")
    message = substitute(olive, event, leaving=event.entrants.get(name="Ann Smith").pk, member=dora.pk)
    assert "Dora Finch (card 13) plays for Ann Smith in pair N–S 1 from board" in message
    assert event.entrants.get(member=dora).stands_in_for.name == "Ann Smith"


@pytest.mark.parametrize(
    "data, words",
    [
        ({"name": ""}, "Who takes Bob Jones's seat? Choose a member who is not playing tonight, or type a new name."),
        ({"name": "   "}, "Who takes Bob Jones's seat?"),
        ({"name": "ann  SMITH"}, "Ann Smith is already playing tonight (card 1): a substitute is someone who is not"),
        ({"name": "Carol\x07White"}, "or a new name:"),
        ({"leaving": 999999, "name": "Carol White"}, "Player leaving: Select a valid choice."),
    ],
)
def test_a_substitute_who_cannot_be_seated_is_refused_with_a_message_and_nothing_is_saved(
    evening_of_three_tables, data, words
):
    event = evening_of_three_tables
    olive = olive_for(event)
    before = (list(Entrant.objects.values_list("pk", "left_after_hand")), list(Seating.objects.values_list()))
    page = substitute(olive, event, **{"leaving": event.entrants.get(name="Bob Jones").pk, **data})
    assert words in page.replace("&#x27;", "'")
    assert (list(Entrant.objects.values_list("pk", "left_after_hand")), list(Seating.objects.values_list())) == before


def test_a_member_already_entered_a_player_gone_or_a_whole_pair_at_once_is_refused(evening_of_three_tables):
    event = evening_of_three_tables
    olive = olive_for(event)
    dora = make_member(event.club, "Dora Finch", "lady")
    bob, ann = event.entrants.get(name="Bob Jones"), event.entrants.get(name="Ann Smith")
    page = substitute(olive, event, leaving=bob.pk, member=dora.pk, name="Carol White")
    assert "Choose a member (Dora Finch) or type a new name (Carol White), not both." in page
    substitute(olive, event, leaving=bob.pk, member=dora.pk)
    count = Entrant.objects.count()
    page = substitute(olive, event, leaving=event.entrants.get(name="Mary Jones").pk, member=dora.pk)
    assert "Dora Finch is already entered tonight (card 13): a substitute is someone who is not playing." in page
    with pytest.raises(running.EveningError, match="Bob Jones has already left"):
        running.substitute(event, bob, name="Eve Adams")
    page = substitute(olive, event, leaving=ann.pk, name="Eve Adams")
    assert "Dora Finch takes the other seat of pair N–S 1 from the same board: a pair keeps at least one" in page
    assert Entrant.objects.count() == count


def test_a_drive_has_no_substitutes_and_its_leavers_simply_leave():
    event = started_event(ladies=4, gents=4)
    with pytest.raises(running.EveningError, match="Substitutes are for duplicate evenings"):
        running.substitute(event, event.entrants.first(), name="Carol White")


def test_the_desk_leads_a_leaving_player_to_the_substitute_form(evening_of_three_tables):
    event = evening_of_three_tables
    olive = olive_for(event)
    bob = event.entrants.get(name="Bob Jones")
    desk = olive.get(reverse("event_desk", args=[event.pk])).content.decode()
    link = f"{reverse('event_live', args=[event.pk])}?leaving={bob.pk}#substitute"
    assert link in desk and "Leaves: seat a substitute" in desk
    live = olive.get(link).content.decode()
    assert "A player must leave" in live and f'<option value="{bob.pk}" selected>Bob Jones</option>' in live


def test_the_rejoin_page_offers_the_substitute_at_the_board_her_table_plays(evening_of_three_tables):
    event = evening_of_three_tables
    olive = olive_for(event)
    Table(event, 1).play(1, 7)  # table 1 is ahead of the hall
    substitute(olive, event, leaving=event.entrants.get(name="Bob Jones").pk, name="Carol White")
    page = Client().get(rejoin_path(event)).content.decode()
    assert "Carol White" in page and "Bob Jones" not in page
