"""Reading and writing a club's member list as CSV, as plain Python (no Django import).

``read_members`` turns the bytes a spreadsheet wrote into a preview: every row as it will be
saved, with the problems that stop it, each naming its row and column. Nothing here saves:
the view shows the preview and saves only what the organiser confirms.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from clubs.names import control_character
from whistdrive.engines.spreadsheets import safe_row, unguard

COLUMNS = ("name", "role", "membership_number", "email", "phone", "active")
MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 10_000

_ROLES = {"lady": "lady", "l": "lady", "f": "lady", "gent": "gent", "g": "gent", "m": "gent", "": "", "none": ""}
_YES = {"", "yes", "y", "true", "1", "active", "current"}
_NO = {"no", "n", "false", "0", "lapsed", "inactive"}
# The header a person may have typed for each column, after normalising (lower case, _ for spaces).
_HEADER_ALIASES = {
    "membership_no": "membership_number",
    "number": "membership_number",
    "member_number": "membership_number",
    "no": "membership_number",
    "e-mail": "email",
    "e_mail": "email",
    "telephone": "phone",
    "mobile": "phone",
    "preferred_role": "role",
    "full_name": "name",
}
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_LIMITS = {"name": 120, "membership_number": 20, "email": 254, "phone": 40}


class CsvError(ValueError):
    """The whole file cannot be read; the message says what to do about it."""


@dataclass(frozen=True)
class MemberRow:
    """One data row as it will be saved. ``row`` counts like a spreadsheet: the header is row 1."""

    row: int
    name: str
    role: str
    membership_number: str
    email: str
    phone: str
    active: bool
    errors: tuple[str, ...] = ()
    # What the organiser may accept: a name the club already has may be a different person.
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.errors

    def fields(self) -> dict:
        return {
            "name": self.name,
            "role": self.role,
            "membership_number": self.membership_number,
            "email": self.email,
            "phone": self.phone,
            "active": self.active,
        }


@dataclass
class Preview:
    rows: list[MemberRow]
    delimiter: str = ","
    notes: list[str] = field(default_factory=list)

    @property
    def good(self) -> list[MemberRow]:
        """Rows to import as they are: no error and nothing to accept."""
        return [r for r in self.rows if r.ok and not r.warnings]

    @property
    def doubtful(self) -> list[MemberRow]:
        """Rows without errors that the organiser imports only by accepting each (a possible duplicate)."""
        return [r for r in self.rows if r.ok and r.warnings]

    @property
    def bad(self) -> list[MemberRow]:
        return [r for r in self.rows if not r.ok]


def normalise_name(name: str) -> str:
    """Compare names as a person would: case, accents and spacing ignored ("ZOË  Smith" = "zoe smith")."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace(".", " ").split())


def decode(raw: bytes) -> tuple[str, list[str]]:
    """The file's text and any note for the organiser. UTF-8 (with or without BOM) is expected."""
    if len(raw) > MAX_BYTES:
        raise CsvError(
            f"The file is {len(raw) / 1024 / 1024:.1f} MB; the limit is {MAX_BYTES // 1024 // 1024} MB. "
            "Split it into smaller files."
        )
    if b"\x00" in raw[:4096]:
        raise CsvError(
            "This does not look like a CSV file (it may be a spreadsheet or UTF-16 text). "
            "In your spreadsheet choose Save As → “CSV UTF-8 (comma delimited)”."
        )
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        try:
            text = raw.decode("cp1252")
        except UnicodeDecodeError:
            raise CsvError(
                f"The file is not UTF-8 text (byte {exc.start + 1} cannot be read). "
                "In your spreadsheet choose Save As → “CSV UTF-8 (comma delimited)” and upload that."
            ) from exc
        return text, [
            "The file is not UTF-8, so it was read as Windows (cp1252) text, as older Excel writes it. "
            "Check accented names below; if they look wrong, save as “CSV UTF-8” and upload again."
        ]


def _delimiter(text: str) -> str:
    header = text.split("\n", 1)[0]
    return ";" if header.count(";") > header.count(",") else ","


def _column(header: str) -> str:
    key = "_".join(header.strip().lower().replace("-", "_").split())
    return _HEADER_ALIASES.get(key, key)


