"""A load balancer probes each server by its address (Host: 10.0.0.5:8000), which is in no ALLOWED_HOSTS: with
WHISTDRIVE_HEALTH_FROM_ANY_HOST=1 /healthz answers it, and every other page still refuses that host."""

import json

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(settings):
    settings.ALLOWED_HOSTS = ["whist.example.org"]
    settings.DEBUG = False


def test_without_the_setting_a_probe_by_address_is_refused(client, hosted, settings):
    settings.HEALTH_FROM_ANY_HOST = False
    assert client.get("/healthz", HTTP_HOST="10.0.0.5:8000").status_code == 400


def test_with_the_setting_a_probe_by_address_is_answered_and_told_nothing_more(client, hosted, settings):
    settings.HEALTH_FROM_ANY_HOST = True
    response = client.get("/healthz", HTTP_HOST="10.0.0.5:8000")
    assert response.status_code == 200 and json.loads(response.content) == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_every_other_page_still_refuses_a_host_not_allowed(client, hosted, settings):
    settings.HEALTH_FROM_ANY_HOST = True
    assert client.get("/login/", HTTP_HOST="10.0.0.5:8000").status_code == 400
    assert client.get("/healthz/x", HTTP_HOST="10.0.0.5:8000").status_code == 400
