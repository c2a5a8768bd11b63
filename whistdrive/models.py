"""Django finds an app's models here; they live in the store (whistdrive/store/models.py), which the code imports."""

from whistdrive.store.models import *  # noqa: F403
