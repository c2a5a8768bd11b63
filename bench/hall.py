"""A hall at its peak, and everything at once: the real server (`rundrive`: uvicorn) under phones.

    python bench/hall.py --tables 300                  # peak, SQLite
    python bench/hall.py --tables 300 --db postgres    # peak, PostgreSQL
    python bench/hall.py --tables 300 --mode burst     # everything at once
    python bench/hall.py --tables 300 --mode idle      # every page open, nothing happening
    python bench/hall.py --tables 300 --poll           # the phones poll, as without pushed updates
    python bench/hall.py --tables 300 --workers 2      # rundrive --workers 2: two server processes
    python bench/hall.py --tables 300 --profile F      # py-spy's samples of the server's peak (or burst), in F

Needs aiohttp (a bench-only dependency: ``pip install -e ".[bench]"``). For each run it makes a
fresh database (a temporary WHISTDRIVE_DATA_DIR, or the PostgreSQL database ``wd_hall_bench``),
builds a 24-hand evening with 11 hands played (bench/_event.py), starts
``manage.py rundrive --organiser bench --host 127.0.0.1 --port P`` in a subprocess and loads it
from this one asyncio process:

* every table has four phones; each opens the table page, taps its seat (a POST, as a player does
  once) and then, as the page's push.js does, opens the table's stream of pushed updates (naming its
  player) on a connection of its own; a pushed page it takes as its new page, unless the page it
  shows is newer, and it fetches the state fragment when a version it does not show is pushed
  (with ``--poll``, or while its stream is down, it polls at the interval the page names instead);
  while its stream is down it also fetches at once when the page says ``load`` (an entry's answer
  leaves the moves to that fetch, or to the page pushed next), with ``?v=<version>`` and
  ``HX-Request``, and ``If-None-Match`` when it holds an ETag for that very URL; one keep-alive
  connection per phone for its requests;
* the organiser's live page (logged in) polls its fragment at the page's interval (3 s, 10 s at
  300 tables) with If-None-Match, the projector board every 10 s;
* peak: each table finishes at a random moment of the 10-second window: North submits the
  tricks through the keypad form, and 0.5–2 s after that East agrees through the agree form
  (CSRF token from the page, as htmx sends it);
* burst: with every phone's page open, all the tables' submissions are fired at the same
  instant, then all the agreements, then as many /healthz requests (the trivial view) the same way;
* idle: every phone's page and stream open, and nothing happening for the window and tail.

Afterwards it counts Results and Submissions in the database: every submission answered 2xx
without an error message must be there. The server's CPU (every process under it) is read from /proc.
``machine_loop_s`` is how fast the machine ran a fixed loop just before (``machine_speed``): machines of
the same kind differ by more than most changes do.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
# A header line as long as a browser takes (aiohttp's default is 8,190 bytes): the table page's
# Content-Security-Policy names every address its phone may ask for a replaced laptop.
BROWSERS_HEADER = 64 * 1024
PYTHON = sys.executable
CLK_TCK = os.sysconf("SC_CLK_TCK")
PG_URL = "postgres://postgres@127.0.0.1:5432/"
PG_DB = "wd_hall_bench"

VERSION_RE = re.compile(r'hx-get="[^"?]*\?v=(\w+)"')
TRIGGER_RE = re.compile(r'hx-trigger="(load, )?every (\d+)s')
CSRF_RE = re.compile(r'"X-CSRFToken": "([^"]+)"')
INPUT_CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SHARED_RE = re.compile(r'data-shared="(\w*)"')
PUSH_RE = re.compile(r'data-push="([^"]+)"')
REVISION_RE = re.compile(r'data-revision="([^"]+)"')


def older(pushed: str, shown: str) -> bool:
    """push.js's ``older``: a page's revisions ("event-table") before another's."""
    a, b = pushed.split("-"), shown.split("-")
    return len(a) != 2 or len(b) != 2 or int(a[0]) < int(b[0]) or int(a[1]) < int(b[1])


