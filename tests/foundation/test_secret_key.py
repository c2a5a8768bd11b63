"""The laptop's secret key is made once, readable only by its owner, and reused on every start."""

import stat
import sys

import pytest

from whistdrive import settings as whist_settings


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("DJANGO_SECRET_KEY", raising=False)
    monkeypatch.setattr(whist_settings, "DATA_DIR", tmp_path)
    return tmp_path


def test_the_first_start_writes_a_long_secret_key_file(data_dir):
    key = whist_settings._secret_key()
    assert len(key) >= 50
    assert (data_dir / "secret_key").read_text() == key


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_the_secret_key_file_is_readable_only_by_its_owner(data_dir):
    whist_settings._secret_key()
    assert stat.S_IMODE((data_dir / "secret_key").stat().st_mode) == 0o600


def test_later_starts_reuse_the_same_key_so_sessions_survive_a_restart(data_dir):
    assert whist_settings._secret_key() == whist_settings._secret_key()


def test_each_laptop_gets_its_own_key(tmp_path, monkeypatch):
    monkeypatch.delenv("DJANGO_SECRET_KEY", raising=False)
    keys = set()
    for laptop in ("one", "two"):
        (tmp_path / laptop).mkdir()
        monkeypatch.setattr(whist_settings, "DATA_DIR", tmp_path / laptop)
        keys.add(whist_settings._secret_key())
    assert len(keys) == 2


def test_a_hosted_secret_key_from_the_environment_wins_and_writes_no_file(data_dir, monkeypatch):
    monkeypatch.setenv("DJANGO_SECRET_KEY", "hosted-key-" + "x" * 50)
    assert whist_settings._secret_key() == "hosted-key-" + "x" * 50
    assert not (data_dir / "secret_key").exists()
