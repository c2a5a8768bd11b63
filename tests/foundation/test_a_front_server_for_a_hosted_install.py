"""Hosted mode: nginx in front, with the configuration the docs give (docs/hosting/nginx-whistdrive.conf),
holds the slow and hostile requests before WhistDrive sees them: headers that never finish, a flood
of half-open connections, a gigabyte body, a flood of logins. A real nginx over TLS in front of
WhistDrive run as the README's hosted mode runs it (gunicorn, with WHISTDRIVE_HOSTED).

Skipped (saying why) without nginx, openssl or gunicorn; .ci/run installs nginx-light.
"""

import functools
import http.client
import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.foundation.drive_process import REPO, free_port, laptop_env, manage, migrated
from tests.waiting import wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux's 127.x.y.z loopback addresses"),
]

SITE = REPO / "docs" / "hosting" / "nginx-whistdrive.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


@functools.cache
def _tls() -> ssl.SSLContext:
    """A client's TLS that takes the test's self-signed certificate. Made once, and with no certificate authorities
    loaded, as none is asked: `ssl.create_default_context()` read the system's for each connection, 34 ms of CPU a
    time, 10 s of the half-open test's 300."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class Front:
    def __init__(self, port: int, error_log: Path):
        self.port = port
        self.error_log = error_log

    def get(self, path: str, *, source: str = "127.0.0.2", method: str = "GET", body=None, headers=None):
        connection = http.client.HTTPSConnection(
            "127.0.0.1", self.port, timeout=10, context=_tls(), source_address=(source, 0)
        )
        try:
            connection.request(method, path, body=body, headers={"Host": "localhost", **(headers or {})})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def raw(self, source: str) -> ssl.SSLSocket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10, source_address=(source, 0))
        return _tls().wrap_socket(sock, server_hostname="localhost")


@pytest.fixture
def front(tmp_path):
    if NGINX is None:
        pytest.skip("nginx is not installed (Debian: apt-get install nginx-light); .ci/run installs it")
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate for nginx's TLS")
    pytest.importorskip("gunicorn", reason="gunicorn is not installed (it does not run on Windows)")
    env = laptop_env(
        tmp_path / "data",
        WHISTDRIVE_HOSTED="1",
        DJANGO_SECRET_KEY="a-test-secret-" + "k" * 40,
        DJANGO_ALLOWED_HOSTS="localhost",
        DJANGO_SETTINGS_MODULE="whistdrive.settings",
        WHISTDRIVE_TRUSTED_PROXIES="127.0.0.1",  # nginx, as the README's hosted set-up lists it
    )
    migrated(tmp_path / "data")  # the very database `migrate` makes, copied
    assert manage("collectstatic", "--noinput", env=env).returncode == 0
    backend_port = free_port()
    backend = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "whistdrive.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{backend_port}"],
        cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    nginx_dir = tmp_path / "nginx"
    nginx_dir.mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", str(nginx_dir / "key.pem"), "-out", str(nginx_dir / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    port = free_port()
    site = documented_site(
        SITE.read_text(),
        https_port=port,
        http_port=free_port(),
        workers=[backend_port],
        folder=nginx_dir,
    )
    (nginx_dir / "whistdrive.conf").write_text(site)
    temp = "\n".join(
        f"    {kind}_temp_path {nginx_dir / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (nginx_dir / "nginx.conf").write_text(
        f"""daemon off;
