"""The one maker of secrets in links: table and player QR codes, the board, club table cards, league
invitations. No Django import: both apps' models take it as a default."""

import secrets


def new_token() -> str:
    """A 256-bit URL-safe secret (43 characters): guessing one is hopeless (docs/robustness.md)."""
    return secrets.token_urlsafe(32)
