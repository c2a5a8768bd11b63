"""While rundrive serves, the laptop does not go to sleep (#22.1): it holds the system's inhibitor
through wakepy, says so at start, lets go when stopped, and says plainly when it could not.

Tested on Linux against a session D-Bus with the freedesktop power manager (what GNOME, KDE and
Xfce answer to). Windows (SetThreadExecutionState) and macOS (caffeinate) are wakepy's own methods
and are not run here: docs/robustness.md says so.
"""

import shutil
import signal
import sys

import pytest

from tests.foundation.drive_process import start_drive
from tests.foundation.power_manager import session_with_power_manager
from tests.waiting import eventually

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform != "linux", reason="the D-Bus power manager is Linux's"),
]  # slow: rundrive and a D-Bus daemon, in every test


def said(drive, words: str) -> bool:
    """Whether rundrive has printed ``words`` (its output is read by another thread, a moment later)."""
    return eventually(lambda: words in drive.output, timeout=10)


@pytest.mark.skipif(shutil.which("dbus-daemon") is None, reason="needs Debian's dbus-daemon")
def test_rundrive_holds_the_power_managers_inhibitor_while_it_serves_and_lets_go_when_stopped(tmp_path):
    with session_with_power_manager() as (address, calls):
        drive = start_drive(tmp_path / "data", "--organiser", "olive", DBUS_SESSION_BUS_ADDRESS=address)
        try:
            assert said(
                drive,
                "This laptop will not go to sleep while WhistDrive runs (held by org.freedesktop.PowerManagement).",
            )
            assert calls == ["Inhibit"]
        finally:
            assert drive.stop(signal.SIGINT) == 0
        assert calls == ["Inhibit", "UnInhibit"]


def test_rundrive_says_plainly_when_nothing_can_keep_the_laptop_awake_and_serves_anyway(tmp_path):
    # No session bus at all, as on a server or a laptop started without a desktop.
    drive = start_drive(tmp_path / "data", "--organiser", "olive", DBUS_SESSION_BUS_ADDRESS="")
    try:
        assert said(drive, "Could not stop this laptop from going to sleep (tried ")
        assert said(drive, "Set it never to sleep or suspend while plugged in, keep it plugged in")
    finally:
        assert drive.stop(signal.SIGINT) == 0