worker_processes 1;
pid {nginx_dir / "nginx.pid"};
error_log {nginx_dir / "error.log"} warn;
{"user root;" if os.geteuid() == 0 else ""}
events {{ worker_connections 4096; }}
http {{
    access_log off;
{temp}
    include {nginx_dir / "whistdrive.conf"};
}}
"""
    )
    nginx = subprocess.Popen(
        [NGINX, "-p", str(nginx_dir), "-c", str(nginx_dir / "nginx.conf")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        for process, listening in ((nginx, port), (backend, backend_port)):
            wait_for(lambda p=process, at=listening: _listening(p, at), timeout=60, what=f"a server on {listening}")
        front = Front(port, nginx_dir / "error.log")
        # Listening is not answering: gunicorn's workers may still be loading Django.
        wait_for(lambda: _answers(front), timeout=60, what="the site's answer through nginx", every=0.2)
        yield front
    finally:
        for process in (nginx, backend):
            process.terminate()
            process.wait(timeout=30)


def documented_site(site: str, *, https_port: int, http_port: int, workers: list[int], folder: Path) -> str:
    """docs/hosting/nginx-whistdrive.conf as it runs here: its ports, certificate, log and workers replaced by the
    test's (``folder`` holds cert.pem and key.pem), everything else as shipped."""
    upstream = "".join(f"    server 127.0.0.1:{port} max_fails=0;\n" for port in workers)
    for shipped, here in (
        ("listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;"),
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("server_name whist.example.org;", "server_name localhost;"),
        ("/etc/letsencrypt/live/whist.example.org/fullchain.pem", str(folder / "cert.pem")),
        ("/etc/letsencrypt/live/whist.example.org/privkey.pem", str(folder / "key.pem")),
        ("/var/log/nginx/whistdrive-access.log", str(folder / "access.log")),
        ("/var/log/nginx/whistdrive-error.log", str(folder / "site-error.log")),
        ("/var/www/html", str(folder / "acme")),
        ("    server 127.0.0.1:8001 max_fails=0;\n    server 127.0.0.1:8002 max_fails=0;\n", upstream),
    ):
        assert shipped in site, f"docs/hosting/nginx-whistdrive.conf no longer has {shipped!r}: update this test"
        site = site.replace(shipped, here)
    return site


def _listening(process: subprocess.Popen, port: int) -> bool:
    if process.poll() is not None:
        pytest.fail(f"{process.args[0]} stopped: {process.stdout and process.stdout.read()}")
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def _answers(front: Front) -> bool:
    try:
        return front.get("/healthz", source="127.0.0.9")[0] == 200
    except OSError:  # refused, reset or timed out (TimeoutError is an OSError)
        return False


def test_pages_pass_through_with_the_address_and_the_scheme(front):
    status, _, body = front.get("/healthz")
    assert status == 200 and b'"ok"' in body
    status, headers, _ = front.get("/")
    # Hosted mode redirects plain HTTP to HTTPS: nginx says the request came over HTTPS, so no loop.
    assert status == 302 and headers["Location"].startswith("/login/"), headers.get("Location")


def test_headers_that_never_finish_are_closed_by_nginx(front):
    started = time.monotonic()  # nginx's header timeout runs from the connection, handshake included
    slow = front.raw("127.0.0.3")
    slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
    slow.settimeout(20)
    try:
        assert slow.recv(1024) == b""
    except (ConnectionError, ssl.SSLError):
        pass  # closed, less politely
    finally:
        slow.close()
    # nginx's client_header_timeout (10 s) closed it, not a refusal at once; the 20 s above is the deadline.
    assert time.monotonic() - started >= 9


def test_half_open_connections_from_one_address_do_not_hold_up_the_others(front):
    held = []
    try:
        for _ in range(300):
            sock = front.raw("127.0.0.4")
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
            held.append(sock)
        # Answered (within the request's own 10 s deadline), and nginx never ran short of connections for it:
        # the behaviour, where timing the answer would cry wolf on a busy machine.
        assert front.get("/healthz", source="127.0.0.5")[0] == 200
        assert "worker_connections are not enough" not in front.error_log.read_text()
    finally:
        for sock in held:
            sock.close()


def test_a_gigabyte_body_is_refused_at_once(front):
    sock = front.raw("127.0.0.6")
    try:
        sock.sendall(
            b"POST /login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n"
            b"Content-Length: 1000000000\r\n\r\n" + b"x" * 65536
        )
        sock.settimeout(10)
        answer = sock.recv(4096)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


def test_a_flood_of_logins_from_one_address_is_held_at_the_door(front):
    answers = [
        front.get("/login/", source="127.0.0.7", method="POST", body=b"username=olive&password=x",
                  headers={"Content-Type": "application/x-www-form-urlencoded"})[0]
        for _ in range(40)
    ]  # fmt: skip
    assert answers.count(429) >= 25
    # Another address logs in as usual (here: the form, since this post has no form token).
    assert front.get("/login/", source="127.0.0.8")[0] == 200
