"""Creating an event: presets fill the format, impossible formats are refused, the format locks at the start."""

import pytest
from django.urls import reverse

from clubs.models import FormatPreset
from tests.factories import add_entrants, make_cast, make_event
from whistdrive.engines.formats import PRESETS, Format
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive_at_a(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    return client, club_a


def form_data(fmt: Format, **details) -> dict:
    data = {k: v for k, v in fmt.to_dict().items() if k != "tie_breaks"}
    data = {k: ("on" if v is True else "" if v in (False, None) else v) for k, v in data.items()}
    for i, rule in enumerate(fmt.tie_breaks):
        data[f"tie_break_{i + 1}"] = rule
    return {"name": "Tuesday drive", "date": "2026-12-01", "venue": "Village hall", **data, **details}


@pytest.mark.parametrize("key", list(PRESETS))
def test_each_built_in_preset_fills_the_form_and_makes_that_event(olive_at_a, key):
    client, club = olive_at_a
    page = client.get(reverse("event_new", args=[club.pk]), {"preset": key})
    fmt = PRESETS[key][1]
    assert page.context["form"].initial["movement"] == fmt.movement
    client.post(reverse("event_new", args=[club.pk]), form_data(fmt))
    assert club.events.get().format == fmt


def test_the_preset_fragment_is_served_to_htmx(olive_at_a):
    client, club = olive_at_a
    page = client.get(reverse("event_new", args=[club.pk]), {"preset": "rubbers"}, headers={"HX-Request": "true"})
    text = page.content.decode()
    assert "<html" not in text and 'id="format"' in text and 'value="turned"' in text


def test_a_format_that_cannot_be_played_is_refused_saying_why_at_the_field(olive_at_a):
    client, club = olive_at_a
    data = form_data(Format(), hands="20", hands_per_round="3", kind="games", movement="progressive")
    response = client.post(reverse("event_new", args=[club.pk]), data)
    form = response.context["form"]
    assert "20 hands cannot be played in rounds of 3" in form.errors["hands_per_round"][0]
    assert "must be stationary, mitchell or howell" in form.errors["movement"][0]
    assert not Event.objects.exists()


def test_a_game_nights_fields_sent_with_a_drive_are_not_taken(olive_at_a):
    # The form shows a drive no game-night fields; whatever such a field still holds is not the drive's.
    client, club = olive_at_a
    client.post(reverse("event_new", args=[club.pk]), form_data(Format(), honours="on", revoke_penalty="points"))
    event = club.events.get()
    assert (event.honours, event.revoke_penalty) == (False, "tricks")


def test_a_drives_fields_sent_with_a_game_night_are_not_taken(olive_at_a):
    client, club = olive_at_a
    fmt = Format(kind="games", movement="stationary", hands=12, interval_after=None)
    client.post(reverse("event_new", args=[club.pk]), form_data(fmt, sitout_score="fixed", movers="losers"))
    event = club.events.get()
    assert (event.kind, event.sitout_score, event.movers) == ("games", "average", "winners")


def test_the_form_marks_each_kinds_own_fields_for_the_page_to_show_only_those(olive_at_a):
    client, club = olive_at_a
    page = client.get(reverse("event_new", args=[club.pk])).content.decode()
    assert page.count('data-kinds="games"') == 5 and page.count('data-kinds="drive"') == 3
    # A drive and a duplicate evening are both scored by a rule the organiser picks; only a duplicate has boards.
    assert page.count('data-kinds="drive duplicate"') == 1 and page.count('data-kinds="duplicate"') == 3


def test_tie_breaks_keep_their_order(olive_at_a):
    client, club = olive_at_a
    client.post(reverse("event_new", args=[club.pk]), form_data(Format(tie_breaks=("last_hand", "second_half"))))
    assert club.events.get().tie_breaks == ["last_hand", "second_half"]


def test_a_club_preset_is_saved_from_an_event_and_offered_for_the_next(olive_at_a):
    client, club = olive_at_a
    event = make_event(club, Format(hands=16, interval_after=8, sitout_score="fixed", sitout_fixed=6))
    client.post(reverse("event_save_preset", args=[event.pk]), {"name": "Short Friday"})
    preset = FormatPreset.objects.get(club=club)
    assert preset.name == "Short Friday" and preset.format["hands"] == 16
    page = client.get(reverse("event_new", args=[club.pk]), {"preset": f"club:{preset.pk}"})
    assert "Short Friday (this club)" in page.content.decode()
    assert page.context["form"].initial["sitout_fixed"] == 6


def test_after_the_start_the_format_is_locked_but_the_name_may_change(olive_at_a):
    client, club = olive_at_a
    event = make_event(club)
    add_entrants(event, 4, 4)
    client.post(reverse("desk_start", args=[event.pk]), {"by": "card"})
    url = reverse("event_edit", args=[event.pk])
    response = client.post(url, form_data(Format(hands=20, interval_after=10), name="Renamed"))
    assert "The format is locked" in response.content.decode()
    client.post(url, form_data(Format(), name="Renamed", venue="Church hall"))
    event.refresh_from_db()
    assert (event.name, event.venue, event.hands) == ("Renamed", "Church hall", 24)


def test_the_event_page_says_the_format_in_words(olive_at_a):
    client, club = olive_at_a
    event = make_event(club, Format(movement="semi_partner", tie_breaks=("second_half",)))
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "A semi-partner drive of 24 hands" in page and "Interval after hand 12" in page
    assert "higher second half" in page and "Registering" in page


def test_an_events_format_follows_its_settings_as_they_change(olive_at_a):
    """The format is made once for each set of settings (models._format_of): a change of any setting, in
    the same object as already asked, gives the format of the new settings, never the one made before."""
    _, club = olive_at_a
    event = make_event(club)
    assert event.format.hands == 24 and event.format.tie_breaks == ()
    event.hands, event.tie_breaks = 12, ["last_hand"]
    assert event.format.hands == 12 and event.format.tie_breaks == ("last_hand",)
    event.set_format(Format.duplicate(boards=18, boards_per_round=3))
    assert event.format == Format.duplicate(boards=18, boards_per_round=3)
    event.set_format(Format(hands=20))
    assert event.format == Format(hands=20)
