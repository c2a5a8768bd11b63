"""Path converters for the phones' links."""


class TokenConverter:
    """A table's, player's or board's secret: URL-safe base64 (``secrets.token_urlsafe``), at most the
    64 characters a token column holds. Anything else is no page at all, before any database sees it:
    a NUL in the path was a server error on PostgreSQL."""

    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