def read_members(
    raw: bytes | str,
    existing_numbers: Iterable[str] = (),
    existing_names: Iterable[str] = (),
) -> Preview:
    """Parse a member CSV against the club's existing membership numbers and names.

    Raises CsvError when the file as a whole cannot be read (encoding, size, no name column).
    """
    text, notes = (raw, []) if isinstance(raw, str) else decode(raw)
    if not text.strip():
        raise CsvError("The file is empty: it needs a header row (name, role, membership_number, …) and members.")
    delimiter = _delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = [_column(h) for h in next(reader)]
    except csv.Error as exc:
        raise CsvError(f"The header row cannot be read as CSV: {exc}.") from exc
    if "name" not in header:
        raise CsvError(
            "The first row must name the columns, and one must be “name” "
            f"(found: {', '.join(h for h in header if h) or 'nothing'}). Columns: {', '.join(COLUMNS)}."
        )
    unknown = [h for h in header if h and h not in COLUMNS]
    if unknown:
        notes.append(f"Columns ignored (not member details): {', '.join(unknown)}.")
    index = {name: header.index(name) for name in COLUMNS if name in header}

    taken_numbers = {n.strip().casefold(): "the club" for n in existing_numbers if n and n.strip()}
    known_names = {normalise_name(n) for n in existing_names}
    rows: list[MemberRow] = []
    try:
        for number, cells in enumerate(reader, start=2):
            if not any(c.strip() for c in cells):
                continue  # spreadsheets leave blank lines at the end
            if len(rows) >= MAX_ROWS:
                raise CsvError(f"The file has more than {MAX_ROWS:,} members; split it into smaller files.")
            rows.append(_read_row(number, cells, index, taken_numbers, known_names))
    except csv.Error as exc:
        raise CsvError(f"Row {reader.line_num} cannot be read as CSV: {exc}.") from exc
    if not rows:
        raise CsvError("The file has a header row but no members under it.")
    return Preview(rows, delimiter, notes)


def _read_row(number: int, cells: list[str], index: dict[str, int], taken_numbers: dict, known_names: set) -> MemberRow:
    def cell(name: str) -> str:
        i = index.get(name)
        # A cell our own export guarded against spreadsheet formulas ('=…) reads as what it guards.
        return unguard(cells[i].strip()) if i is not None and i < len(cells) else ""

    errors: list[str] = []

    def error(column: str, message: str) -> None:
        errors.append(f"Row {number}, column {column}: {message}")

    name = " ".join(cell("name").split())
    if not name:
        error("name", "the name is missing")
    role_text = cell("role")
    role = _ROLES.get(role_text.lower())
    if role is None:
        error("role", f"“{role_text}” is not a role: write lady, gent or leave it empty")
        role = ""
    active_text = cell("active").lower()
    active = active_text not in _NO
    if active_text not in _YES | _NO:
        error("active", f"“{cell('active')}” is not yes or no (lapsed members: no)")
    email = cell("email")
    if email and not _EMAIL.match(email):
        error("email", f"“{email}” is not an email address")
    values = {"name": name, "membership_number": cell("membership_number"), "email": email, "phone": cell("phone")}
    for column, limit in _LIMITS.items():
        if len(values[column]) > limit:
            error(column, f"longer than {limit} characters")
        elif found := control_character(values[column]):
            error(column, f"it has {found}, which cannot be shown or printed")

    membership_number = values["membership_number"]
    key = membership_number.casefold()
    if membership_number:
        if key in taken_numbers:
            where = taken_numbers[key]
            if where == "the club":
                error("membership_number", f"{membership_number} already belongs to a member of the club")
            else:
                error("membership_number", f"{membership_number} is also on row {where} of this file")
        else:
            taken_numbers[key] = number
    warnings = []
    if name and normalise_name(name) in known_names:
        warnings.append(
            f"Row {number}, column name: “{name}” may be a member the club already has (same name); "
            "import it only if this is a different person"
        )

    return MemberRow(
        number, name, role, membership_number, email, values["phone"], active, tuple(errors), tuple(warnings)
    )


def write_members(members: Iterable[dict]) -> str:
    """The CSV the import reads, one member a row, in the order given; no cell runs as a spreadsheet formula."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for member in members:
        writer.writerow(
            safe_row(
                [
                    member["name"],
                    member["role"] or "",
                    member["membership_number"] or "",
                    member["email"] or "",
                    member["phone"] or "",
                    "yes" if member["active"] else "no",
                ]
            )
        )
    return out.getvalue()
