"""CSV cells that a spreadsheet opens as text, never as a formula (plain Python, no Django).

Excel, LibreOffice and Google Sheets run a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and
some a tab or carriage return before one) as a formula, even from a CSV file: a player's name
typed at the desk could then fetch a web address or start a program on the organiser's laptop.
A text cell that starts so is written with a leading ``'``, which spreadsheets show as text
(OWASP's advice). Numbers are written as they are, so they stay numbers; a member file read back
by WhistDrive drops the guard again (``unguard``), so an export imports to the same members.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_RUNS = re.compile(r"^'*[=+\-@\t\r]")  # a cell a spreadsheet would run (or a guarded one: guarded again)
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_GUARDED = re.compile(r"^'+[=+\-@\t\r]")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet should read it: guarded when it is text it would run as a formula."""
    if isinstance(value, str) and _RUNS.match(value) and not _NUMBER.match(value):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    return [safe_cell(value) for value in row]


def unguard(text: str) -> str:
    """The text a guarded cell holds (``'=A1`` is ``=A1``); any other text as it is."""
    return text[1:] if _GUARDED.match(text) else text
