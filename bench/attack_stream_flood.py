"""A flood of event streams against the laptop's server: can a guest with many addresses fill it?

    python bench/attack_stream_flood.py                       # this checkout
    python bench/attack_stream_flood.py --repo ../before     # another checkout (before a change)

Starts `manage.py rundrive` (from --repo) on a fresh SQLite folder with a started --tables evening, then a
guest who knows every table's link but table 1's opens --per-address streams of pushed updates (default 32,
the connections an address may hold) from each of --addresses loopback addresses (default 130:
127.0.10.1 up), spread over the tables it knows, and holds every one that is answered 200. Then a phone at a
fresh address (127.0.0.250), at table 1, loads its page and opens its stream. Prints how the guest's streams
were answered (200 held, 429 refused, 503 over the server's connection limit, connection refused or reset)
and what the phone got, with times. Linux (any 127.x address is this machine); loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import socket
import tempfile
import time
from collections import Counter
from pathlib import Path

from _laptop import start

HERE = Path(__file__).resolve().parent.parent
PHONE = "127.0.0.250"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def open_stream(port: int, token: str, source: str, held: list) -> str:
    """Open a table's stream from ``source``: its status ("200" ones kept open in ``held``), or what went wrong."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), timeout=10
        )
    except (TimeoutError, OSError) as exc:
        return f"not connected ({type(exc).__name__})"
    try:
        writer.write(f"GET /t/{token}/events/ HTTP/1.1\r\nHost: laptop\r\nAccept: text/event-stream\r\n\r\n".encode())
        line = await asyncio.wait_for(reader.readline(), timeout=15)
    except (TimeoutError, OSError) as exc:
        writer.close()
        return f"no answer ({type(exc).__name__})"
    if not line:
        writer.close()
        return "closed unanswered"
    status = line.split(b" ")[1].decode()
    if status == "200":
        held.append((reader, writer))
    else:
        writer.close()
    return status


async def page(port: int, token: str, source: str) -> tuple[str, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(f"GET /t/{token}/ HTTP/1.1\r\nHost: laptop\r\nConnection: close\r\n\r\n".encode())
    body = await asyncio.wait_for(reader.read(), timeout=30)
    writer.close()
    return body.split(b" ")[1].decode(), time.perf_counter() - started


async def flood(port: int, evening: dict, addresses: int, per_address: int) -> None:
    tables = evening["tables"]
    known = [tables[number] for number in sorted(tables, key=int) if number != "1"]
    held: list = []
    started = time.perf_counter()
    jobs = []
    for a in range(addresses):
        source = f"127.0.{10 + a // 250}.{1 + a % 250}"
        for n in range(per_address):
            jobs.append(open_stream(port, known[(a * per_address + n) % len(known)], source, held))
    answers: Counter = Counter()
    for chunk in range(0, len(jobs), 500):  # a few hundred at a time, as fast as they are answered
        answers.update(await asyncio.gather(*jobs[chunk : chunk + 500]))
    took = time.perf_counter() - started
    print(
        f"guest: {addresses} addresses × {per_address} streams = {len(jobs):,} tried in {took:.1f} s, over {len(known)} tables"
    )
    print("  answered: " + ", ".join(f"{n:,} × {status}" for status, n in answers.most_common()))
    print(f"  held open: {len(held):,}")
    status, took = await page(port, tables["1"], PHONE)
    print(f"phone at a fresh address, table 1: page {status} in {took:.3f} s")
    mine: list = []
    started = time.perf_counter()
    status = await open_stream(port, tables["1"], PHONE, mine)
    heard = ""
    if mine:
        heard = await asyncio.wait_for(version(mine[0][0]), timeout=10)
    print(f"phone's stream: {status}, its table's version heard in {time.perf_counter() - started:.3f} s ({heard})")
    for _, writer in held + mine:
        writer.close()


async def version(reader: asyncio.StreamReader) -> str:
    """The first version a stream tells (a data line not part of a beat)."""
    before = b""
    while line := await reader.readline():
        if line.startswith(b"data: ") and not before.startswith(b"event: beat"):
            return line[6:].split(b" ")[0].decode()
        before = line
    return "ended"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout whose rundrive is measured")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--addresses", type=int, default=130)
    parser.add_argument("--per-address", type=int, default=32)
    args = parser.parse_args()
    if not (2 <= args.tables <= 300 and 1 <= args.addresses <= 1000 and 1 <= args.per_address <= 64):
        parser.error("--tables 2-300, --addresses 1-1000, --per-address 1-64")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.addresses * args.per_address + 256
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(wanted, soft)), hard))
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="stream-flood-") as data:
        server, evening = start(args.repo.resolve(), Path(data), port, args.tables)
        try:
            asyncio.run(flood(port, evening, args.addresses, args.per_address))
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
