"""Log filters. Table and player tokens are keys: they must never reach a log file."""

import logging
import re
import threading
import time

# /t/<token>/ (table phone pages), /p/<token>/ (personal pages), /board/<token>/, /c/<token>/ (a club's
# reusable table cards) and /door/<code>/ (the door poster's check-in) carry secrets in the path.
TOKEN_IN_PATH = re.compile(r"/(t|p|board|c|door)/[A-Za-z0-9_\-]{8,}")


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


class QuietRepeats(logging.Filter):
    """The log is never flooded: at most BURST records of one kind a minute, then one line saying how
    many more were left out.

    A kind is the logger, the level and the message's unformatted text, so "Not Found: %s" for a
    thousand different paths is one kind. Found by trying: a server out of file handles wrote
    "Too many open files" in a loop, 732 MB of log in 3 minutes.
    """

    BURST = 5
    WINDOW = 60.0

    def __init__(self, name: str = ""):
        super().__init__(name)
        self._lock = threading.Lock()
        self._kinds: dict[tuple, list] = {}  # kind -> [window start, records this window, left out]

    def reset(self) -> None:
        with self._lock:
            self._kinds.clear()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, record.levelno, str(record.msg)[:300])
        now = time.monotonic()
        with self._lock:
            seen = self._kinds.get(kind)
            if seen is None or now - seen[0] >= self.WINDOW:
                left_out = seen[2] if seen else 0
                if len(self._kinds) > 1_000:
                    self._kinds.clear()
                self._kinds[kind] = [now, 1, 0]
                if left_out:
                    record.msg = f"({left_out} more like the next line were left out of the log) {record.msg}"
                return True
            seen[1] += 1
            if seen[1] <= self.BURST:
                if seen[1] == self.BURST:
                    record.msg = f"{record.msg} (more like this in the next minute are left out of the log)"
                return True
            seen[2] += 1
            return False
