"""docs/hosting/whistdrive-emails.service runs `whistdrive send_result_emails` as the workers run (their user,
environment file and folder), and its timer starts it every hour: a renamed command or a moved file fails here."""

import configparser
import shlex

from django.core.management import get_commands

from tests.foundation.documented_hosting import HOSTING


def _unit(name: str) -> configparser.ConfigParser:
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str  # systemd's keys are case-sensitive
    unit.read_string((HOSTING / name).read_text())
    return unit


def test_the_service_runs_send_result_emails_as_the_workers_run():
    service, worker = _unit("whistdrive-emails.service")["Service"], _unit("whistdrive@.service")["Service"]
    program, *arguments = shlex.split(service["ExecStart"])
    assert program == "/srv/whistdrive/venv/bin/whistdrive" and arguments == ["send_result_emails"]
    assert "send_result_emails" in get_commands()
    for key in ("User", "Group", "EnvironmentFile", "WorkingDirectory"):
        assert service[key] == worker[key], key
    assert service["Type"] == "oneshot"


def test_the_timer_starts_it_every_hour_and_the_guide_installs_both():
    timer = _unit("whistdrive-emails.timer")
    assert timer["Timer"]["OnCalendar"] == "hourly" and timer["Install"]["WantedBy"] == "timers.target"
    guide = (HOSTING.parent / "hosting.md").read_text()
    assert "sudo cp whistdrive-emails.service whistdrive-emails.timer /etc/systemd/system/" in guide
    assert "sudo systemctl enable --now whistdrive-emails.timer" in guide
