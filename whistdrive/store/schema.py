"""Which WhistDrive made this database: what an upgrade will change, and whether a newer WhistDrive wrote it.

`rundrive` asks before it migrates (whistdrive/management/commands/rundrive.py): an older database is backed up
first, and a database that a newer WhistDrive has migrated is left as it is, since this code would read and
write rows whose meaning it does not know.
"""

from __future__ import annotations

from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

# The apps whose migrations ship with WhistDrive; a third-party app's history is its own release's business.
OUR_APPS = ("whistdrive", "clubs")


def _executor(using: str = "default") -> MigrationExecutor:
    return MigrationExecutor(connections[using])


def is_new(using: str = "default") -> bool:
    """True for a database nothing has been migrated into yet (a first run): nothing in it to lose."""
    recorder = MigrationRecorder(connections[using])
    return not recorder.has_table() or not recorder.applied_migrations()


def unapplied(using: str = "default") -> list[str]:
    """The migrations `migrate` would apply now, as "app.name"."""
    executor = _executor(using)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migration.app_label}.{migration.name}" for migration, backwards in plan if not backwards]


def from_a_newer_whistdrive(using: str = "default") -> list[str]:
    """Migrations of WhistDrive's own apps recorded in the database that this code does not have: a newer
    WhistDrive migrated it (or a development branch did). Empty when this code knows every one."""
    loader = _executor(using).loader
    known = set(loader.disk_migrations)
    for migration in loader.disk_migrations.values():
        known.update(migration.replaces)  # a squashed migration stands for those it replaces
    return sorted(
        f"{app}.{name}" for app, name in loader.applied_migrations if app in OUR_APPS and (app, name) not in known
    )
