"""A club's reusable table cards: /c/<token>/ sends a phone to tonight's table of that number."""

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import ClubTable
from tests.factories import make_cast, make_event
from tests.printing.helpers import pages_text, qr_codes_on_page
from tests.printing_views.evenings import progressive_evening
from whistdrive.store.models import Event
from whistdrive.web.views.club_tables import tables_of


@pytest.fixture
def cast(db, settings):
    # The cards are printed from the laptop's LAN address, as an organiser does.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20", "testserver"]
    return make_cast()


def test_each_table_gets_a_long_random_code_that_stays_the_same_from_print_to_print(cast):
    club_a, *_ = cast
    first = tables_of(club_a, 6)
    assert [t.number for t in first] == [1, 2, 3, 4, 5, 6]
    assert all(len(t.token) >= 43 for t in first) and len({t.token for t in first}) == 6
    again = tables_of(club_a, 8)
    assert [t.token for t in again[:6]] == [t.token for t in first]
    assert ClubTable.objects.filter(club=club_a).count() == 8


def test_the_club_card_sends_the_phone_to_tonights_table_of_its_number(client, cast):
    club_a, *_ = cast
    event = progressive_evening(club_a, played=1)
    card = tables_of(club_a, 12)[4]
    response = client.get(card.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"] == event.tables.get(number=5).get_absolute_url()
    # Tonight's own code still works beside it.
    assert client.get(event.tables.get(number=5).get_absolute_url()).status_code == 200


def test_with_no_event_running_the_phone_is_told_so(client, cast):
    club_a, *_ = cast
    card = tables_of(club_a, 2)[0]
    response = client.get(card.get_absolute_url())
    assert response.status_code == 200
    assert "No event is running at Nether Wallop Whist Club just now" in response.content.decode()
    assert response["Cache-Control"] == "no-store"
    waiting = make_event(club_a, name="Friday drive", date=timezone.localdate())
    assert "Friday drive has not started" in client.get(card.get_absolute_url()).content.decode()
    assert waiting.status == Event.Status.SETUP


def test_a_table_not_in_play_tonight_says_how_many_tables_there_are(client, cast):
    club_a, *_ = cast
    progressive_evening(club_a, played=0)  # ten tables
    card = tables_of(club_a, 12)[11]
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Table 12 is not in play tonight: Tuesday drive has 10 tables." in page


def test_a_finished_event_no_longer_takes_the_phones(client, cast):
    club_a, *_ = cast
    event = progressive_evening(club_a, played=0)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    card = tables_of(club_a, 1)[0]
    assert "No event is running" in client.get(card.get_absolute_url()).content.decode()


def test_an_unknown_or_hostile_code_is_not_found(client, cast):
    assert client.get(reverse("club_table", args=["not-a-real-token"])).status_code == 404
    # A NUL byte is a database error on PostgreSQL; it never reaches the database.
    for token in ("\x00", "a\x00b", "' OR 1=1 --", "é" * 20, "x" * 65):
        assert client.get(reverse("club_table", args=[token])).status_code == 404, token


def test_the_printed_cards_carry_the_clubs_codes_and_their_addresses_in_words(client, cast):
    club_a, _, olive, *_ = cast
    client.force_login(olive)
    response = client.get(reverse("club_table_cards_pdf", args=[club_a.pk]), {"tables": 3, "paper": "A4"},
                          HTTP_HOST="192.168.1.20:8000")  # fmt: skip
    assert response.status_code == 200
    pdf = response.content
    assert len(pages_text(pdf)) == 3
    second = club_a.tables.get(number=2)
    url = f"http://192.168.1.20:8000/c/{second.token}/"
    assert qr_codes_on_page(pdf, 2) == {url}
    assert url.removeprefix("http://") in "".join(pages_text(pdf)[1].split())


def test_bad_numbers_are_refused_with_a_message(client, cast):
    club_a, _, olive, *_ = cast
    client.force_login(olive)
    response = client.get(reverse("club_table_cards_pdf", args=[club_a.pk]), {"tables": 0, "paper": "A4"}, follow=True)
    assert "The table cards could not be printed: Tables:" in response.content.decode()
    assert not ClubTable.objects.exists()


def test_an_organiser_gives_a_lost_card_a_new_code_and_the_old_one_stops_working(client, cast):
    club_a, _, olive, sam, bea = cast
    progressive_evening(club_a, played=0)
    card = tables_of(club_a, 3)[2]
    old = card.get_absolute_url()
    client.force_login(sam)  # a scorer may print, not change codes
    assert client.post(reverse("club_table_renew", args=[club_a.pk]), {"number": 3}).status_code == 403
    client.force_login(olive)
    client.post(reverse("club_table_renew", args=[club_a.pk]), {"number": 3})
    card.refresh_from_db()
    assert card.get_absolute_url() != old
    assert client.get(old).status_code == 404
    assert client.get(card.get_absolute_url()).status_code == 302


def test_other_clubs_cannot_print_or_renew(client, cast):
    club_a, _, _, _, bea = cast
    client.force_login(bea)
    assert client.get(reverse("club_table_cards", args=[club_a.pk])).status_code == 404
    assert (
        client.get(reverse("club_table_cards_pdf", args=[club_a.pk]), {"tables": 2, "paper": "A4"}).status_code == 404
    )
    assert client.post(reverse("club_table_renew", args=[club_a.pk]), {"number": 1}).status_code == 404


def test_cards_printed_for_another_address_are_named_before_the_evening_and_printed_on_their_own(
    client, cast, settings
):
    club_a, _, olive, *_ = cast
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.34"]
    event = make_event(club_a, name="Friday drive", date=timezone.localdate())
    client.force_login(olive)
    cards_page = reverse("club_table_cards", args=[club_a.pk])
    to_replace = reverse("club_stale_table_cards_pdf", args=[club_a.pk])
    client.get(reverse("club_table_cards_pdf", args=[club_a.pk]), {"tables": 4, "paper": "A4"},
               HTTP_HOST="192.168.1.20:8000")  # fmt: skip
    assert "no longer lead" not in client.get(cards_page, HTTP_HOST="192.168.1.20:8000").content.decode()

    # Next week the hall's router gives the laptop another address: every card is named, on the club's
    # page and on the event's Print page, and just those print again for the new address.
    page = " ".join(client.get(cards_page, HTTP_HOST="192.168.1.34:8000").content.decode().split())
    assert "4 of the club's table cards no longer lead here: tables 1, 2, 3, 4." in page
    assert "The phones will use http://192.168.1.34:8000" in page
    printing_page = client.get(reverse("event_print", args=[event.pk]), HTTP_HOST="192.168.1.34:8000")
    assert "for tables 1, 2, 3, 4 no longer lead to this laptop" in " ".join(printing_page.content.decode().split())
    pdf = client.get(to_replace, {"paper": "A4"}, HTTP_HOST="192.168.1.34:8000").content
    assert len(pages_text(pdf)) == 4
    first = club_a.tables.get(number=1)
    assert f"192.168.1.34:8000/c/{first.token}/" in "".join(pages_text(pdf)[0].split())
    assert "no longer lead" not in client.get(cards_page, HTTP_HOST="192.168.1.34:8000").content.decode()

    # A card given a new code is the only one to print again.
    client.post(reverse("club_table_renew", args=[club_a.pk]), {"number": 3}, HTTP_HOST="192.168.1.34:8000")
    page = " ".join(client.get(cards_page, HTTP_HOST="192.168.1.34:8000").content.decode().split())
    assert "1 of the club's table cards no longer leads here: table 3." in page
    assert len(pages_text(client.get(to_replace, HTTP_HOST="192.168.1.34:8000").content)) == 1
