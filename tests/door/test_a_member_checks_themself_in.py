"""A member scans the door poster, finds themself with the desk's search, and taps "I'm here": they are entered
with the next card number, which their phone shows. A couple checks in together; nobody checks in twice."""

from django.test import Client

from tests.door.conftest import door_url, here
from whistdrive.server.logging import redact
from whistdrive.store.models import CheckIn


def test_a_member_finds_themself_however_they_type_their_name(evening, members):
    page = Client().get(door_url(evening), {"q": "zoe luk"}).content.decode()
    assert "Zoë Łukasiewicz" in page and "I'm here" in page
    assert "Agnes" not in page


def test_im_here_enters_the_member_and_the_phone_shows_their_card(evening, members):
    page = here(Client(), evening, members["Agnes Smith"]).content.decode()
    entrant = evening.entrants.get()
    assert (entrant.name, entrant.role, entrant.member, entrant.card_number) == (
        "Agnes Smith", "lady", members["Agnes Smith"], 1,
    )  # fmt: skip
    assert "Welcome, Agnes Smith: you are <b>card 1</b>" in page


def test_a_couple_checks_in_together_from_one_phone(evening, members):
    page = here(Client(), evening, members["Agnes Smith"], members["Albert Smith"]).content.decode()
    assert sorted(evening.entrants.values_list("name", "card_number")) == [("Agnes Smith", 1), ("Albert Smith", 2)]
    assert "card 1" in page and "card 2" in page


def test_more_than_a_couple_at_once_is_refused_and_nobody_is_entered(evening, members):
    response = here(Client(), evening, members["Agnes Smith"], members["Albert Smith"], members["Bob Jones"])
    assert response.status_code == 409 and "Check in 2 at most together" in response.content.decode()
    assert not evening.entrants.exists() and not CheckIn.objects.exists()


def test_a_member_checks_in_once_and_the_second_phone_is_told_their_card(evening, members):
    here(Client(), evening, members["Agnes Smith"])
    response = here(Client(), evening, members["Agnes Smith"])
    assert "Agnes Smith is here already: card 1" in response.content.decode()
    assert evening.entrants.count() == 1 and CheckIn.objects.count() == 1


def test_a_member_entered_at_the_desk_is_found_as_here_not_offered_again(evening, members):
    here(Client(), evening, members["Agnes Smith"])
    page = Client().get(door_url(evening), {"q": "agnes"}).content.decode()
    assert "Agnes Smith is here: card 1" in page and 'name="member"' not in page


def test_a_phone_checks_in_a_few_people_and_no_more(evening, members):
    phone = Client()
    here(phone, evening, members["Agnes Smith"], members["Albert Smith"])
    here(phone, evening, members["Bob Jones"], members["Mary Jones"])
    response = here(phone, evening, members["Fred Bloggs"])
    assert "a phone may check in 4 at most" in response.content.decode()
    assert evening.entrants.count() == 4
    assert here(Client(), evening, members["Fred Bloggs"]).status_code == 200


def test_someone_of_another_club_cannot_be_checked_in(evening, cast):
    from tests.factories import make_member

    stranger = make_member(cast["club_b"], "Olga Other", "lady")
    response = here(Client(), evening, stranger)
    assert response.status_code == 400 and "not on the club&#x27;s list" in response.content.decode()
    assert not evening.entrants.exists()


def test_the_search_needs_three_letters_and_shows_a_few_names_only(evening, cast):
    from tests.factories import make_member

    for number in range(12):
        make_member(cast["club_a"], f"Smithson {number}", "gent")
    assert "at least three letters" in Client().get(door_url(evening), {"q": "sm"}).content.decode()
    page = Client().get(door_url(evening), {"q": "smithson"}).content.decode()
    assert page.count('name="member"') == 5


def test_a_code_nobody_made_is_not_found(evening):
    assert Client().get(f"/door/{evening.pk}-forged/").status_code == 404
    assert Client().get(f"/door/{evening.pk + 1}-{evening.door_code.split('-')[1]}/").status_code == 404


def test_the_door_code_never_reaches_the_logs(evening):
    assert redact(f"GET {door_url(evening)} 200") == "GET /door/[token]/ 200"
