"""With spare players a result-driven drive's progression sheet says who sits out and how they rotate."""

from tests.factories import make_cast, make_event
from tests.printing_views.evenings import add_people
from tests.printing_views.helpers import download_url, texts
from whistdrive.evening import running
from whistdrive.store.models import Seating


def test_the_first_sit_outs_and_the_rotation_are_printed(client, db):
    club_a, _, olive, *_ = make_cast()
    event = make_event(club_a)
    add_people(event, 9, 9)  # 18 players: four tables and two spares
    running.start_event(event, seed=2)
    client.force_login(olive)
    text = " ".join(texts(client.get(download_url(event, "progression"), HTTP_HOST="192.168.1.20").content))
    text = text.replace("\n", " ")
    out = Seating.objects.filter(event=event, hand=1, table__isnull=True).select_related("entrant")
    assert out.count() == 2
    for seating in out:
        assert f"{seating.entrant.card_number} {seating.entrant.name}" in text
    assert "2 sit out each hand, in turn." in text
    assert "fewest hands missed" in text


def test_the_print_page_warns_when_opened_on_localhost(client, db):
    club_a, _, olive, *_ = make_cast()
    event = make_event(club_a)
    client.force_login(olive)
    page = client.get(f"/events/{event.pk}/print/", HTTP_HOST="localhost:8000").content.decode()
    assert "the QR codes would send the phones to themselves" in page
    page = client.get(f"/events/{event.pk}/print/", HTTP_HOST="192.168.1.20:8000").content.decode()
    assert "the QR codes would send the phones to themselves" not in page
