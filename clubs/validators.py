"""Validators shared by the models and forms of both apps."""

from django.core.exceptions import ValidationError

from clubs.names import control_character


def no_control_characters(value: str) -> None:
    """Refuse text holding a control character (see clubs/names.py), saying which and where."""
    found = control_character(value or "")
    if found:
        raise ValidationError(
            f"This has {found}, which cannot be shown or printed: type it again without it.",
            code="control_character",
        )
