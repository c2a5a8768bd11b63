"""Every input to the club pages goes through one of these forms."""

from typing import cast

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator

from clubs.models import Club, Member, Season
from clubs.validators import no_control_characters
from whistdrive.engines import ledger, prizes


class MemberSearchForm(forms.Form):
    q = forms.CharField(required=False, max_length=120, label="Find a member")
    lapsed = forms.BooleanField(required=False, label="Include lapsed members")


class MemberForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = [
            "name",
            "role",
            "membership_number",
            "email",
            "phone",
            "active",
            "is_guest",
            "online",
            "results_by_email",
        ]
        labels = {
            "role": "Preferred role",
            "active": "Active (untick for a lapsed member)",
            "online": "How they appear in results online",
            "results_by_email": "Email them their results",
        }
        help_texts = {
            "results_by_email": "Only if they agreed: after each evening is published online they get their card "
            "and the evening's results (docs/publishing.md)."
        }

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club
        self.fields["role"].choices = [("", "No preference")] + list(self.fields["role"].choices)[1:]
        # A form posted without the choice (an older page, a script) keeps the member's own.
        self.fields["online"].required = False

    def clean_online(self) -> str:
        return self.cleaned_data["online"] or self.instance.online or Member.Online.FULL

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("results_by_email") and not cleaned.get("email") and "email" not in self.errors:
            self.add_error("results_by_email", "Give their email address to email them their results.")
        return cleaned

    def clean_membership_number(self) -> str:
        number = self.cleaned_data["membership_number"].strip()
        if number:
            others = Member.objects.filter(club=self.instance.club, membership_number__iexact=number)
            if self.instance.pk:
                others = others.exclude(pk=self.instance.pk)
            other = others.first()
            if other:
                raise forms.ValidationError(f"{other.name} already has membership number {number}.")
        return number


class MergeForm(forms.Form):
    other = forms.ModelChoiceField(
        queryset=Member.objects.none(),
        label="The other record of the same person",
        help_text="Its evenings move to this record, its details fill this record's empty fields, then it is deleted.",
    )

    def __init__(self, *args, member: Member, **kwargs):
        super().__init__(*args, **kwargs)
        self.member = member
        other = cast(forms.ModelChoiceField, self.fields["other"])
        other.queryset = member.club.members.exclude(pk=member.pk)
        # Django's documented way to word the choices; the stubs see it as replacing a method.
        other.label_from_instance = lambda m: (  # type: ignore[method-assign, assignment]
            f"{m.name}"
            + (f" (no. {m.membership_number})" if m.membership_number else "")
            + ("" if m.active else ", lapsed")
        )

    def clean_other(self) -> Member:
        other = self.cleaned_data["other"]
        shared = other.entries.filter(event__entrants__member=self.member).select_related("event").first()
        if shared:
            raise forms.ValidationError(
                f"Both records entered {shared.event}: remove one of the two entries from that event first."
            )
        return other


class MemberImportForm(forms.Form):
    file = forms.FileField(
        label="Member list (CSV)",
        help_text="Columns: name, role, membership_number, email, phone, active. Comma or semicolon separated.",
    )


