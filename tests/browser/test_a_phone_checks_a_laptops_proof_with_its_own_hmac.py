"""A phone checks a found laptop's proof with its own HMAC-SHA256 (static/whistdrive/hmac.js): a hall's
laptop is plain http, where browsers offer no crypto.subtle (#44, attack 2). Run in Chromium on the real
table page, under its Content-Security-Policy, against RFC 4231's vectors and Python's hmac."""

import hashlib
import hmac
import random

import pytest

from tests.browser.conftest import db_quiet
from tests.factories import started_event, table_of
from whistdrive.engines import tokens

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HMAC = (
    "([key, message]) => whistdriveHmac(typeof key === 'string' ? key : new Uint8Array(key), new Uint8Array(message))"
)


@pytest.fixture
def page(hall, live_server):
    with db_quiet(live_server):
        table = table_of(started_event(tables=2))
    phone = hall.phone()
    phone.goto(table.get_absolute_url())
    phone.wait_for_function("typeof window.whistdriveHmac === 'function'")
    return phone


def test_the_phones_hmac_gives_rfc_4231s_answers(page):
    vectors = [
        (b"\x0b" * 20, b"Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (b"Jefe", b"what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (b"\xaa" * 20, b"\xdd" * 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (
            b"\xaa" * 131,
            b"Test Using Larger Than Block-Size Key - Hash Key First",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        ),
    ]
    for key, message, expected in vectors:
        assert page.evaluate(HMAC, [list(key), list(message)]) == expected


def test_the_phones_hmac_agrees_with_pythons_across_sha256s_padding_edges(page):
    rng = random.Random(44)
    for length in [*range(0, 130), 1000]:  # a message's last block: 55, 56 and 64 bytes are the edges
        key = rng.randbytes(rng.randrange(1, 100))
        message = rng.randbytes(length)
        assert page.evaluate(HMAC, [list(key), list(message)]) == hmac.new(key, message, hashlib.sha256).hexdigest()


def test_the_phones_proof_of_a_nonce_is_the_laptops(page):
    token, nonce = tokens.new_token(), "0123456789abcdef" * 2
    proof = page.evaluate("([token, nonce]) => whistdriveHmac(token, nonce).slice(0, 32)", [token, nonce])
    assert proof == tokens.laptop_proof(token, nonce)
