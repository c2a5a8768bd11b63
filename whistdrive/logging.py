"""Log filters. Table and player tokens are keys: they must never reach a log file."""

import logging
import re

# /t/<token>/ (table phone pages) and /p/<token>/ (personal pages) carry secrets in the path.
TOKEN_IN_PATH = re.compile(r"/(t|p|board)/[A-Za-z0-9_\-]{8,}")


def redact(text: str) -> str:
    return TOKEN_IN_PATH.sub(lambda m: f"/{m.group(1)}/[token]", text)


class HideTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        # The whole message, not its parts: "/t/%s/" with the token as an argument only shows
        # a path once the two are put together.
        try:
            message = record.getMessage()
        except Exception:  # a malformed call: keep the record's own parts, each redacted
            message = None
        if message is not None:
            record.msg, record.args = redact(message), None
        else:
            record.msg = redact(str(record.msg))
            if isinstance(record.args, tuple):
                record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if record.exc_info and not record.exc_text:
            # A traceback may quote a URL in an exception's message: format it now, redacted.
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True
