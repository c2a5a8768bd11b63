"""Names online follow Member.online: the full name, initials, or not at all; guests show as initials."""

from django.urls import reverse


def _evening_page(client, club, evening) -> str:
    return client.get(reverse("public_evening", args=[club.public_id, evening.public_id])).content.decode()


def test_full_names_initials_and_hidden_players_each_show_as_chosen(client, club, evening, members):
    page = _evening_page(client, club, evening)

    assert "Ann Example" in page
    assert "B. Z. Ł." in page and "Łukasiewicz" not in page
    assert "Cat Example" not in page and "A player" in page
    assert "I. E." in page and "Ian Example" not in page  # a guest


def test_a_hidden_player_has_no_page_and_no_link(client, club, evening, members):
    page = _evening_page(client, club, evening)

    assert members["Cat"].public_id not in page
    assert client.get(reverse("public_player", args=[club.public_id, members["Cat"].public_id])).status_code == 404
    assert client.get(reverse("public_player", args=[club.public_id, members["Ian"].public_id])).status_code == 404


def test_a_member_who_changes_their_mind_is_shown_their_new_way(client, club, evening, members):
    members["Ann"].online = "initials"
    members["Ann"].save()

    page = _evening_page(client, club, evening)

    assert "Ann Example" not in page
    assert "A. E." in page