# -- the server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(db: str, data_dir: str) -> dict:
    env = dict(os.environ, WHISTDRIVE_DATA_DIR=data_dir, DJANGO_SETTINGS_MODULE="whistdrive.settings")
    env.pop("DJANGO_DEBUG", None)
    env.pop("DATABASE_URL", None)
    if db == "postgres":
        env.update(
            DATABASE_URL=PG_URL + PG_DB,
            DJANGO_SECURE_SSL_REDIRECT="0",  # plain http on the loopback; cookies stay Secure
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DJANGO_SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        )
    return env


def start_rundrive(env: dict, data_dir: str, *options: str) -> tuple[subprocess.Popen, str, object]:
    """``manage.py rundrive`` on a free port of 127.0.0.1 with ``env``, its output in ``data_dir``/server.log,
    once it takes connections: the process, its base URL and the open log (close it after the process)."""
    port = free_port()
    log = open(Path(data_dir) / "server.log", "w")
    server = subprocess.Popen(
        [PYTHON, "manage.py", "rundrive", "--organiser", "bench", "--host", "127.0.0.1", "--port", str(port), *options],
        env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.2)
    return server, f"http://127.0.0.1:{port}", log


def fresh_postgres() -> None:
    for sql in (f"DROP DATABASE IF EXISTS {PG_DB} WITH (FORCE)", f"CREATE DATABASE {PG_DB}"):
        subprocess.run(["psql", PG_URL + "postgres", "-qc", sql], check=True)


def cpu_seconds(pid: int) -> float:
    """CPU of the server and of every process under it (``rundrive --workers N`` runs N of them)."""
    parents, spent = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        child = int(stat.parent.name)
        parents[child] = int(fields[1])
        spent[child] = (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime + stime
    children: dict[int, list[int]] = {}
    for child, parent in parents.items():
        children.setdefault(parent, []).append(child)
    total, waiting = 0.0, [pid]
    while waiting:
        member = waiting.pop()
        total += spent.get(member, 0.0)
        waiting += children.get(member, [])
    return total


class Profiler:
    """``--profile FILE``: py-spy samples the server's processes through the measured part only, 100 times a
    second (``WD_PYSPY_RATE``), with any further options of py-spy's in ``WD_PYSPY_EXTRA`` (``--gil``: only
    the thread holding Python's lock)."""

    def __init__(self, path: str | None):
        self.path, self.process = path, None

    def start(self, pid: int) -> None:
        if self.path:
            self.process = subprocess.Popen(
                ["py-spy", "record", "--pid", str(pid), "--subprocesses", "--rate", os.environ.get("WD_PYSPY_RATE", "100"), "--format", "raw",
                 "--nonblocking", *os.environ.get("WD_PYSPY_EXTRA", "").split(), "--output", self.path],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=60)


# -- measuring ----------------------------------------------------------------------------


class Stats:
    def __init__(self):
        self.times: dict[str, list[float]] = {}
        self.errors: dict[str, list[str]] = {}
        self.counts: dict[str, int] = {}

    def add(self, kind: str, ms: float) -> None:
        self.times.setdefault(kind, []).append(ms)

    def count(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def error(self, kind: str, what: str) -> None:
        self.errors.setdefault(kind, []).append(what)

    def summary(self) -> dict:
        out = {}
        for kind, values in sorted(self.times.items()):
            if not values:
                continue
            values = sorted(values)
            out[kind] = {
                "n": len(values),
                "p50": round(pct(values, 50)),
                "p95": round(pct(values, 95)),
                "p99": round(pct(values, 99)),
                "max": round(values[-1]),
            }
        return out


def pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    k = max(0, min(len(values) - 1, round(p / 100 * len(values) + 0.5) - 1))
    return values[k]


class Client:
    """One browser: one keep-alive connection, its own cookies (kept by hand: the PostgreSQL
    run's cookies are Secure and aiohttp would not send them over plain http)."""

    def __init__(self, base: str, stats: Stats):
        self.base = base
        self.stats = stats
        self.cookies: dict[str, str] = {}
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=1, force_close=False, keepalive_timeout=120),
            cookie_jar=aiohttp.DummyCookieJar(),
            timeout=aiohttp.ClientTimeout(total=120),
            max_field_size=BROWSERS_HEADER,
        )

    async def request(self, kind: str, method: str, path: str, *, headers=None, data=None, ok=(200,)):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        start = time.perf_counter()
        try:
            async with self.session.request(
                method, self.base + path, headers=headers, data=data, allow_redirects=False
            ) as response:
                body = await response.text()
                for cookie in response.cookies.values():
                    self.cookies[cookie.key] = cookie.value
                status = response.status
                etag = response.headers.get("ETag")
        except (TimeoutError, aiohttp.ClientError) as exc:
            self.stats.error(kind, f"{type(exc).__name__}: {exc}")
            return None, "", None
        ms = (time.perf_counter() - start) * 1000
        if status not in ok:
            self.stats.error(kind, f"HTTP {status} {path}")
            return status, body, etag
        self.stats.add(kind, ms)
        return status, body, etag

    @property
    def session_for_stream(self) -> aiohttp.ClientSession:
        if not hasattr(self, "_stream_session"):
            self._stream_session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=1), cookie_jar=aiohttp.DummyCookieJar(),
                timeout=aiohttp.ClientTimeout(total=None, sock_read=None), max_field_size=BROWSERS_HEADER,
            )  # fmt: skip
        return self._stream_session

    async def close(self):
        await self.session.close()
        if hasattr(self, "_stream_session"):
            await self._stream_session.close()


