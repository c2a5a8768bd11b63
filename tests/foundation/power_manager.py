"""A session D-Bus with a power manager on it, as a Linux desktop has: the freedesktop inhibitor that
wakepy asks to keep the laptop awake, answering Inhibit and UnInhibit and noting each call.

Servers and CI machines have no session bus; this one is started for the test with Debian's dbus-daemon.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from contextlib import contextmanager

NAME = "org.freedesktop.PowerManagement"


@contextmanager
def session_with_power_manager():
    """Yields (the bus address, the list of inhibitor calls received so far)."""
    from jeepney import HeaderFields, MessageType, new_method_return
    from jeepney.bus_messages import message_bus
    from jeepney.io.blocking import open_dbus_connection

    daemon = subprocess.Popen(
        [shutil.which("dbus-daemon"), "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        address = daemon.stdout.readline().strip()
        connection = open_dbus_connection(bus=address)
        connection.send_and_get_reply(message_bus.RequestName(NAME))
        calls: list[str] = []

        def answer():
            while True:
                try:
                    message = connection.receive()
                except Exception:  # the bus went away at the end of the test
                    return
                if message.header.message_type != MessageType.method_call:
                    continue
                member = message.header.fields[HeaderFields.member]
                calls.append(member)
                connection.send(
                    new_method_return(message, "u", (7,)) if member == "Inhibit" else new_method_return(message)
                )

        threading.Thread(target=answer, daemon=True).start()
        yield address, calls
        connection.close()
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)
