"""Forms of the organiser's live evening: a result set by hand, the paper grid, arrivals and departures.

Every cross-field check goes through ``rules.check_entry`` so the organiser reads the same
message a phone would show ("North–South 8 and East–West 6 make 14 tricks; a hand has 13").
"""

from __future__ import annotations

from django import forms

from clubs.models import Role
from clubs.validators import no_control_characters
from whistdrive import evening
from whistdrive.models import Entrant, Event, Side, Table, Trump
from whistdrive.rules import HandEntry, RuleError, check_entry, trump_for_hand

REVOKE_CHOICES = [("", "No revoke"), *Side.choices]
TRICKS = {"min_value": 0, "max_value": 13}


def counts_honours(event: Event) -> bool:
    fmt = event.format
    return fmt.is_games and fmt.honours


def trump_is_chosen(event: Event) -> bool:
    """True when the trump is turned or cut at the table and so must be keyed for each hand."""
    return event.format.trump_rotation is None


class _EntryFields(forms.Form):
    """The fields of one hand's result; the format decides which of them appear."""

    tricks_ns = forms.IntegerField(label="North–South tricks", **TRICKS)
    tricks_ew = forms.IntegerField(label="East–West tricks", required=False, **TRICKS)
    honours_ns = forms.IntegerField(label="North–South honours", required=False, min_value=0, max_value=4)
    honours_ew = forms.IntegerField(label="East–West honours", required=False, min_value=0, max_value=4)
    revoke = forms.ChoiceField(label="Revoke by", choices=REVOKE_CHOICES, required=False)
    trump = forms.ChoiceField(label="Trumps", choices=Trump.choices)

    def __init__(self, *args, event: Event, hand: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.hand = hand
        if not counts_honours(event):
            del self.fields["honours_ns"], self.fields["honours_ew"]
        if not trump_is_chosen(event):
            del self.fields["trump"]

    def entry(self, data: dict) -> HandEntry:
        ns = data["tricks_ns"]
        # East–West may be left blank: the cards make 13, so it follows from North–South. So does an
        # East–West left as it was when only North–South was changed (a correction, without script).
        ew = data.get("tricks_ew")
        if "tricks_ns" in self.changed_data and "tricks_ew" not in self.changed_data and self.initial:
            ew = None
        trump = data.get("trump") or trump_for_hand(self.event.trumps, self.hand)
        return HandEntry(
            tricks_ns=ns,
            tricks_ew=13 - ns if ew is None else ew,
            trump=trump,
            honours_ns=data.get("honours_ns"),
            honours_ew=data.get("honours_ew"),
            revoke=data.get("revoke") or None,
        )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        entry = self.entry(data)
        try:
            check_entry(self.event.format, entry)
        except RuleError as exc:
            raise forms.ValidationError(_sentence(str(exc))) from exc
        data["entry"] = entry
        return data


class ResultForm(_EntryFields):
    """The organiser enters, corrects or decides one table's result for one hand."""

    reason = forms.CharField(
        max_length=200,
        help_text="Kept with the result and in its history, e.g. “disputed: NS cards checked”.",
    )

    field_order = ["tricks_ns", "tricks_ew", "honours_ns", "honours_ew", "revoke", "trump", "reason"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # result_form.js fills East–West as 13 less North–South as the organiser types.
        self.fields["tricks_ns"].widget.attrs["data-thirteen-less"] = self["tricks_ew"].auto_id


class ResultLookupForm(forms.Form):
    """Which result to open: a table number and a hand already reached."""

    table = forms.IntegerField(label="Table", min_value=1)
    # Blank means the hand being played now: the page around this form is not re-drawn as
    # the evening moves on, so a pre-filled number would go stale.
    hand = forms.IntegerField(label="Hand", min_value=1, required=False, help_text="Blank for the current hand.")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.fields["hand"].validators.append(_max(max(event.current_hand, 1), "hand"))
        self.fields["hand"].widget.attrs["placeholder"] = "now"

    def clean_hand(self) -> int:
        return self.cleaned_data["hand"] or max(self.event.current_hand, 1)

    def clean_table(self) -> Table:
        number = self.cleaned_data["table"]
        table = self.event.tables.filter(number=number).first()
        if table is None:
            raise forms.ValidationError(f"There is no table {number} tonight.")
        return table


class PaperRowForm(_EntryFields):
    """One table's row in the paper grid; a blank row means the card has not come in yet."""

    def __init__(self, *args, table: Table, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table
        self.fields["tricks_ns"].required = False
        if "trump" in self.fields:
            self.fields["trump"].required = False
            self.fields["trump"].choices = [("", "–"), *Trump.choices]

    def is_blank(self) -> bool:
        return self.is_valid() and self.cleaned_data.get("entry") is None

    def clean(self):
        data = forms.Form.clean(self)
        if self.errors:
            return data
        keyed = [name for name in ("tricks_ew", "honours_ns", "honours_ew", "revoke", "trump") if data.get(name)]
        if data.get("tricks_ns") is None:
            if keyed:
                raise forms.ValidationError("North–South's tricks are missing.")
            data["entry"] = None
            return data
        if "trump" in self.fields and not data.get("trump"):
            raise forms.ValidationError("Which suit was trumps?")
        return super().clean()


class LateArrivalForm(forms.Form):
    name = forms.CharField(max_length=120, validators=[no_control_characters])
    role = forms.ChoiceField(choices=[("", "No role"), *Role.choices], required=False)


class WithdrawForm(forms.Form):
    entrant = forms.ModelChoiceField(queryset=Entrant.objects.none(), label="Player leaving")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        # Everyone who would be seated for the next hand: those still here, and arrivals not yet playing.
        hand = evening.first_open_hand(event)
        self.fields["entrant"].queryset = event.entrants.present_for(hand).order_by("name")


class AutoAdvanceForm(forms.Form):
    auto_advance = forms.BooleanField(required=False)


class ExpectedHandForm(forms.Form):
    """The hand the organiser was looking at: a second press after the evening moved on does nothing."""

    expected_hand = forms.IntegerField(min_value=0)


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")


def _max(limit: int, what: str):
    def check(value: int) -> None:
        if value > limit:
            raise forms.ValidationError(f"The evening has only reached {what} {limit}.")

    return check
