"""The stylesheets, scripts and pictures `rundrive` serves, collected into STATIC_ROOT only when they changed.

Collecting them (hashed names, and a compressed copy of each) writes some 1,400 files and took 1.4 of the 2.9 s a
start took on a 2-core test machine, at every start: an evening's second start, after a crash or a restored
backup, is the one that should be quick. A fingerprint of what would be collected (each source file's path,
size and modification time, the storage and the versions of WhistDrive and Django) is kept beside the collected
files; the next start collects again only when it differs, or when the collected files are not all there.
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib import metadata
from pathlib import Path

import django
from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles.apps import StaticFilesConfig
from django.contrib.staticfiles.finders import get_finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.management import call_command

FINGERPRINT = ".whistdrive-collected"


def fingerprint() -> str:
    """A digest of everything `collectstatic` would collect now, as it would find it (first finder wins)."""
    config = apps.get_app_config("staticfiles")
    ignore = config.ignore_patterns if isinstance(config, StaticFilesConfig) else StaticFilesConfig.ignore_patterns
    found: dict[str, tuple[int, int]] = {}
    for finder in get_finders():
        for path, storage in finder.list(ignore):
            name = os.path.join(getattr(storage, "prefix", None) or "", path)
            if name not in found:
                stat = os.stat(storage.path(path))
                found[name] = (stat.st_size, stat.st_mtime_ns)
    try:
        whistdrive = metadata.version("whistdrive")
    except metadata.PackageNotFoundError:  # a checkout, never installed: the files' times tell
        whistdrive = ""
    described = {
        "storage": settings.STORAGES["staticfiles"]["BACKEND"],
        "versions": [whistdrive, django.__version__],
        "files": sorted(found.items()),
    }
    return hashlib.sha256(json.dumps(described).encode()).hexdigest()


def _still_collected(root: Path, wanted: str) -> bool:
    try:
        if (root / FINGERPRINT).read_text(encoding="ascii").strip() != wanted:
            return False
    except (OSError, UnicodeDecodeError):  # never collected, or the note is unreadable: collect
        return False
    if not isinstance(staticfiles_storage, ManifestFilesMixin):  # no list of what was collected: the note it is
        return True
    # The manifest, written last, names every file collected: each must still be there.
    try:
        manifest = Path(staticfiles_storage.manifest_storage.path(staticfiles_storage.manifest_name))
        paths = json.loads(manifest.read_text(encoding="utf-8"))["paths"].values()
    except (OSError, ValueError, KeyError, AttributeError):
        return False
    return all((root / path).is_file() for path in paths)


def changed() -> str | None:
    """The fingerprint to collect under, or None when the files collected before are the same and all there."""
    wanted = fingerprint()
    return None if _still_collected(Path(settings.STATIC_ROOT), wanted) else wanted


def collect(wanted: str) -> None:
    """Collect the static files, then keep ``wanted`` (``changed()``'s fingerprint) beside them."""
    stamp = Path(settings.STATIC_ROOT) / FINGERPRINT
    stamp.unlink(missing_ok=True)  # a collection cut short is never taken for a whole one
    call_command("collectstatic", interactive=False, verbosity=0)
    stamp.write_text(wanted + "\n", encoding="ascii")
