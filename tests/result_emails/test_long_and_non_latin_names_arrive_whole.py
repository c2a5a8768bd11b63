"""Names in any script, long ones, and ones with characters HTML gives a meaning to arrive whole: in the subject,
the plain text and the HTML (escaped there, never markup)."""

import pytest

from tests.factories import make_club, make_member, two_table_evening
from tests.result_emails.conftest import html_of, subject_of, text_of
from whistdrive.store.models import Entrant, Event

pytestmark = pytest.mark.django_db

NAMES = {
    "Ann": "Zoë Łukasiewicz-Brown",
    "Bet": "Αλεξάνδρα Παπαδοπούλου-Καραγιαννοπούλου του Κωνσταντίνου της Θεσσαλονίκης",  # 73 characters
    "Cat": "李小龍",
    "Eve": "Siobhán <b>O'Brien</b> & Co",
}


def test_every_name_arrives_as_it_was_written(smtp_server, publish):
    club = make_club("Клуб вистa «Звезда»")
    event = two_table_evening(club, name="Drive №7 ♠♥")
    for old, new in NAMES.items():
        member = make_member(club, new, email=f"{old.lower()}@example.org", results_by_email=True)
        Entrant.objects.filter(event=event, name=old).update(name=new, member=member)
    event = Event.objects.get(pk=event.pk)
    publish(event)
    assert smtp_server.recipients == ["ann@example.org", "bet@example.org", "cat@example.org", "eve@example.org"]
    for old, new in NAMES.items():
        [message] = smtp_server.to(f"{old.lower()}@example.org")
        assert subject_of(message) == "Клуб вистa «Звезда»: your results from Drive №7 ♠♥, 1 December 2026"
        text, html = text_of(message), html_of(message)
        assert text.startswith(f"Dear {new},")
        for name in NAMES.values():
            assert f"  {name}: " in text  # every name in the results, whole
        assert "Siobhán &lt;b&gt;O&#x27;Brien&lt;/b&gt; &amp; Co" in html and "<b>O'Brien</b>" not in html
        assert "Zoë Łukasiewicz-Brown" in html and NAMES["Bet"] in html and "李小龍" in html
