"""What a hosted install needs set, said by ``check --deploy`` (docs/hosting.md, "Check the settings").

Each is a warning a volunteer can act on, naming the variable of the environment file (docs/hosting/whistdrive.env)
that fixes it; ``check --deploy --fail-level WARNING`` fails until all are set. Only in hosted mode: the laptop's
``rundrive`` sets them for its own processes.
"""

from __future__ import annotations

import os

from django.conf import settings
from django.core.checks import Tags, Warning, register

ENVIRONMENT_FILE = "the environment file (docs/hosting/whistdrive.env)"


@register(Tags.security, deploy=True)
def hosting(app_configs=None, **kwargs) -> list[Warning]:
    if not settings.HOSTED:
        return []
    found = []
    if not os.environ.get("WHISTDRIVE_SERVER_ID", "").strip():
        found.append(
            Warning(
                "WHISTDRIVE_SERVER_ID is not set: each worker names itself anew at every start, and a phone that "
                "sees the name change sends again every tap it keeps (counted against its table's limit).",
                hint=f"Set WHISTDRIVE_SERVER_ID to one word, the same for every worker, in {ENVIRONMENT_FILE}.",
                id="whistdrive.W001",
            )
        )
    if not settings.CACHE_URL:
        found.append(
            Warning(
                "WHISTDRIVE_CACHE_URL is not set: each worker counts the flood limits for itself, reads every "
                "session from the database, and draws the pages pushed to a table's phones on its own.",
                hint=f"Set WHISTDRIVE_CACHE_URL=redis://127.0.0.1:6379/0 in {ENVIRONMENT_FILE} (Redis: "
                "apt-get install redis-server).",
                id="whistdrive.W002",
            )
        )
    if not os.environ.get("DJANGO_SECRET_KEY", "").strip():
        found.append(
            Warning(
                "DJANGO_SECRET_KEY is not set: the key is kept in a file in the data folder, and a worker on "
                "another machine (or with another data folder) signs sessions with a key of its own.",
                hint=f"Set DJANGO_SECRET_KEY in {ENVIRONMENT_FILE}, the same for every worker.",
                id="whistdrive.W003",
            )
        )
    if not os.environ.get("DJANGO_ALLOWED_HOSTS", "").strip():
        found.append(
            Warning(
                "DJANGO_ALLOWED_HOSTS is not set: only http://localhost is served, and the site's own name is "
                "answered 400.",
                hint=f"Set DJANGO_ALLOWED_HOSTS (and DJANGO_CSRF_TRUSTED_ORIGINS) to the site's name in "
                f"{ENVIRONMENT_FILE}.",
                id="whistdrive.W004",
            )
        )
    if not settings.WHISTDRIVE_TRUSTED_PROXIES:
        found.append(
            Warning(
                "WHISTDRIVE_TRUSTED_PROXIES is not set: behind nginx every phone counts as nginx's one address "
                "for the per-address limits (wrong links, passwords, streams).",
                hint=f"Set WHISTDRIVE_TRUSTED_PROXIES=127.0.0.1 (nginx on the same machine) in {ENVIRONMENT_FILE}.",
                id="whistdrive.W005",
            )
        )
    if settings.EMAIL_CONFIGURED and not settings.WHISTDRIVE_SITE_URL:
        found.append(
            Warning(
                "WHISTDRIVE_SITE_URL is not set: the players' results emails carry no link to their own page "
                '(docs/publishing.md, "Players told by email").',
                hint=f"Set WHISTDRIVE_SITE_URL to the site's address as players reach it "
                f"(https://whist.example.org) in {ENVIRONMENT_FILE}.",
                id="whistdrive.W006",
            )
        )
    return found
