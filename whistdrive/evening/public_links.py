"""The addresses of the hosted site's public pages that leave the site (QR codes on scorecards, emails): built only
here, so that a page's address is one answer (issue #51, the public pages)."""


def player_url(base_url: str, club, member) -> str:
    """The member's page of results on the club's hosted site."""
    return f"{base_url.rstrip('/')}/results/{club.public_id}/players/{member.public_id}/"
