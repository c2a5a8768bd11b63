"""A fingerprint of everything the app stores, to show that a refused request changed nothing."""

from django.apps import apps
from django.db import models


def snapshot() -> dict[str, list]:
    """Every row of the clubs and whistdrive models (and users), as plain values, sorted."""
    state = {}
    for model in list(apps.get_app_config("clubs").get_models()) + list(apps.get_app_config("whistdrive").get_models()):
        fields = [f.attname for f in model._meta.concrete_fields if not isinstance(f, models.DateTimeField)]
        state[model.__name__] = sorted(map(repr, model.objects.order_by().values_list(*fields)))
    from django.contrib.auth.models import User

    state["User"] = sorted(User.objects.values_list("username", flat=True))
    return state


def changed(before: dict, after: dict) -> list[str]:
    return [name for name in before if before[name] != after[name]]
