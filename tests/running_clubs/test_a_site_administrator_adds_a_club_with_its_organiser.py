"""The site's administrator adds a club and its first organiser in one form, or with `add_club`; nobody else can."""

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.urls import reverse

from clubs.models import Club
from tests.factories import make_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_user():
    return User.objects.create_superuser("ada", password="correct horse battery")


def test_the_administrator_adds_a_club_whose_new_organiser_logs_in_with_the_password_shown_once(client, admin_user):
    client.force_login(admin_user)
    response = client.post(
        reverse("add_club"), {"name": "Middle Wallop Whist", "organiser": "mo", "email": "mo@example.org"}
    )
    assert response.status_code == 200
    club = Club.objects.get(name="Middle Wallop Whist")
    mo = User.objects.get(username="mo")
    assert club.role_of(mo) == "organiser" and mo.email == "mo@example.org"
    password = response.context["password"]
    assert password in response.content.decode()
    client.logout()
    assert client.post(reverse("login"), {"username": "mo", "password": password}).status_code == 302
    assert client.get(reverse("club", args=[club.pk])).status_code == 200


def test_an_existing_account_becomes_the_organiser_and_keeps_its_password(client, admin_user):
    _, _, olive, _, _ = make_cast()
    client.force_login(admin_user)
    response = client.post(reverse("add_club"), {"name": "Upper Wallop Whist", "organiser": "olive"})
    assert response.context["password"] is None
    assert Club.objects.get(name="Upper Wallop Whist").role_of(olive) == "organiser"


def test_a_club_name_taken_or_a_bad_login_name_saves_nothing_and_says_why(client, admin_user):
    make_cast()
    client.force_login(admin_user)
    response = client.post(reverse("add_club"), {"name": "nether wallop whist club", "organiser": "new"})
    assert response.status_code == 400
    assert "A club called nether wallop whist club is here already." in response.content.decode()
    response = client.post(reverse("add_club"), {"name": "Another Club", "organiser": "two words"})
    assert response.status_code == 400
    assert Club.objects.count() == 2 and not User.objects.filter(username__in=["new", "two words"]).exists()


def test_an_organiser_is_not_a_site_administrator(client):
    _, _, olive, _, _ = make_cast()
    olive.is_staff = False
    olive.save()
    client.force_login(olive)
    assert client.get(reverse("add_club")).status_code == 403
    assert client.post(reverse("add_club"), {"name": "Sneaky", "organiser": "olive"}).status_code == 403
    assert not Club.objects.filter(name="Sneaky").exists()


def test_the_command_adds_a_club_and_prints_the_new_password_once(capsys):
    call_command("add_club", "Nether Wallop Whist Club", "--organiser", "olive", "--email", "olive@example.org")
    out = capsys.readouterr().out
    password = out.split("shown this once: ")[1].split()[0]
    assert User.objects.get(username="olive").check_password(password)
    assert Club.objects.get().role_of(User.objects.get(username="olive")) == "organiser"


def test_the_command_refuses_bad_input_and_adds_nothing():
    with pytest.raises(CommandError, match="organiser: Enter a valid username"):
        call_command("add_club", "A Club", "--organiser", "not a login")
    with pytest.raises(CommandError, match="email: Enter a valid email address"):
        call_command("add_club", "A Club", "--organiser", "olive", "--email", "nope")
    assert not Club.objects.exists() and not User.objects.exists()
