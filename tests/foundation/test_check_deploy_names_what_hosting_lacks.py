"""``check --deploy`` on a hosted install names each setting a volunteer left out, and the variable that fixes it
(docs/hosting.md, step 5)."""

import pytest
from django.test import override_settings

from whistdrive.server.checks import hosting

EVERYTHING = {
    "WHISTDRIVE_SERVER_ID": "whist-example-org",
    "DJANGO_SECRET_KEY": "k" * 60,
    "DJANGO_ALLOWED_HOSTS": "whist.example.org",
}


@pytest.fixture
def documented(monkeypatch):
    for name, value in EVERYTHING.items():
        monkeypatch.setenv(name, value)
    with override_settings(HOSTED=True, CACHE_URL="redis://127.0.0.1:6379/0", WHISTDRIVE_TRUSTED_PROXIES=["127.0.0.1"]):
        yield monkeypatch


def test_a_hosted_install_with_the_documented_settings_lacks_nothing(documented):
    assert hosting() == []


@pytest.mark.parametrize(
    ("left_out", "named"),
    [
        ("WHISTDRIVE_SERVER_ID", "whistdrive.W001"),
        ("DJANGO_SECRET_KEY", "whistdrive.W003"),
        ("DJANGO_ALLOWED_HOSTS", "whistdrive.W004"),
    ],
)
def test_each_variable_left_out_is_named_with_its_fix(documented, left_out, named):
    documented.delenv(left_out)
    (warning,) = hosting()
    assert warning.id == named
    assert left_out in warning.msg and left_out in warning.hint and "whistdrive.env" in warning.hint


def test_no_shared_cache_and_no_trusted_proxy_are_named(documented):
    with override_settings(CACHE_URL="", WHISTDRIVE_TRUSTED_PROXIES=[]):
        found = {warning.id: warning for warning in hosting()}
    assert set(found) == {"whistdrive.W002", "whistdrive.W005"}
    assert "WHISTDRIVE_CACHE_URL=redis://" in found["whistdrive.W002"].hint
    assert "WHISTDRIVE_TRUSTED_PROXIES=127.0.0.1" in found["whistdrive.W005"].hint


def test_email_without_the_sites_address_is_named(documented):
    with override_settings(EMAIL_CONFIGURED=True, WHISTDRIVE_SITE_URL=""):
        (warning,) = hosting()
    assert warning.id == "whistdrive.W006"
    assert "WHISTDRIVE_SITE_URL" in warning.msg and "WHISTDRIVE_SITE_URL" in warning.hint
    with override_settings(EMAIL_CONFIGURED=True, WHISTDRIVE_SITE_URL="https://whist.example.org"):
        assert hosting() == []


def test_the_laptop_is_not_asked_for_hosted_settings(documented):
    documented.delenv("WHISTDRIVE_SERVER_ID")
    with override_settings(HOSTED=False, CACHE_URL=""):
        assert hosting() == []
