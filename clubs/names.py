"""Names people type or files bring in: no control characters (plain Python, no Django).

A NUL breaks PostgreSQL (it refuses the row) while SQLite stores it silently; an escape sequence
rewrites an organiser's terminal; a bell, a form feed or DEL garbles printed cards; a right-to-left
override makes "Ann Smith" show as something else on the board. Unicode's control characters
(category Cc: C0, DEL and C1) and the bidirectional overrides and isolates are refused; letters,
marks, emoji and their joiners of every script are not.
"""

from __future__ import annotations

import unicodedata

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def control_character(text: str) -> str | None:
    """The first control character in ``text``, described ("a control character (U+0007) at character 4")."""
    for position, char in enumerate(text, start=1):
        if char in _BIDI_CONTROLS or unicodedata.category(char) == "Cc":
            return f"a control character (U+{ord(char):04X}) at character {position}"
    return None


def initials(name: str) -> str:
    """The initials of ``name``, each with a full stop ("Zoë Łukasiewicz-Brown" → "Z. Ł. B."), or "" for none."""
    letters = [part[0].upper() for part in name.replace("-", " ").split() if part[0].isalpha()]
    return " ".join(f"{letter}." for letter in letters)
