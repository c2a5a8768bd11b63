"""The addresses of the hosted site's public pages that leave the site (QR codes, emails): built only here
(docs/design of #51: the names and shapes of the public URLs are shared between the helpers)."""


def player_url(base_url: str, club, member) -> str:
    """The member's page of results on the club's hosted site."""
    return f"{base_url.rstrip('/')}/results/{club.public_id}/players/{member.public_id}/"
