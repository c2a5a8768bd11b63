"""The addresses rundrive gives the phones, and the QR code it draws in the terminal."""

import ipaddress
import shutil
import subprocess

import pytest
import segno

from whistdrive.server import lan


def test_loopback_is_dropped_when_a_network_address_exists():
    assert lan.pick_addresses(["127.0.1.1", "192.168.1.23", "10.0.0.5"]) == ["192.168.1.23", "10.0.0.5"]


def test_the_default_routes_address_comes_first_and_each_address_once():
    assert lan.pick_addresses(["10.0.0.5", "192.168.1.23", "10.0.0.5"]) == ["10.0.0.5", "192.168.1.23"]


def test_loopback_is_kept_when_it_is_all_there_is():
    assert lan.pick_addresses([None, "127.0.0.1", "127.0.1.1"]) == ["127.0.0.1", "127.0.1.1"]


def test_with_no_address_at_all_the_laptop_itself_is_offered():
    assert lan.pick_addresses([None, "", "not an address", "::1", "0.0.0.0"]) == ["127.0.0.1"]


def test_the_machines_addresses_are_real_ipv4_addresses():
    addresses = lan.lan_addresses()
    assert addresses
    for address in addresses:
        assert ipaddress.ip_address(address).version == 4


def test_without_a_network_the_hostnames_addresses_are_used(monkeypatch):
    monkeypatch.setattr(lan, "routed_address", lambda: None)
    monkeypatch.setattr(lan, "hostname_addresses", lambda: ["127.0.1.1", "172.16.4.2"])
    assert lan.lan_addresses() == ["172.16.4.2"]


def test_the_routed_address_is_none_when_the_socket_cannot_connect(monkeypatch):
    class NoNetwork:
        def __init__(self, *args):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(lan.socket, "socket", NoNetwork)
    assert lan.routed_address() is None


def test_a_server_on_every_interface_gives_the_phones_each_lan_address(monkeypatch):
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.23", "10.0.0.5"])
    assert lan.phone_urls("0.0.0.0", 8000) == ["http://192.168.1.23:8000/", "http://10.0.0.5:8000/"]


def test_a_server_on_one_address_gives_the_phones_that_address():
    assert lan.phone_urls("192.168.1.23", 8080) == ["http://192.168.1.23:8080/"]


# Each character of segno's compact drawing holds two modules, top and bottom; True is dark.
_HALVES = {" ": (True, True), "\u2580": (False, True), "\u2584": (True, False), "\u2588": (False, False)}


def _modules(drawing: str) -> list[list[bool]]:
    rows = []
    for line in drawing.splitlines():
        pairs = [_HALVES[char] for char in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    return rows


def test_the_terminal_qr_code_draws_every_module_of_the_address():
    url = "http://192.168.1.23:8000/"
    code = segno.make(url, error="m")
    expected = [[bool(m) for m in row] for row in code.matrix_iter(border=4)]
    drawn = _modules(lan.terminal_qr(url))
    assert drawn[: len(expected)] == expected
    # An odd number of rows leaves half a character row below the code, left as terminal background.
    assert len(drawn) - len(expected) == len(expected) % 2


@pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbarimg (Debian's zbar-tools) is not installed")
def test_the_terminal_qr_code_scans_back_to_the_address(tmp_path):
    from PIL import Image

    url = "http://10.0.0.5:8123/"
    modules = _modules(lan.terminal_qr(url))
    scale = 8
    image = Image.new("1", (len(modules[0]) * scale, len(modules) * scale), 1)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    image.save(tmp_path / "qr.png")
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(tmp_path / "qr.png")], capture_output=True, text=True)
    assert decoded.stdout.strip() == url
