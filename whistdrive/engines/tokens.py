"""The one maker of secrets in links: table and player QR codes, the board, club table cards, league
invitations. No Django import: both apps' models take it as a default."""

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A 256-bit URL-safe secret (43 characters): guessing one is hopeless (docs/robustness.md)."""
    return secrets.token_urlsafe(32)


def new_public_id() -> str:
    """A name for a page anyone may open (a club's, an evening's, a player's results online): random, so the
    pages of people who chose not to appear cannot be found by counting, but not a secret: it opens nothing."""
    return secrets.token_urlsafe(9)


# A proof is the first 128 bits of the HMAC, in hex: as hard to forge as the whole, and a laptop's answer
# for a 300-table hall stays about 10 KB.
PROOF_HEX_DIGITS = 32


def laptop_proof(token: str, nonce: str) -> str:
    """What a server answers a phone looking for its replaced laptop, to show it holds the phone's table
    without the phone naming it: HMAC-SHA256 of the phone's fresh nonce keyed by the table's token.

    The phone works out the same with its own token (static/whistdrive/hmac.js, since WebCrypto is not
    offered to a plain-http page) and tells a server nothing until it has seen it (kept.js)."""
    return hmac.new(token.encode(), nonce.encode(), hashlib.sha256).hexdigest()[:PROOF_HEX_DIGITS]
