"""The server's start leaves what it already holds out of Python's garbage collector's passes, and makes
its full passes rare (whistdrive/server/asgi.py, ``settle_the_heap``): at a 300-table hall's peak, full passes
over the whole heap each held every request for a fifth of a second (docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import gc
from unittest import mock

from whistdrive.server import asgi


class _Hub:
    """The pushed updates' hub, not started: this test is about the heap only."""

    def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass


def _serve_and_stop(app: asgi.Application) -> list[dict]:
    """The server's start and stop, as uvicorn sends them (the lifespan protocol)."""
    incoming = [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]
    sent: list[dict] = []

    async def receive() -> dict:
        return incoming.pop(0)

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app({"type": "lifespan"}, receive, send))
    return sent


def test_the_servers_start_freezes_what_it_holds_and_makes_full_passes_rare():
    thresholds = gc.get_threshold()
    gc.unfreeze()
    try:
        with mock.patch.object(asgi.push, "hub", _Hub()):
            sent = _serve_and_stop(asgi.Application(threads=1))
        assert [m["type"] for m in sent] == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
        assert gc.get_freeze_count() > 10_000  # Django and the apps, loaded before the server starts
        young, middle, full = gc.get_threshold()
        assert (young, middle) == thresholds[:2]  # the younger passes as Python makes them
        assert full == asgi.FULL_PASS_EVERY > thresholds[2]
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
