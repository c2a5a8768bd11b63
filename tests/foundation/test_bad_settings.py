"""A setting the organiser got wrong is one line saying what to fix, never a traceback."""

import pytest

from tests.foundation.drive_process import free_port, laptop_env, manage

pytestmark = pytest.mark.slow


def _one_line_error(result) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_an_unwritable_data_directory_says_to_set_whistdrive_data_dir(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    result = manage("rundrive", "--no-serve", env=laptop_env(blocker / "data"))
    line = _one_line_error(result)
    assert str(blocker / "data") in line
    assert "WHISTDRIVE_DATA_DIR" in line


def test_a_data_directory_under_proc_says_to_set_whistdrive_data_dir(tmp_path):
    line = _one_line_error(manage("rundrive", "--no-serve", env=laptop_env("/proc/nope")))
    assert "WHISTDRIVE_DATA_DIR" in line


def test_a_database_url_that_is_not_an_address_says_how_one_looks(tmp_path):
    env = laptop_env(tmp_path, DATABASE_URL="nonsense://x")
    line = _one_line_error(manage("rundrive", "--no-serve", env=env))
    assert "DATABASE_URL" in line
    assert "postgres://USER:PASSWORD@HOST:5432/NAME" in line


def test_a_database_other_than_postgresql_or_sqlite_is_refused_by_name(tmp_path):
    env = laptop_env(tmp_path, DATABASE_URL="mysql://whist@127.0.0.1/whist")
    line = _one_line_error(manage("check", env=env))
    assert "mysql" in line and "PostgreSQL or SQLite" in line


def test_an_unreachable_postgresql_says_the_database_cannot_be_reached_without_its_password(tmp_path):
    url = f"postgres://whist:s3cret-pw@127.0.0.1:{free_port()}/whist"
    line = _one_line_error(manage("rundrive", "--no-serve", env=laptop_env(tmp_path, DATABASE_URL=url)))
    assert "cannot reach the database at 127.0.0.1:" in line
    assert "DATABASE_URL" in line
    assert "s3cret-pw" not in line


def test_a_sqlite_file_in_a_missing_folder_says_which_file(tmp_path):
    url = f"sqlite:///{tmp_path}/missing/folder/whist.sqlite3"
    line = _one_line_error(manage("rundrive", "--no-serve", env=laptop_env(tmp_path, DATABASE_URL=url)))
    assert f"{tmp_path}/missing/folder/whist.sqlite3" in line


def test_a_number_of_server_processes_that_is_not_one_says_so(tmp_path):
    line = _one_line_error(manage("rundrive", "--no-serve", env=laptop_env(tmp_path, WHISTDRIVE_WORKERS="two")))
    assert "WHISTDRIVE_WORKERS" in line and "'two'" in line
    line = _one_line_error(manage("rundrive", "--workers", "0", env=laptop_env(tmp_path / "other")))
    assert "--workers must be 1 or more, not 0." in line
    assert not (tmp_path / "other" / "whistdrive.sqlite3").exists()  # refused before the database was made


def test_a_site_address_that_is_not_one_says_how_one_looks(tmp_path):
    env = laptop_env(tmp_path, WHISTDRIVE_SITE_URL="whist.example.org")
    line = _one_line_error(manage("check", env=env))
    assert "WHISTDRIVE_SITE_URL" in line and "https://whist.example.org" in line and "'whist.example.org'" in line
