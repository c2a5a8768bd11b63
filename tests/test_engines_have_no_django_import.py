"""The engines are plain Python: every module of whistdrive/engines/ (the rules, movements, duplicate,
standings, prizes, formats, vocabulary, ...) and the PDF drawing import no Django, directly or through another module of ours, so
they can be read, tested and reused without a database (docs/architecture.md)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "whistdrive"
# Every module and package of whistdrive/engines/, and the printing layouts.
ENGINES = [
    *sorted(
        f"engines/{entry.name}"
        for entry in (PACKAGE / "engines").iterdir()
        if entry.name != "__init__.py" and (entry.suffix == ".py" or (entry / "__init__.py").exists())
    ),
    "printing/common.py",
    "printing/scorecards.py",
    "printing/table_cards.py",
    "printing/sheets.py",
    "printing/slips.py",
    "printing/wall.py",
    "printing/sheet_docs.py",
    "printing/score_pads.py",
]


def _modules(entry: str) -> list[Path]:
    path = PACKAGE / entry
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = path.parent
            for _ in range(node.level - 1):
                base = base.parent
            dotted = ".".join(base.relative_to(PACKAGE.parent).parts + ((node.module,) if node.module else ()))
            names.add(dotted)
            names.update(f"{dotted}.{alias.name}" for alias in node.names)
    return names


def _file_of(module: str) -> Path | None:
    parts = module.split(".")
    if parts[0] != "whistdrive":
        return None
    base = PACKAGE.parent.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


@pytest.mark.parametrize("entry", ENGINES)
def test_an_engine_imports_no_django_even_through_our_own_modules(entry):
    seen: set[Path] = set()
    todo = _modules(entry)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imports(path):
            assert not name.startswith("django"), f"{path.relative_to(PACKAGE.parent)} imports {name}"
            found = _file_of(name)
            if found is not None:
                todo.append(found)