class Phone(Client):
    def __init__(self, base: str, stats: Stats, token: str, seat: str):
        super().__init__(base, stats)
        self.token = token
        self.seat = seat
        self.csrf = ""
        self.version = ""
        self.etags: dict[str, str] = {}  # the browser's cache: URL -> ETag of the 200 it holds
        self.polling = True
        self.interval = 4.0  # the page's `every Ns`
        self.wake = asyncio.Event()  # the page's `load`: poll at once
        # Pushed updates (static/whistdrive/push.js): the page's stream, the version it shows, the last pushed.
        self.push_path = ""
        self.shared = ""
        self.pushed = ""
        self.pushed_revisions = ""
        self.revision = ""
        self.shows_my_move = False
        self.agreed_at: float | None = None
        self.live = False

    @property
    def url(self) -> str:
        return f"/t/{self.token}/"

    def take(self, body: str) -> None:
        shown_before, self.shows_my_move = self.shows_my_move, '<p class="you-next" role="status">' in body
        if self.shows_my_move and not shown_before and self.agreed_at is not None:
            # From East's tap on Agree to this phone saying where its player goes next.
            self.stats.add("sees where to go", (time.perf_counter() - self.agreed_at) * 1000)
        if m := VERSION_RE.search(body):
            self.version = m.group(1)
        if m := TRIGGER_RE.search(body):
            self.interval = float(m.group(2))
            if m.group(1) and not self.live:  # push.js: `load` waits for the push while the stream is open
                self.wake.set()
        if m := CSRF_RE.search(body) or INPUT_CSRF_RE.search(body):
            self.csrf = m.group(1)
        if m := PUSH_RE.search(body):
            self.push_path = m.group(1)
        if m := REVISION_RE.search(body):
            self.revision = m.group(1)
        if m := SHARED_RE.search(body):
            self.shared = m.group(1)
            self.catch_up()

    def behind(self) -> bool:
        """push.js's ``behind``: whether the last push is news to the page shown."""
        if not self.pushed or self.shared == self.pushed:
            return False
        return not older(self.pushed_revisions, self.revision) if self.pushed_revisions else bool(self.shared)

    def catch_up(self) -> None:
        """push.js: fetch when the last version pushed is news to the page."""
        if self.live and self.behind():
            self.wake.set()

    def told(self, kind: str, data: list[str]) -> None:
        """push.js: a pushed page is swapped in (no request) when it is news; a pushed version fetched; a beat
        only says the stream is alive."""
        if kind == "beat":
            return
        self.pushed, _, self.pushed_revisions = data[0].partition(" ")
        if kind != "page":
            self.stats.count("pushed events")
            self.catch_up()
            return
        self.stats.count("pushed pages")
        if self.behind():
            self.take("\n".join(data[1:]))

    async def listen_forever(self) -> None:
        """The page's EventSource, on a connection of its own; polling takes over while it is down."""
        while self.polling and self.push_path:
            try:
                async with self.session_for_stream.get(self.base + self.push_path) as response:
                    if response.status != 200:
                        self.stats.error("push", f"HTTP {response.status}")
                        return  # as a browser's EventSource: a 204 or an error status ends it
                    self.live = True
                    kind, data = "message", []
                    async for raw in response.content:
                        line = raw.decode().rstrip("\r\n")
                        if line.startswith("event: "):
                            kind = line[7:]
                        elif line.startswith("data: "):
                            data.append(line[6:])
                        elif not line and data:
                            self.told(kind, data)
                            kind, data = "message", []
                    self.live = False
            except (TimeoutError, aiohttp.ClientError) as exc:
                if self.polling:
                    self.stats.error("push", f"{type(exc).__name__}: {exc}")
            finally:
                self.live = False
            await asyncio.sleep(3)  # the stream's retry

    def htmx(self) -> dict:
        return {"HX-Request": "true", "HX-Current-URL": self.base + self.url, "X-CSRFToken": self.csrf}

    async def open(self) -> None:
        status, body, etag = await self.request("page", "GET", self.url)
        if status == 200:
            self.take(body)
        status, body, _ = await self.request(
            "seat", "POST", self.url + "seat/", headers=self.htmx(), data={"seat": self.seat}
        )
        if status == 200:
            self.take(body)

    async def poll_forever(self) -> None:
        await asyncio.sleep(random.uniform(0, self.interval))
        while self.polling:
            if self.live and not self.wake.is_set():
                # push.js skips the timer's polls while the stream keeps the page current, unless the page is
                # behind it (its fetch failed).
                try:
                    await asyncio.wait_for(self.wake.wait(), self.interval)
                except TimeoutError:
                    if not self.behind():
                        continue
            self.wake.clear()
            started = time.perf_counter()
            path = f"{self.url}?v={self.version}"
            headers = {"HX-Request": "true", "HX-Current-URL": self.base + self.url}
            if path in self.etags:
                headers["If-None-Match"] = self.etags[path]
            status, body, etag = await self.request("poll", "GET", path, headers=headers, ok=(200, 204, 304))
            if status == 200:
                self.stats.add("poll 200 (changed)", self.stats.times["poll"][-1])
                if etag:
                    self.etags[path] = etag
                self.take(body)
            elif status == 204:
                self.stats.add("poll 204 (unchanged)", self.stats.times["poll"][-1])
            elif status == 304:
                self.stats.add("poll 304 (unchanged)", self.stats.times["poll"][-1])
            rest = max(0.0, self.interval - (time.perf_counter() - started))
            try:
                await asyncio.wait_for(self.wake.wait(), rest)
            except TimeoutError:
                pass

    async def post(self, kind: str, action: str, data: dict) -> bool:
        # Each tap with its idempotency key, as the page's script (kept.js) sends it: the server looks it up.
        data = {**data, "key": f"{random.getrandbits(128):032x}"}
        status, body, _ = await self.request(kind, "POST", self.url + action, headers=self.htmx(), data=data)
        if status != 200:
            return False
        self.take(body)
        if 'class="notice error"' in body:
            message = re.search(r'class="notice error"[^>]*>([^<]*)', body)
            self.stats.error(kind, "refused: " + (message.group(1) if message else "?"))
            return False
        return True


