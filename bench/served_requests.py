"""The real server's CPU for one request, by kind: what serving costs beyond the view itself.

    python bench/served_requests.py                 # 4,000 of each, 50 keep-alive connections
    python bench/served_requests.py --requests 8000 --connections 100

Starts ``manage.py rundrive`` (uvicorn, Django's WSGI handler in threads behind the event loop:
whistdrive/server/asgi.py) on a fresh SQLite data folder, then for each kind of request sends ``--requests`` of
them over ``--connections`` keep-alive connections at once, and reads the server's CPU from /proc before
and after: ``/healthz`` (the trivial view), ``/login/`` (a page of a few KB) and the vendored htmx
(a static file of 50 KB). Needs aiohttp (``pip install -e ".[bench]"``). Prints JSON, with
``machine_loop_s`` (bench/hall.py's ``machine_speed``) to tell machines apart.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import signal
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hall import cpu_seconds, machine_speed, server_env, start_rundrive  # noqa: E402

HTMX_RE = re.compile(r'src="(/static/django_htmx/htmx-2[^"]*\.js)"')


async def fire(base: str, path: str, requests: int, connections: int) -> int:
    """``requests`` GETs of ``path``, ``connections`` at a time on keep-alive connections; the bytes read."""
    read = 0
    connector = aiohttp.TCPConnector(limit=connections)
    async with aiohttp.ClientSession(base, connector=connector) as session:
        left = iter(range(requests))

        async def worker() -> None:
            nonlocal read
            for _ in left:
                async with session.get(path) as response:
                    assert response.status == 200, (path, response.status)
                    read += len(await response.read())

        await asyncio.gather(*(worker() for _ in range(connections)))
    return read


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--connections", type=int, default=50)
    args = parser.parse_args()
    speed = machine_speed()
    data_dir = tempfile.mkdtemp(prefix="wd-served-")
    env = server_env("sqlite", data_dir)
    env["WHISTDRIVE_CONNECTIONS_PER_ADDRESS"] = "0"  # every connection comes from this machine
    server, base, log = start_rundrive(env, data_dir)
    out: dict = {"date": time.strftime("%Y-%m-%d %H:%M"), "machine_loop_s": speed, "requests": args.requests,
                 "connections": args.connections, "us_cpu_per_request": {}}  # fmt: skip
    try:
        login = asyncio.run(_text(base, "/login/"))
        htmx = HTMX_RE.search(login).group(1)
        for name, path in (("healthz", "/healthz"), ("login page", "/login/"), ("htmx (static)", htmx)):
            asyncio.run(fire(base, path, 200, args.connections))  # warm: threads, connections, caches
            before = cpu_seconds(server.pid)
            started = time.perf_counter()
            read = asyncio.run(fire(base, path, args.requests, args.connections))
            wall = time.perf_counter() - started
            spent = cpu_seconds(server.pid) - before
            out["us_cpu_per_request"][name] = round(spent / args.requests * 1e6)
            out.setdefault("per_second", {})[name] = round(args.requests / wall)
            out.setdefault("bytes", {})[name] = read // args.requests
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    print(json.dumps(out, indent=1))


async def _text(base: str, path: str) -> str:
    async with aiohttp.ClientSession(base) as session, session.get(path) as response:
        return await response.text()


if __name__ == "__main__":
    main()
