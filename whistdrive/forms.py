"""Forms for setting up an event (details and format) and for the registration desk."""

from __future__ import annotations

from django import forms
from django.db.models import Case, IntegerField, Value, When

from clubs.models import FormatPreset, Member, Role
from clubs.validators import no_control_characters
from whistdrive.formats import PRESETS, TIE_BREAKS, Format
from whistdrive.models import Event

TIE_BREAK_LABELS = {
    "second_half": "Higher second half",
    "last_hand": "Higher score on the last hand",
    "hands_won": "More hands won",
    "countback": "Countback from the last hand",
}
TIE_BREAK_SLOTS = 4
# Which field a sentence from Format.problems() belongs to, by the words it starts with or contains.
_PROBLEM_FIELDS = (
    ("hands per round", "hands_per_round"),
    ("cannot be played in rounds", "hands_per_round"),
    ("number of hands", "hands"),
    ("interval", "interval_after"),
    ("fixed sit-out", "sitout_fixed"),
    ("honours are a k q j", "honours"),
    ("honours count only", "honours"),
    ("revoke", "revoke_penalty"),
    ("game night keeps", "movement"),
    ("mitchell", "movement"),
    ("tie-break", None),
    ("trumps", "trumps"),
    ("target", "target"),
)


def preset_choices(club) -> list[tuple[str, str]]:
    """Built-in presets, then the club's own (as "club:<id>"), then custom."""
    choices = [(key, label) for key, (label, _) in PRESETS.items()]
    choices += [(f"club:{p.pk}", f"{p.name} (this club)") for p in club.presets.all()]
    return choices + [("custom", "Custom")]


def preset_format(club, key: str) -> Format | None:
    if key in PRESETS:
        return PRESETS[key][1]
    if key.startswith("club:") and key[5:].isdigit():
        preset = club.presets.filter(pk=int(key[5:])).first()
        if preset:
            return Format().with_changes(**Format.from_dict(preset.format).to_dict())
    return None


class PresetPickForm(forms.Form):
    preset = forms.ChoiceField(label="Start from a preset")

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = preset_choices(club)


class EventForm(forms.ModelForm):
    """An event's details and its whole format. After the start only the details may change."""

    class Meta:
        model = Event
        fields = ["name", "date", "venue", "season", *[f for f in Event.FORMAT_FIELDS if f != "tie_breaks"]]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        labels = {
            "interval_after": "Interval after hand",
            "sitout_score": "A sitting-out player scores",
            "sitout_fixed": "Fixed sit-out score",
            "honours_can_win": "Honours can win a game",
            "movers": "Who moves (progressive)",
        }
        help_texts = {"season": "Leave empty to use the season whose dates contain the event's date."}

    DETAIL_FIELDS = ("name", "date", "venue", "season")

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club
        self.fields["season"].queryset = club.seasons.all()
        self.fields["season"].empty_label = "The season containing the date"
        choices = [("", "—")] + [(k, TIE_BREAK_LABELS[k]) for k in TIE_BREAKS]
        current = list(self.instance.tie_breaks or []) if self.instance.pk else list(self.initial.get("tie_breaks", []))
        for i in range(TIE_BREAK_SLOTS):
            self.fields[f"tie_break_{i + 1}"] = forms.ChoiceField(
                choices=choices,
                required=False,
                label=f"Tie-break {i + 1}" if i else "Tie-breaks, in order: first",
                initial=current[i] if i < len(current) else "",
            )
        # A number field left empty means "no interval", so the model's default must not creep back.
        self.fields["interval_after"].required = False

    @property
    def format_fields(self):
        return [self[name] for name in self.fields if name not in self.DETAIL_FIELDS]

    @property
    def detail_fields(self):
        return [self[name] for name in self.DETAIL_FIELDS]

    def clean(self):
        data = super().clean()
        tie_breaks = [data.get(f"tie_break_{i + 1}") for i in range(TIE_BREAK_SLOTS)]
        tie_breaks = [t for t in tie_breaks if t]
        data["tie_breaks"] = tie_breaks
        self.instance.tie_breaks = tie_breaks

        if self.instance.pk and self.instance.started:
            before = Event.objects.get(pk=self.instance.pk).format.to_dict()
            changed = [name for name in Event.FORMAT_FIELDS if name in data and data[name] != before[name]]
            if changed:
                raise forms.ValidationError(
                    "The format is locked: this event has started, so its "
                    f"{', '.join(self.fields.get(n, self.fields['tie_break_1']).label.lower() for n in changed)} "
                    "cannot change now. The name, date, venue and season still can."
                )
        if any(name in self.errors for name in Event.FORMAT_FIELDS):
            return data
        fmt = self.format_from(data)
        for problem in fmt.problems():
            self.add_error(_field_for(problem), _sentence(problem))
        if not data.get("season") and data.get("date"):
            data["season"] = self.instance.club.seasons.filter(starts__lte=data["date"], ends__gte=data["date"]).first()
        return data

    @staticmethod
    def format_from(data: dict) -> Format:
        return Format.from_dict({name: data.get(name) for name in Event.FORMAT_FIELDS})