class Organiser(Client):
    def __init__(self, base: str, stats: Stats, event: dict):
        super().__init__(base, stats)
        self.event = event
        self.polling = True
        self.interval = 3.0

    async def open(self) -> None:
        status, body, _ = await self.request("organiser login", "GET", "/login/")
        token = INPUT_CSRF_RE.search(body).group(1)
        await self.request(
            "organiser login", "POST", "/login/", ok=(302,),
            data={"username": self.event["organiser"], "password": self.event["password"],
                  "csrfmiddlewaretoken": token},
        )  # fmt: skip
        _, body, _ = await self.request("live page", "GET", f"/events/{self.event['event']}/live/")
        # The live page's own interval (it grows with the hall).
        if m := re.search(r'id="live-tables"[^>]*hx-trigger="every (\d+)s"', body):
            self.interval = float(m.group(1))

    async def poll_forever(self) -> None:
        interval = self.interval
        etag = None
        while self.polling:
            started = time.perf_counter()
            headers = {"HX-Request": "true"}
            if etag:
                headers["If-None-Match"] = etag
            status, _, new = await self.request(
                "live poll", "GET", f"/events/{self.event['event']}/live/", headers=headers, ok=(200, 304)
            )
            etag = new or etag
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - started)))


class Board(Client):
    def __init__(self, base: str, stats: Stats, token: str):
        super().__init__(base, stats)
        self.path = f"/board/{token}/"
        self.polling = True

    async def poll_forever(self, interval: float) -> None:
        await self.request("board page", "GET", self.path)
        etag = None
        while self.polling:
            await asyncio.sleep(interval)
            headers = {"HX-Request": "true"}
            if etag:
                headers["If-None-Match"] = etag
            _, _, new = await self.request("board poll", "GET", self.path, headers=headers, ok=(200, 304))
            etag = new or etag


