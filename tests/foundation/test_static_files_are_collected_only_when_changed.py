"""`rundrive` collects the static files at a start only when they changed since the last one
(whistdrive/server/static_files.py): a restart after a crash is quicker, and a start never serves stale or
missing files."""

import json

import pytest

from whistdrive.server import static_files

SHIPPED = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

pytestmark = pytest.mark.slow  # each collection is a second or two


@pytest.fixture
def laptop(settings, tmp_path):
    """The shipped storage, collecting into a folder of the test's own, with one more folder of sources."""
    settings.STORAGES = SHIPPED
    settings.STATIC_ROOT = tmp_path / "collected"
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "club.css").write_text("body { color: black; }\n")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, extra]
    return extra


def _collected() -> None:
    wanted = static_files.changed()
    assert wanted is not None
    static_files.collect(wanted)


def test_a_second_start_with_nothing_changed_collects_nothing(laptop, settings):
    assert static_files.changed() is not None  # nothing collected yet
    _collected()
    assert static_files.changed() is None
    manifest = json.loads((settings.STATIC_ROOT / "staticfiles.json").read_text())
    assert "club.css" in manifest["paths"]


def test_a_changed_added_or_removed_source_file_is_collected_again(laptop, settings):
    _collected()
    (laptop / "club.css").write_text("body { color: navy; font-size: 120%; }\n")
    assert static_files.changed() is not None
    _collected()
    served = json.loads((settings.STATIC_ROOT / "staticfiles.json").read_text())["paths"]["club.css"]
    assert "navy" in (settings.STATIC_ROOT / served).read_text()

    (laptop / "board.css").write_text("h1 { font-size: 3em; }\n")
    assert static_files.changed() is not None
    _collected()
    (laptop / "board.css").unlink()
    assert static_files.changed() is not None


def test_a_collected_file_gone_missing_is_collected_again(laptop, settings):
    _collected()
    served = json.loads((settings.STATIC_ROOT / "staticfiles.json").read_text())["paths"]["club.css"]
    (settings.STATIC_ROOT / served).unlink()
    assert static_files.changed() is not None
    _collected()
    assert (settings.STATIC_ROOT / served).is_file()


def test_a_collection_cut_short_is_not_taken_for_a_whole_one(laptop, settings, monkeypatch):
    _collected()

    def cut_short(*args, **kwargs):
        raise KeyboardInterrupt  # the organiser pressed Ctrl+C while the files were being written

    monkeypatch.setattr(static_files, "call_command", cut_short)
    with pytest.raises(KeyboardInterrupt):
        static_files.collect(static_files.fingerprint())  # the same files, collected again (say, by hand)
    monkeypatch.undo()
    assert static_files.changed() is not None  # the next start collects them all again


def test_a_damaged_fingerprint_means_collecting_again_not_a_failed_start(laptop, settings):
    _collected()
    (settings.STATIC_ROOT / static_files.FINGERPRINT).write_bytes(b"\xff\xfe\x00 half-written")
    assert static_files.changed() is not None
