"""Waiting for something to happen, with a deadline, instead of sleeping and hoping it has.

A test that sleeps a fixed time fails on a busy machine (the thing took longer) and wastes time on a
quiet one (it was done long before). ``wait_for`` looks again and again until the condition holds
and fails, saying what never happened, only when the deadline passes: the deadline is generous
because reaching it means the behaviour is wrong, not that the machine is slow.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_for(condition: Callable[[], T], *, timeout: float, what: str, every: float = 0.05) -> T:
    """``condition()``'s first truthy value, asked every ``every`` seconds; AssertionError naming
    ``what`` if it is still falsy after ``timeout`` seconds. Exceptions from ``condition`` propagate."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what}: not within {timeout:g} s")
        time.sleep(every)


def eventually(condition: Callable[[], T], *, timeout: float, every: float = 0.05) -> bool:
    """Whether ``condition()`` turns truthy within ``timeout`` seconds (for a test that asserts it itself)."""
    try:
        wait_for(condition, timeout=timeout, what="", every=every)
    except AssertionError:
        return False
    return True
