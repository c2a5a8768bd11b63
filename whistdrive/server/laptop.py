"""The laptop itself: kept awake while rundrive serves, and warned about when it may soon stop.

Everything in the hall hangs on one laptop: asleep at the interval, flat, or with a full disk it
ends the evening. ``keep_awake`` holds the system's own inhibitor through wakepy (Windows'
SetThreadExecutionState, macOS's caffeinate, the freedesktop or GNOME session's inhibitor on Linux);
``warnings`` is what the live page says about the battery (psutil) and the data folder's disk.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import psutil
from django.conf import settings

# Below this the live page warns that the laptop is on battery (issue #22: 20 %).
BATTERY_WARNING_PERCENT = 20
# Free space below which the data folder's disk is "nearly full": ten hand-end backups of a
# 300-table evening and its archives need well under this (docs/robustness.md).
DISK_WARNING_BYTES = 500 * 1024 * 1024


@contextlib.contextmanager
def keep_awake() -> Iterator[str]:
    """Keep the laptop from sleeping or suspending while the block runs; yields the sentence to print.

    Never raises: a laptop that cannot be held awake still serves, and the sentence says what to do.
    """
    try:
        from wakepy import keep

        mode = keep.running(on_fail="pass")
        entered = mode.__enter__()
    except Exception as exc:  # wakepy missing or broken: serve anyway, and say so
        yield cannot_keep_awake(str(exc))
        return
    try:
        if entered.active:
            yield f"This laptop will not go to sleep while WhistDrive runs (held by {entered.active_method})."
        else:
            yield cannot_keep_awake(_why(entered))
    finally:
        mode.__exit__(None, None, None)


def cannot_keep_awake(why: str) -> str:
    return (
        "Could not stop this laptop from going to sleep"
        + (f" ({why})" if why else "")
        + ". Set it never to sleep or suspend while plugged in, keep it plugged in, and leave the lid open."
    )


def _why(mode) -> str:
    methods = [m.method_name for m in mode.result.list_methods() if getattr(m, "method_name", None)]
    return ("tried " + ", ".join(methods) + ": none answered") if methods else "no way to do it on this system"


def warnings(battery=None, free_bytes: int | None = None) -> list[str]:
    """What the organiser should know about the laptop now, as sentences (empty when all is well).

    ``battery`` (psutil's ``sensors_battery()``: None on a desktop or where the system does not say)
    and ``free_bytes`` (free space on the data folder's disk) are read now when not given.
    """
    if battery is None:
        battery = _battery()
    if free_bytes is None:
        free_bytes = shutil.disk_usage(_existing(Path(settings.DATA_DIR))).free
    said = []
    if battery is not None and not battery.power_plugged and battery.percent < BATTERY_WARNING_PERCENT:
        said.append(
            f"The laptop is on battery, {round(battery.percent)} % left: plug it in, or the evening stops when it does."
        )
    limit = getattr(settings, "WHISTDRIVE_DISK_WARNING_BYTES", DISK_WARNING_BYTES)
    if free_bytes < limit:
        said.append(
            f"The laptop's disk is nearly full ({_size(free_bytes)} free): results and backups may soon fail "
            "to be saved. Delete or move some files."
        )
    return said


def _battery():
    try:
        return psutil.sensors_battery()
    except Exception:  # some systems raise instead of returning None
        return None


def _existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _size(count: int) -> str:
    if count >= 1024**3:
        return f"{count / 1024**3:.1f} GB"
    return f"{count // 1024**2} MB"
