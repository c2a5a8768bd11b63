"""How a name or a membership number is folded so that people find what they type (plain Python, no Django).

At the desk people type what they hear: "zoe" for Zoë, "obrien" or "brien" for Siobhán O'Brien, "jones" for
Smith-Jones, "42" for member 0042. Both the stored key and the typed text are folded the same way, so the
database is asked a plain ``contains`` on lower-case ASCII-ish text, which SQLite and PostgreSQL answer alike
(SQLite's LIKE folds only ASCII, PostgreSQL's ``UPPER`` follows the collation: neither folds "ë" to "e").

- case is folded (``casefold``: "ß" is "ss");
- accents go: "Zoë" is "zoe", "Siobhán" "siobhan"; letters that are not a letter plus an accent in Unicode
  ("Ł", "ø", "æ", "đ") are spelled as people type them ("l", "o", "ae", "d");
- apostrophes vanish ("O'Brien", "O’Brien" are "obrien"); every other run of punctuation or spaces is one
  space ("Smith-Jones" is "smith jones");
- a membership number is kept apart from the name, without its leading zeros ("0042" is found by "42").
"""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not take apart into a base letter and a mark.
_SPELLED = str.maketrans(
    {"ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŋ": "n"}
)
_APOSTROPHES = re.compile(r"['’‘`´ʼ]")
_NOT_WORD = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    """``text`` as it is compared: lower case, no accents, no apostrophes, words split by single spaces."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(char for char in text if not unicodedata.combining(char)).translate(_SPELLED)
    text = _APOSTROPHES.sub("", text)
    return _NOT_WORD.sub(" ", text).strip()


def fold_number(number: str) -> str:
    """A membership number as it is compared: folded, without leading zeros ("0042" is "42", "000" is "0")."""
    folded = fold(number).replace(" ", "")
    return folded.lstrip("0") or ("0" if folded else "")


def words(typed: str) -> list[str]:
    """The folded words of what was typed; a member matches when their name holds every one."""
    return fold(typed).split()


def same_name(one: str, other: str) -> bool:
    """Whether two names are the same once folded ("Mary O'Neill" and "mary oneill")."""
    return fold(one) == fold(other)
