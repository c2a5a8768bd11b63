"""What rundrive's server can hold, worked out before it starts (whistdrive/server/serving.py): the real
server is tested in test_rundrive_holds_off_a_hostile_guest.py; Windows, where there is no
open-files limit (and asyncio's loop there watches sockets without select()), only here."""

import builtins
import sys

import pytest

from whistdrive.server import serving


def test_the_capacity_is_what_the_open_files_can_hold():
    assert serving.capacity(2000, 20_000, 16) == 2000
    assert serving.capacity(2000, 256, 16) == 256 - (4 * 16 + 32)
    assert serving.capacity(2000, 10, 16) == 1


def test_on_windows_the_capacity_is_what_is_configured(monkeypatch):
    assert serving.capacity(4000, None, 16) == 4000
    real_import = builtins.__import__

    def no_resource(name, *args, **kwargs):
        if name == "resource":
            raise ImportError("no resource module on Windows")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_resource)
    assert serving.raise_open_files_limit() is None
    monkeypatch.setattr(sys, "platform", "win32")
    line = serving.describe_capacity(4000, 4000, 32, None)
    assert line == "  Holds 4,000 connections at once (about 500 tables of phones), at most 32 from any one device."


@pytest.mark.skipif(sys.platform.startswith("win"), reason="Unix's open-files limit")
def test_the_line_says_how_to_hold_more_when_the_system_allows_too_few():
    line = serving.describe_capacity(160, 2000, 32, (256, 256))
    assert "This system allows 256 open files: for more phones, raise it (ulimit -n 4096)" in line
    assert "raised" not in line
    assert "(Open-files limit raised from 256 to 10,240.)" in serving.describe_capacity(2000, 2000, 32, (256, 10_240))
