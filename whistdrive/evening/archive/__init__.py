"""The event archive ``whistdrive.event/1``: one JSON document holds one event completely.

The format is a public contract (docs/archive.md). ``export_event`` writes it with ``results``
derived fresh; ``import_event`` reads it all-or-nothing: every problem is collected with the place
it is found (``hands[3].tables[1].tricks: …``), and only a file with none is written, inside one
transaction. Import never trusts ``results``: every entry goes through the rules engine and every
seating after the first through the movement engine, exactly as if the hands had been entered at
the tables.

- ``reader``: the JSON read safely (``read_json``) and the document checked (``check_document``);
- ``export``: the document of an event (``export_event``) and its derived ``results``;
- ``importer``: a checked document written as an event (``import_event``);
- ``results_csv``: the standings as a spreadsheet (``results_rows``).
"""

from .errors import SCHEMA, ArchiveError
from .export import derive_results, export_event, games_tables
from .importer import import_event
from .reader import check_document, read_json
from .results_csv import CSV_HEADER, GAMES_CSV_HEADER, results_rows

__all__ = [
    "CSV_HEADER",
    "GAMES_CSV_HEADER",
    "SCHEMA",
    "ArchiveError",
    "check_document",
    "derive_results",
    "export_event",
    "games_tables",
    "import_event",
    "read_json",
    "results_rows",
]