# -- the runs -----------------------------------------------------------------------------


async def open_all(phones: list[Phone], ramp: float) -> None:
    """Phones arrive over ``ramp`` seconds, as a hall fills (and to keep the opening out of the peak)."""

    async def one(phone: Phone, delay: float):
        await asyncio.sleep(delay)
        await phone.open()

    await asyncio.gather(*(one(p, ramp * i / len(phones)) for i, p in enumerate(phones)))


async def finish_table(four: list[Phone], hand: int, at: float, stats: Stats, tally: dict) -> None:
    north, east = four[0], four[1]
    await asyncio.sleep(at)
    tricks = random.randint(0, 13)
    if await north.post("entry: submit", "enter/", {"hand": hand, "tricks": tricks}):
        tally["submitted"] += 1
    else:
        return
    await asyncio.sleep(random.uniform(0.5, 2.0))
    agreed_at = time.perf_counter()
    for phone in four:
        phone.agreed_at = agreed_at
    if await east.post("entry: agree", "agree/", {"hand": hand, "seat": "E", "tricks_ns": tricks}):
        tally["agreed"] += 1


async def run(args, event: dict, base: str, server_pid: int) -> dict:
    stats = Stats()
    profiler = Profiler(args.profile)
    hand = event["hand"]
    phones = [Phone(base, stats, t["token"], seat) for t in event["tables"] for seat in "NESW"]
    organiser = Organiser(base, stats, event)
    board = Board(base, stats, event["board_token"])
    tally = {"submitted": 0, "agreed": 0}
    out: dict = {}
    try:
        await organiser.open()
        await open_all(phones, args.ramp)
        stats.times.pop("poll", None)
        pollers = []
        if args.mode == "idle":
            # Every phone's page open, its stream too (or its polls): what the hall costs with nothing happening.
            pollers = [asyncio.create_task(p.poll_forever()) for p in phones]
            if not args.poll:
                pollers += [asyncio.create_task(p.listen_forever()) for p in phones]
            await asyncio.sleep(max(p.interval for p in phones) + 3)
            stats.counts.clear()
            for kind in list(stats.times):
                stats.times[kind] = []
            cpu0, wall0 = cpu_seconds(server_pid), time.perf_counter()
            await asyncio.sleep(args.window + args.tail)
            cpu1, wall1 = cpu_seconds(server_pid), time.perf_counter()
            out["server_cpu"] = {
                "seconds": round(cpu1 - cpu0, 2),
                "wall": round(wall1 - wall0, 1),
                "cores": round((cpu1 - cpu0) / (wall1 - wall0), 3),
            }
            out["streams_open"] = sum(p.live for p in phones)
        elif args.mode == "peak":
            pollers = [asyncio.create_task(p.poll_forever()) for p in phones]
            if not args.poll:
                pollers += [asyncio.create_task(p.listen_forever()) for p in phones]
            pollers += [
                asyncio.create_task(organiser.poll_forever()),
                asyncio.create_task(board.poll_forever(10.0)),
            ]
            await asyncio.sleep(max(p.interval for p in phones) + 1)  # every phone has polled at least once
            # From here on is the peak: the polls, live page and board are counted only in it.
            for kind in list(stats.times):
                if kind not in ("page", "seat", "organiser login", "live page", "board page"):
                    stats.times[kind] = []
            stats.counts.clear()
            cpu0, wall0, epoch0 = cpu_seconds(server_pid), time.perf_counter(), time.time()
            profiler.start(server_pid)
            tables = [phones[i : i + 4] for i in range(0, len(phones), 4)]
            await asyncio.gather(
                *(finish_table(t, hand, random.uniform(0, args.window), stats, tally) for t in tables),
                asyncio.sleep(args.window + args.tail),
            )
            cpu1, wall1 = cpu_seconds(server_pid), time.perf_counter()
            out["peak_epoch"] = [round(epoch0, 3), round(time.time(), 3)]
            profiler.stop()
            # Every phone should end on the agreed hand, saying where its player goes next (its "YOU" line).
            out["phones shown where they go"] = f"{sum(p.shows_my_move for p in phones)} of {len(phones)}"
            out["server_cpu"] = {
                "seconds": round(cpu1 - cpu0, 1),
                "wall": round(wall1 - wall0, 1),
                "cores": round((cpu1 - cpu0) / (wall1 - wall0), 2),
            }
        else:
            await asyncio.sleep(1)
            norths, easts = phones[0::4], phones[1::4]
            tricks = [random.randint(0, 13) for _ in norths]
            cpu0 = cpu_seconds(server_pid)
            profiler.start(server_pid)
            start = time.perf_counter()
            ok = await asyncio.gather(
                *(
                    p.post("entry: submit", "enter/", {"hand": hand, "tricks": n})
                    for p, n in zip(norths, tricks, strict=True)
                )
            )
            submits = time.perf_counter() - start
            tally["submitted"] = sum(ok)
            start2 = time.perf_counter()
            ok = await asyncio.gather(
                *(p.post("entry: agree", "agree/", {"hand": hand, "seat": "E", "tricks_ns": n})
                  for p, n in zip(easts, tricks, strict=True))
            )  # fmt: skip
            agrees = time.perf_counter() - start2
            tally["agreed"] = sum(ok)
            cpu1 = cpu_seconds(server_pid)
            profiler.stop()
            # The trivial view under the same load: as many requests on the same connections at once.
            trivial_phones = norths + easts
            start3 = time.perf_counter()
            await asyncio.gather(*(p.request("trivial: /healthz", "GET", "/healthz") for p in trivial_phones))
            trivial = time.perf_counter() - start3
            n = len(norths)
            entry_rate = 2 * n / (submits + agrees)
            trivial_rate = len(trivial_phones) / trivial
            out["burst"] = {
                "submits_drain_s": round(submits, 2),
                "agrees_drain_s": round(agrees, 2),
                "drain_s": round(submits + agrees, 2),
                "entry_per_s": round(entry_rate, 1),
                "trivial_drain_s": round(trivial, 2),
                "trivial_per_s": round(trivial_rate, 1),
                "ratio": round(entry_rate / trivial_rate, 2),
                "server_cpu_s": round(cpu1 - cpu0, 1),
            }
        for p in [*phones, organiser, board]:
            p.polling = False
        for task in pollers:
            task.cancel()
        await asyncio.gather(*pollers, return_exceptions=True)
    finally:
        await asyncio.gather(*(c.close() for c in [*phones, organiser, board]))
    out["poll_interval_s"] = sorted({p.interval for p in phones})
    out["latency_ms"] = stats.summary()
    out["counts"] = stats.counts
    out["errors"] = {kind: {"count": len(v), "first": v[:3]} for kind, v in stats.errors.items()}
    out["tally"] = tally
    return out