def _field_for(problem: str) -> str | None:
    text = problem.lower()
    for words, name in _PROBLEM_FIELDS:
        if words in text:
            return name
    return None


def _sentence(problem: str) -> str:
    return problem[:1].upper() + problem[1:] + ("" if problem.endswith(".") else ".")


class SavePresetForm(forms.ModelForm):
    class Meta:
        model = FormatPreset
        fields = ["name"]
        labels = {"name": "Preset name"}

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = event.club
        self.instance.format = event.format.to_dict()

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if self.instance.club.presets.filter(name__iexact=name).exists():
            raise forms.ValidationError(f"The club already has a preset called {name}.")
        return name


# -- the registration desk --------------------------------------------------------------------


class DeskSearchForm(forms.Form):
    q = forms.CharField(required=False, max_length=120, label="Find a member")


class DeskAddForm(forms.Form):
    """Add a member: by id (a match's button) or the first match of `q` (Enter in the search box)."""

    member = forms.IntegerField(required=False, widget=forms.HiddenInput)
    q = forms.CharField(required=False, max_length=120)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean(self):
        data = super().clean()
        members = self.event.club.members.all()
        if data.get("member"):
            member = members.filter(pk=data["member"]).first()
            if member is None:
                raise forms.ValidationError("That member is not in this club.")
        else:
            q = (data.get("q") or "").strip()
            if not q:
                raise forms.ValidationError("Type a few letters of a name or a membership number, then Enter.")
            member = desk_matches(self.event, q).first()
            if member is None:
                raise forms.ValidationError(f"No member who has not yet come matches “{q}”: add them as a guest.")
        entered = self.event.entrants.filter(member=member).first()
        if entered:
            raise forms.ValidationError(f"{member.name} is already here, with card {entered.card_number}.")
        data["member_obj"] = member
        return data


def desk_matches(event: Event, q: str):
    """Members who match `q` and have not entered tonight: names starting with it first."""
    q = q.strip()
    found = event.club.members.active().search(q).exclude(entries__event=event)
    return found.annotate(
        first=Case(
            When(membership_number__iexact=q, then=Value(0)),
            When(name__istartswith=q, then=Value(1)),
            default=Value(2),
            output_field=IntegerField(),
        )
    ).order_by("first", "name")


class GuestForm(forms.Form):
    name = forms.CharField(max_length=120, label="Guest's name", validators=[no_control_characters])
    role = forms.ChoiceField(choices=[("", "No role")] + list(Role.choices), required=False, label="Plays as")
    keep = forms.BooleanField(required=False, label="Keep as a guest on the club's books")

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=[("", "No role")] + list(Role.choices), required=False)


class StartForm(forms.Form):
    by = forms.ChoiceField(choices=Event.SeatingBy.choices, initial="random", label="Starting seats")


def make_guest_member(event: Event, name: str, role: str) -> Member:
    return Member.objects.create(club=event.club, name=name, role=role, is_guest=True)
