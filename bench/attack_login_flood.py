"""Attack 3 of #44: a guest floods the login form's slots; how long does the organiser, at the laptop, take to log in?

    python bench/attack_login_flood.py                      # this checkout
    python bench/attack_login_flood.py --repo ../before    # a checkout of the code before (git worktree add ../before <commit>)

Starts a real `manage.py rundrive` (from --repo, bench/login_flood.py's ``start``) on a fresh SQLite folder,
sets the organiser's password, then for each of --rounds: --addresses guest devices (127.0.R.1, 127.0.R.2, …,
fresh ones each round: other 127.x addresses stand in for other devices, ``WHISTDRIVE_LAPTOP_ADDRESSES``
is narrowed to 127.0.0.1 for that) each post wrong passwords to /login/ as fast as they are answered, and
two seconds in the organiser at 127.0.0.1 logs in with the right password, pressing again one second after
every "someone else is logging in" (503), as a person would, until let in or --give-up seconds. Prints the
organiser's time to be let in and tries per round, and how the guests' posts were answered. Linux (any
127.x address is this machine). Wall-clock figures: compare runs taken one after the other.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from login_flood import CSRF, HERE, free_port, request, start  # noqa: E402

ORGANISER_PASSWORD = "a long organiser password"


def set_password(repo: Path, data: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "WHISTDRIVE_", "DJANGO_"))}
    env.update(WHISTDRIVE_DATA_DIR=str(data))
    code = (
        "from django.contrib.auth import get_user_model; u = get_user_model().objects.get(username='olive'); "
        f"u.set_password({ORGANISER_PASSWORD!r}); u.save()"
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=repo, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def login_form(port: int, source: str) -> dict[str, str]:
    _, cookie, page = request(port, "GET", "/login/", source=source)
    return {
        "token": CSRF.search(page.decode()).group(1),
        "cookie": re.search(r"csrftoken=([^;]+)", cookie).group(1),
    }


def post_login(port: int, source: str, form: dict[str, str], username: str, password: str) -> int:
    body = urllib.parse.urlencode({"username": username, "password": password, "csrfmiddlewaretoken": form["token"]})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={form['cookie']}"}
    status, _, _ = request(port, "POST", "/login/", source=source, body=body, headers=headers)
    return status


def guest(port: int, source: str, stop: threading.Event, answers: Counter) -> None:
    form = login_form(port, source)
    attempt = 0
    while not stop.is_set():
        answers[post_login(port, source, form, "olive", f"guess {attempt}")] += 1
        attempt += 1


def organiser(port: int, give_up: float) -> tuple[float | None, int]:
    """Seconds from the first press to being let in (None: not within ``give_up``), and the presses."""
    form = login_form(port, "127.0.0.1")
    started = time.perf_counter()
    presses = 0
    while time.perf_counter() - started < give_up:
        presses += 1
        status = post_login(port, "127.0.0.1", form, "olive", ORGANISER_PASSWORD)
        if status == 302:
            return time.perf_counter() - started, presses
        if status != 503:
            raise SystemExit(f"the organiser's login was answered {status}")
        time.sleep(1)
    return None, presses


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout whose rundrive is measured")
    parser.add_argument("--addresses", type=int, default=20, help="guest devices flooding, each round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--give-up", type=float, default=150, help="seconds the organiser keeps trying")
    args = parser.parse_args()
    if not 1 <= args.addresses <= 250 or not 1 <= args.rounds <= 10:
        raise SystemExit("--addresses must be 1-250 and --rounds 1-10.")
    repo = args.repo.resolve()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="attack-login-flood-") as data:
        server = start(repo, Path(data), port, WHISTDRIVE_LAPTOP_ADDRESSES="127.0.0.1/32,::1")
        try:
            set_password(repo, Path(data))
            for round_ in range(1, args.rounds + 1):
                stop, answers = threading.Event(), Counter()
                guests = [
                    threading.Thread(target=guest, args=(port, f"127.0.{100 + round_}.{n}", stop, answers), daemon=True)
                    for n in range(1, args.addresses + 1)
                ]
                for thread in guests:
                    thread.start()
                time.sleep(2)
                took, presses = organiser(port, args.give_up)
                stop.set()
                for thread in guests:
                    thread.join(timeout=60)
                outcome = f"{took:5.1f} s" if took is not None else f"not within {args.give_up:.0f} s"
                posted = ", ".join(f"{n} × {status}" for status, n in sorted(answers.items()))
                print(
                    f"round {round_}: the organiser at 127.0.0.1 let in after {outcome} ({presses} presses); "
                    f"{args.addresses} guests' posts meanwhile: {posted}",
                    flush=True,
                )
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
