"""Which address a request comes from: the one every per-address limit counts (wrong links, logins, event streams).

The X-Forwarded-For header is believed only from a proxy listed in ``settings.WHISTDRIVE_TRUSTED_PROXIES``
(docs/robustness.md): anyone else could write anything in it and dodge every per-address limit.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The address every per-address limit counts (wrong links, logins, event streams): the one that
    connected, unless it is a proxy listed in ``settings.WHISTDRIVE_TRUSTED_PROXIES`` (``forwarded_address``)."""
    return forwarded_address(request.META.get("REMOTE_ADDR") or "unknown", request.META.get("HTTP_X_FORWARDED_FOR", ""))


def forwarded_address(peer: str, forwarded_for: str) -> str:
    """The client's address, from the one that connected (``peer``) and the X-Forwarded-For header.

    The header is read only when ``peer`` is a listed proxy: anyone else could write anything in it (a hosted
    install with no proxy in front, a guest on the laptop's Wi-Fi) and dodge every per-address limit. A proxy
    appends the address it saw (nginx's $proxy_add_x_forwarded_for), so the entries are read from the last:
    the first that is not itself a listed proxy is the client's."""
    proxies = trusted_proxies()
    if not proxies or not _is_in(peer, proxies):
        return peer
    entries = [part.strip() for part in forwarded_for.split(",") if part.strip()]
    for entry in reversed(entries):
        if not _is_in(entry, proxies):
            return entry
    return entries[0] if entries else peer


def trusted_proxies() -> tuple:
    listed = getattr(settings, "WHISTDRIVE_TRUSTED_PROXIES", ()) or ()
    return tuple(ipaddress.ip_network(n, strict=False) if isinstance(n, str) else n for n in listed)


def _is_in(address: str, networks: tuple) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)