class MemberImportConfirmForm(forms.Form):
    digest = forms.CharField(widget=forms.HiddenInput)
    skip_bad_rows = forms.BooleanField(required=False)
    # The rows with a possible duplicate name that the organiser accepts (by row number).
    accept = forms.TypedMultipleChoiceField(coerce=int, required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, doubtful=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["accept"].choices = [(row.row, f"Row {row.row}: import {row.name} too") for row in doubtful]


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts", "ends", "counting", "best"]
        widgets = {"starts": forms.DateInput(attrs={"type": "date"}), "ends": forms.DateInput(attrs={"type": "date"})}
        labels = {"best": "N (best N events count)"}

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club

    def clean(self):
        data = super().clean()
        if data.get("counting") == Season.Counting.BEST and not data.get("best"):
            self.add_error("best", "Say how many events count for each member (N of best N).")
        if data.get("counting") == Season.Counting.ALL:
            data["best"] = None
        starts, ends = data.get("starts"), data.get("ends")
        if starts and ends and ends < starts:
            self.add_error("ends", "A season must end on or after the day it starts.")
        return data


class PresetDeleteForm(forms.Form):
    confirm = forms.BooleanField(required=True, label="Yes, delete this preset")


# -- running a club: adding one, its organisers, its settings, closing it ------------------------------


class AddClubForm(forms.Form):
    """A new club and its first organiser in one form (the site administrator's page and ``add_club``)."""

    name = forms.CharField(max_length=120, label="The club's name", validators=[no_control_characters])
    organiser = forms.CharField(
        max_length=150,
        label="Its first organiser's login name",
        validators=[UnicodeUsernameValidator()],
        help_text="An existing account becomes the club's organiser; a new login name gets an account, with a "
        "password shown once.",
    )
    email = forms.EmailField(required=False, label="The organiser's email (for a password reset)")

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if Club.objects.filter(name__iexact=name).exists():
            raise forms.ValidationError(f"A club called {name} is here already.")
        return name


class AmountField(forms.CharField):
    """An amount of money as a person types it ("3", "3.50", "£3.50"), cleaned to an exact ``Decimal``."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 20)
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal", "size": 8}))
        super().__init__(**kwargs)

    def clean(self, value):
        text = super().clean(value)
        if text in self.empty_values:
            return None
        try:
            return ledger.amount(text)
        except ledger.LedgerError as exc:
            raise forms.ValidationError(str(exc)) from None


class ClubEveningsForm(forms.ModelForm):
    """What every evening of the club starts with: the entry prices (an evening may set its own), the currency
    they are shown in, and the special prizes chosen from the list."""

    fee_member = AmountField(label="Member", required=False)
    fee_guest = AmountField(label="Guest", required=False)
    fee_concession = AmountField(label="Concession", required=False)
    special_prizes = forms.MultipleChoiceField(
        choices=list(prizes.SPECIAL_WORDS.items()),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Special prizes at every evening",
        help_text="After the places and the boobies, one each for the whole room (one prize per person); an "
        "evening's own prize list replaces them. The halves' prizes need an interval.",
    )

    board_hides_last = forms.IntegerField(
        min_value=0,
        max_value=60,
        label="Keep the board secret for the last",
        help_text="hands of every new evening (0 shows the standings to the end): the projector and the players' "
        "phones show no totals until the prizes are revealed. An evening can change it on its Standings page.",
    )

    class Meta:
        model = Club
        fields = ["currency", "fee_member", "fee_guest", "fee_concession", "special_prizes", "board_hides_last"]
        labels = {"currency": "Currency symbol"}
        widgets = {"currency": forms.TextInput(attrs={"size": 3})}
        error_messages = {"currency": {"required": "Type the symbol amounts are shown with, such as £ or €."}}

    def clean_currency(self) -> str:
        currency = self.cleaned_data["currency"].strip()
        if not currency:
            raise forms.ValidationError("Type the symbol amounts are shown with, such as £ or €.")
        return currency

    def clean(self):
        data = super().clean()
        for name in ("fee_member", "fee_guest", "fee_concession"):
            if name in data and data[name] is None:
                data[name] = ledger.ZERO
        if "special_prizes" in data:
            # Kept in the list's own order, whatever order the boxes came in.
            data["special_prizes"] = [kind for kind in prizes.SPECIAL if kind in data["special_prizes"]]
        return data


class ClubSettingsForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["erased_shown_as"]
        labels = {"erased_shown_as": "An erased member's name becomes"}
        widgets = {"erased_shown_as": forms.RadioSelect}


class ResultsOnlineForm(forms.ModelForm):
    """How long an evening's published results stay provisional (docs/publishing.md)."""

    class Meta:
        model = Club
        fields = ["provisional_days"]
        labels = {"provisional_days": "Results stay provisional for (days)"}
        help_texts = {
            "provisional_days": "After an evening is published its results show “provisional until …” online and in "
            "the players' emails, and count for grades and the seasons only when the days are over; a correction "
            "meanwhile shows as “corrected”. 0 counts them at once."
        }
        widgets = {"provisional_days": forms.NumberInput(attrs={"min": 0, "max": 365})}

    def clean_provisional_days(self) -> int:
        days = self.cleaned_data["provisional_days"]
        if days > 365:
            raise forms.ValidationError(f"Results can stay provisional for at most 365 days, not {days}.")
        return days


class RemoveOrganiserForm(forms.Form):
    user = forms.ModelChoiceField(queryset=get_user_model().objects.none(), to_field_name="username")

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        cast(forms.ModelChoiceField, self.fields["user"]).queryset = club.organisers()
        self.fields["user"].error_messages["invalid_choice"] = "That account does not organise this club."

    def clean_user(self):
        user = self.cleaned_data["user"]
        if self.club.organisers().count() <= 1:
            raise forms.ValidationError(
                f"{user.username} is the club's only organiser: invite another before removing them."
            )
        return user


class TypeTheNameForm(forms.Form):
    """A deletion that cannot be undone, confirmed by typing the name of what goes."""

    name = forms.CharField(max_length=120, label="Type the name to confirm")

    def __init__(self, *args, expected: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.expected = expected

    def clean_name(self) -> str:
        typed = " ".join(self.cleaned_data["name"].split())
        if typed != " ".join(self.expected.split()):
            raise forms.ValidationError(f"That is not the name: type {self.expected} exactly to confirm.")
        return typed