def machine_speed() -> float:
    """The CPU seconds of a fixed pure-Python loop on this machine, before the run (the least of three): the
    same code has taken 15 ms a table on one machine of a kind and 26 on another, so a run's figures say
    which machine they came from (docs/benchmarks.md)."""
    best = float("inf")
    for _ in range(3):
        started, total = time.process_time(), 0
        for i in range(3_000_000):
            total += i % 7
        best = min(best, time.process_time() - started)
    return round(best, 3)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--mode", choices=["peak", "burst", "idle"], default="peak")
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--window", type=float, default=10.0, help="seconds in which every table finishes")
    parser.add_argument("--tail", type=float, default=6.0, help="polling goes on this long after the window")
    parser.add_argument("--ramp", type=float, default=20.0, help="seconds over which the phones open the page")
    parser.add_argument("--threads", type=int, help="WHISTDRIVE_THREADS for the server (default: the settings')")
    parser.add_argument(
        "--connection-limit",
        type=int,
        help="WHISTDRIVE_CONNECTION_LIMIT for the server (default: the settings' 1,000, too few for 1,200 phones)",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--poll", action="store_true", help="phones poll only, as without pushed updates")
    parser.add_argument("--workers", type=int, default=1, help="rundrive --workers N: server processes")
    parser.add_argument("--profile", metavar="FILE", help="py-spy's raw samples of the server during the peak")
    parser.add_argument("--keep", action="store_true", help="keep the data folder and server log")
    args = parser.parse_args()
    random.seed(args.seed)
    speed = machine_speed()

    data_dir = tempfile.mkdtemp(prefix="wd-hall-")
    env = server_env(args.db, data_dir)
    if args.threads:
        env["WHISTDRIVE_THREADS"] = str(args.threads)
    if args.connection_limit:
        env["WHISTDRIVE_CONNECTION_LIMIT"] = str(args.connection_limit)
    # Every simulated phone comes from this one machine's address: no per-device share here.
    env["WHISTDRIVE_CONNECTIONS_PER_ADDRESS"] = "0"
    env["WHISTDRIVE_STREAMS_PER_ADDRESS"] = "0"
    if args.db == "postgres":
        fresh_postgres()
    event_file = Path(data_dir) / "event.json"
    subprocess.run(
        [PYTHON, str(ROOT / "bench" / "_event.py"), "--tables", str(args.tables), "--out", str(event_file)],
        env=env, check=True, cwd=ROOT,
    )  # fmt: skip
    event = json.loads(event_file.read_text())
    server, base, log = start_rundrive(env, data_dir, *(["--workers", str(args.workers)] if args.workers != 1 else []))
    try:
        started = time.perf_counter()
        out = asyncio.run(run(args, event, base, server.pid))
        out["run_s"] = round(time.perf_counter() - started, 1)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    counts_file = Path(data_dir) / "counts.json"
    subprocess.run(
        [PYTHON, str(ROOT / "bench" / "_event.py"), "--counts", str(event["event"]), "--out", str(counts_file)],
        env=env, check=True, cwd=ROOT,
    )  # fmt: skip
    counts = json.loads(counts_file.read_text())
    out["database"] = counts
    out["lost"] = {
        "submissions": out["tally"]["submitted"] - counts["enter"],
        "results": out["tally"]["agreed"] - counts["results"],
    }
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    header = {
        "mode": args.mode, "db": args.db, "tables": args.tables, "phones": args.tables * 4,
        "threads": env.get("WHISTDRIVE_THREADS", "settings default"), "workers": args.workers,
        "connection_limit": env.get("WHISTDRIVE_CONNECTION_LIMIT", "settings default"), "loadavg_after": load,
        "date": time.strftime("%Y-%m-%d %H:%M"), "machine_loop_s": speed,
    }  # fmt: skip
    print(json.dumps(header | out, indent=1))
    if args.keep:
        print("kept", data_dir)
    else:
        shutil.rmtree(data_dir, ignore_errors=True)
        if args.db == "postgres":
            subprocess.run(["psql", PG_URL + "postgres", "-qc", f"DROP DATABASE IF EXISTS {PG_DB} WITH (FORCE)"])


if __name__ == "__main__":
    main()
