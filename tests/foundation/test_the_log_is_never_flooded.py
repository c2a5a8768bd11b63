"""The console log is never flooded: a message repeated many times is written a few times a minute,
then once more with how many were left out (whistdrive/server/logging.py, QuietRepeats)."""

import io
import logging

from whistdrive.server import logging as wd_logging


def _logger(monkeypatch, now):
    monkeypatch.setattr(wd_logging.time, "monotonic", lambda: now[0])
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(wd_logging.QuietRepeats())
    handler.addFilter(wd_logging.HideTokens())
    logger = logging.getLogger("whistdrive.tests.flood")
    logger.propagate = False
    logger.handlers = [handler]
    return logger, stream


def test_a_thousand_repeats_are_five_lines_and_a_count(monkeypatch):
    now = [1000.0]
    logger, stream = _logger(monkeypatch, now)
    for n in range(1000):
        logger.warning("server accept() threw an exception: %s", f"Too many open files ({n})")
        logger.warning("Not Found: %s", f"/t/{'x' * 20}{n}/")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[8].endswith("(more like this in the next minute are left out of the log)")
    assert lines[9].startswith("Not Found: /t/[token]/")
    now[0] += 61
    logger.warning("server accept() threw an exception: %s", "Too many open files")
    last = stream.getvalue().splitlines()[-1]
    assert last.startswith("(995 more like the next line were left out of the log) server accept()")


def test_different_messages_are_each_written(monkeypatch):
    logger, stream = _logger(monkeypatch, [5.0])
    for n in range(20):
        logger.warning(f"message number {n}")  # noqa: G004 - twenty different messages, on purpose
    assert len(stream.getvalue().splitlines()) == 20
