"""Log filters. Table and player tokens are keys: they must never reach a log file."""

import logging
import re

# /t/<token>/ (table phone pages) and /p/<token>/ (personal pages) carry secrets in the path.
TOKEN_IN_PATH = re.compile(r"/(t|p|board)/[A-Za-z0-9_\-]{8,}")


def redact(text: str) -> str:
    return TOKEN_IN_PATH.sub(lambda m: f"/{m.group(1)}/[token]", text)


class HideTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if record.args:
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True
