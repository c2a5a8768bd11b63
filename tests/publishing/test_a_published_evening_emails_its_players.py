"""A laptop's publish reaches the players who agreed: the hosted site stores the evening through the API, the
`published` signal goes after the commit, and each member who agreed (as the laptop sent it) is emailed once,
through a real SMTP server; the same evening again and a correction email nobody twice."""

from __future__ import annotations

import copy

import pytest

from tests.publishing.helpers import hosted_club, laptop_payload, post
from tests.result_emails.conftest import smtp_server  # noqa: F401 - the real SMTP server, a fixture

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_members_who_agreed_are_emailed_once_whatever_is_published_after(client, settings, smtp_server):  # noqa: F811
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SECURE_SSL_REDIRECT = False
    club, key, _olive = hosted_club()
    payload = laptop_payload(
        club,
        settings_of={"first": {"results_by_email": True, "email": "ann@example.org"}},
    )
    assert post(client, payload, key).status_code == 201
    assert smtp_server.recipients == ["ann@example.org"]  # the other two members did not agree
    assert post(client, payload, key).status_code == 200
    corrected = copy.deepcopy(payload)
    table = next(t for t in corrected["archive"]["hands"][0]["tables"] if min(t["tricks"].values()) >= 1)
    ns, ew = table["tricks"]["NS"], table["tricks"]["EW"]
    table["tricks"] = {"NS": ns + 1, "EW": ew - 1} if ns > ew else {"NS": ns - 1, "EW": ew + 1}
    answer = post(client, corrected, key)
    assert answer.status_code == 200 and answer.json()["replaced"] is True
    assert smtp_server.recipients == ["ann@example.org"]
