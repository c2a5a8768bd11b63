"""The picture in docs/duplicate.md is drawn from the engine: it must be the engine's movement."""

import contextlib
import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_picture_is_what_the_engine_draws():
    tool = ROOT / "tools" / "draw_duplicate_movement.py"
    namespace: dict = {"__name__": "picture", "__file__": str(tool)}
    exec(compile(tool.read_text(), str(tool), "exec"), namespace)
    drawn = io.StringIO()
    with contextlib.redirect_stdout(drawn):
        namespace["main"]()
    committed = (ROOT / "docs" / "images" / "duplicate-mitchell.svg").read_text()
    if drawn.getvalue() != committed:
        pytest.fail("docs/images/duplicate-mitchell.svg is out of date: run python tools/draw_duplicate_movement.py")
    assert "E–W 5" in committed and "boards 13–15" in committed
