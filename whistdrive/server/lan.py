"""Where the phones in the hall can reach this laptop, and the QR code that takes them there.

No Django import: `rundrive` prints these before serving, and the tests call them directly.
"""

import io
import ipaddress
import socket
from collections.abc import Iterable

import segno

# TEST-NET-1 (RFC 5737): never routed, so connecting a UDP socket to it sends nothing but still
# makes the OS pick the interface it would use for the outside world, i.e. the hall's Wi-Fi.
_PROBE_ADDRESS = ("192.0.2.1", 9)

# Addresses that mean "bind everywhere": the phones need the real addresses instead.
WILDCARD_HOSTS = {"", "0.0.0.0", "::"}


def routed_address() -> str | None:
    """The address of the interface holding the default route, or None when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE_ADDRESS)
            return probe.getsockname()[0]
    except OSError:
        return None


def hostname_addresses() -> list[str]:
    """The IPv4 addresses the machine's own name resolves to (every interface on most systems)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]  # AF_INET: (address, port)


def pick_addresses(candidates: Iterable[str | None]) -> list[str]:
    """Usable IPv4 addresses in the order given, each once.

    Loopback is kept only when there is nothing else: a phone cannot reach 127.0.0.1, but an
    organiser testing at home without Wi-Fi still needs an address to open.
    """
    seen: list[str] = []
    for candidate in candidates:
        if not candidate:
            continue
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if address.version != 4 or address.is_unspecified or str(address) in seen:
            continue
        seen.append(str(address))
    outside = [a for a in seen if not ipaddress.ip_address(a).is_loopback]
    return outside or seen or ["127.0.0.1"]


def lan_addresses() -> list[str]:
    """Every address a phone on the same network might use, the default route's first."""
    return pick_addresses([routed_address(), *hostname_addresses()])


def phone_urls(host: str, port: int) -> list[str]:
    """The addresses to give the phones for a server listening on host:port."""
    addresses = lan_addresses() if host in WILDCARD_HOSTS else [host]
    return [f"http://{_url_host(address)}:{port}/" for address in addresses]


LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1"}


def base_url_for_phones(request) -> str:
    """The site's address as a phone reaches it: the request's own, unless the laptop asked through
    localhost, which a phone cannot use; then the laptop's LAN address on the same port."""
    host = request.get_host()
    name, _, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not name:
        name, port = host, ""
    if name.strip("[]") in LOOPBACK_HOSTS:
        return phone_urls("0.0.0.0", int(port or request.get_port()))[0].rstrip("/")
    return f"{request.scheme}://{host}"


# Where an organiser starts a replacement laptop: rundrive's default port, or the port the first one used.
RUNDRIVE_PORTS = range(8000, 8011)


def other_laptops(scheme: str, host: str, port: int) -> list[str]:
    """Every origin a phone whose laptop (at host:port) has gone may ask whether it is the laptop that
    replaced it: the same machine on rundrive's ports and its own port ±5, and, when the phone reached the
    laptop by an IPv4 address, every address of that /24 on its port and 8000.

    static/whistdrive/kept.js asks these, likely ones first, and nowhere else: the table page's
    Content-Security-Policy lets it connect to exactly these (a CSP source cannot name a network)."""
    found: dict[str, None] = {}
    own = (host, port)

    def add(name: str, number: int) -> None:
        if (name, number) != own and 0 < number < 65536:
            found[f"{scheme}://{_url_host(name)}:{number}"] = None

    for number in [*range(port - 5, port + 6), *RUNDRIVE_PORTS]:
        add(host, number)
    try:
        address = ipaddress.IPv4Address(host)
    except ValueError:
        return list(found)
    network = str(address).rsplit(".", 1)[0]
    for last in range(1, 255):
        for number in (port, 8000):
            add(f"{network}.{last}", number)
    return list(found)


def _url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def terminal_qr(url: str) -> str:
    """A QR code of `url` drawn with Unicode half blocks, two modules per character row.

    segno draws light modules as blocks: on the usual dark terminal the code reads as dark on light.
    """
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()
