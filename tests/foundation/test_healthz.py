import pytest


@pytest.mark.django_db
def test_healthz_answers_without_a_login_and_names_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_organiser_pages_need_a_login(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")
