"""Every form of WhistDrive's event pages: setting up an event and its format, the registration desk,
the live evening (results set by hand, the paper grid, arrivals and departures), the prize list, and
the phones at a table. (The club's own forms, members and seasons, are in ``clubs/forms.py``.)

Every cross-field check of a hand goes through ``rules.check_entry`` so the organiser reads the same
message a phone would show ("North–South 8 and East–West 6 make 14 tricks; a hand has 13").
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from django import forms
from django.db.models import Case, IntegerField, Q, Value, When

from clubs.forms import AmountField
from clubs.models import FormatPreset, Member, Role
from clubs.validators import no_control_characters
from whistdrive.engines import draws, ledger, prizes, search_keys
from whistdrive.engines.formats import PRESETS, TIE_BREAKS, Format
from whistdrive.engines.rules import HandEntry, RuleError, check_entry, trump_for_hand
from whistdrive.engines.vocabulary import SEAT_NAMES, SEATS, SUITS, suit_word
from whistdrive.evening import running
from whistdrive.evening.entry import fixed_trump
from whistdrive.evening.phones.words import FLAG_REASONS
from whistdrive.store.models import Draw, Entrant, Event, LedgerLine, Side, Table, Trump

TIE_BREAK_LABELS = {
    "second_half": "Higher second half",
    "last_hand": "Higher score on the last hand",
    "hands_won": "More hands won",
    "countback": "Countback from the last hand",
}
TIE_BREAK_SLOTS = 4
# Which field a sentence from Format.problems() belongs to, by the words it starts with or contains.
_PROBLEM_FIELDS = (
    ("boards per round", "boards_per_round"),
    ("boards cannot be played in rounds", "boards_per_round"),
    ("number of boards", "boards"),
    ("duplicate evening moves", "movement"),
    ("duplicate evening scores", "scoring"),
    ("same trumps at every table", "trumps"),
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


# What a kind's hidden fields hold: the fields of a game night on a drive are a drive's defaults.
KIND_DEFAULTS = {kind: Format(kind=kind).to_dict() for kind in ("drive", "games")}


class EventForm(forms.ModelForm):
    """An event's details and its whole format. After the start only the details may change."""

    class Meta:
        model = Event
        fields = [
            "name", "date", "venue", "season", *[f for f in Event.FORMAT_FIELDS if f != "tie_breaks"], "boards_dealt",
        ]  # fmt: skip
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        labels = {
            "interval_after": "Interval after hand",
            "sitout_score": "A sitting-out player scores",
            "sitout_fixed": "Fixed sit-out score",
            "honours_can_win": "Honours can win a game",
            "movers": "Who moves (progressive)",
            "boards_dealt": "Boards made up (duplicate)",
        }
        help_texts = {"season": "Leave empty to use the season whose dates contain the event's date."}

    DETAIL_FIELDS = ("name", "date", "venue", "season")
    # The format fields that belong to some kinds of event only (a space between kinds); the rest apply
    # to every kind. The page
    # shows only the chosen kind's (site.js), and a hidden field's value is not taken (``clean``).
    SHOWN_FOR = {
        # A duplicate evening counts boards in rounds (its own two fields), with no interval between them.
        "hands": "drive games",
        "hands_per_round": "drive games",
        "interval_after": "drive games",
        "scoring": "drive duplicate",
        "movers": "drive",
        "sitout_score": "drive",
        "sitout_fixed": "drive",
        "target": "games",
        "honours": "games",
        "honours_can_win": "games",
        "revoke_penalty": "games",
        "rubber": "games",
        "boards": "duplicate",
        "boards_per_round": "duplicate",
        "boards_dealt": "duplicate",
    }
    # A duplicate evening's boards are its hands (Format.duplicate): the organiser gives them as boards.
    boards = forms.IntegerField(
        label="Boards (duplicate)", required=False, min_value=1, max_value=60,
        help_text="How many boards each pair plays tonight.",
    )  # fmt: skip
    boards_per_round = forms.IntegerField(
        label="Boards per round (duplicate)", required=False, min_value=1, max_value=12,
        help_text="Boards a table plays before the pairs move (2 to 4 is usual).",
    )  # fmt: skip

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk and self.instance.is_duplicate:
            self.fields["boards"].initial = self.instance.hands
            self.fields["boards_per_round"].initial = self.instance.boards_per_round
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
        for name, kind in self.SHOWN_FOR.items():
            self.fields[name].shown_for = kind
        for i in range(TIE_BREAK_SLOTS):  # a duplicate evening ranks by its scoring, with no tie-breaks
            self.fields[f"tie_break_{i + 1}"].shown_for = "drive games"
        # Only a duplicate evening has boards: left out, they are dealt at the table.
        self.fields["boards_dealt"].required = False
        if self.data.get("kind") == Event.Kind.DUPLICATE:
            # A duplicate evening has its own settings: the drive's and game night's are not asked for.
            for name in Event.FORMAT_FIELDS:
                if name not in ("kind", "movement", "scoring", "trumps") and name in self.fields:
                    self.fields[name].required = False

    @property
    def format_fields(self):
        return [self[name] for name in self.fields if name not in self.DETAIL_FIELDS]

    @property
    def detail_fields(self):
        return [self[name] for name in self.DETAIL_FIELDS]

    def clean(self):
        data = super().clean()
        if data.get("kind") in KIND_DEFAULTS:
            # A field of another kind was hidden from the organiser: what it held is not theirs to fix.
            defaults = KIND_DEFAULTS[data["kind"]]
            for name, kinds in self.SHOWN_FOR.items():
                if data["kind"] not in kinds.split() and name in data:
                    data[name] = defaults.get(name)  # a duplicate evening's boards: none
                    if name in defaults:
                        setattr(self.instance, name, defaults[name])
                    self.errors.pop(name, None)
        tie_breaks = [data.get(f"tie_break_{i + 1}") for i in range(TIE_BREAK_SLOTS)]
        tie_breaks = [t for t in tie_breaks if t]
        data["tie_breaks"] = tie_breaks
        self.instance.tie_breaks = tie_breaks
        data["boards_dealt"] = data.get("boards_dealt") or Event.BoardsDealt.TABLE

        if data.get("kind") == Event.Kind.DUPLICATE:
            self._duplicate(data)
        if self.instance.pk and self.instance.started:
            stored = Event.objects.get(pk=self.instance.pk)
            before = {name: getattr(stored, name) for name in (*Event.FORMAT_FIELDS, "boards_dealt")}
            changed = [name for name in before if name in data and data[name] != before[name]]
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

    def _post_clean(self):
        # A duplicate evening's drive settings are not posted: the model form would keep the model's
        # defaults for them (an interval after hand 12, 24 hands), so they are set from the format here.
        if self.cleaned_data.get("kind") == Event.Kind.DUPLICATE and not self.errors:
            for name in Event.FORMAT_FIELDS:
                setattr(self.instance, name, self.cleaned_data[name])
        if self.instance.pk is None and isinstance(self.cleaned_data.get("hands"), int):
            # A new evening keeps the club's suspense, never more hands secret than it has.
            self.instance.board_hides_last = min(self.instance.club.board_hides_last, self.cleaned_data["hands"])
        super()._post_clean()

    def _duplicate(self, data: dict[str, Any]) -> None:
        """A duplicate evening: its boards are the hands, and the drive's settings go back to what a
        duplicate format holds (no interval between boards), so only its own settings are checked."""
        for name in ("boards", "boards_per_round"):
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, "Give the number for a duplicate evening.")
        if self.errors:
            return
        # Without errors every field is in the data: movement, scoring and trumps are required (``__init__``).
        fmt = Format.duplicate(
            data["boards"], data["boards_per_round"], data["movement"], data["scoring"], data["trumps"]
        )
        for name in Event.FORMAT_FIELDS:
            data[name] = list(getattr(fmt, name)) if name == "tie_breaks" else getattr(fmt, name)
        self.instance.tie_breaks = []

    @staticmethod
    def format_from(data: dict[str, Any]) -> Format:
        # A value may be missing (None) or out of range here: ``Format.problems`` says what is wrong with it.
        if data.get("kind") == Event.Kind.DUPLICATE:
            return Format.from_dict({
                "kind": "duplicate", "boards": data.get("hands"), "boards_per_round": data.get("hands_per_round"),
                "movement": data.get("movement"), "scoring": data.get("scoring"), "trumps": data.get("trumps"),
            })  # fmt: skip
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
                here = next(iter(desk_here(self.event, q)), None)
                if here is not None:
                    raise forms.ValidationError(f"{here.name} is here: card {here.card_number}.")
                raise forms.ValidationError(f"No member who has not yet come matches “{q}”: add them as a guest.")
        entered = self.event.entrants.filter(member=member).first()
        if entered:
            raise forms.ValidationError(f"{member.name} is here: card {entered.card_number}.")
        data["member_obj"] = member
        return data


def desk_matches(event: Event, q: str):
    """Members who match `q` and have not entered tonight: their number first, then names starting with it."""
    found = event.club.members.active().search(q).exclude(entries__event=event)
    number = search_keys.fold_number(q)
    return found.annotate(
        first=Case(
            When(Q(number_key=number) & ~Q(number_key=""), then=Value(0)),
            When(name_key__startswith=search_keys.fold(q), then=Value(1)),
            default=Value(2),
            output_field=IntegerField(),
        )
    ).order_by("first", "name")


def desk_here(event: Event, q: str) -> list[Entrant]:
    """Tonight's entrants who match ``q`` (members by name or number, guests by name): the desk says
    "Agnes Smith is here: card 1" rather than offering to add them again as a guest. An evening has at most
    a few dozen entrants, so their names are folded here rather than kept folded in the database."""
    words = search_keys.words(q)
    members = set(event.club.members.search(q).values_list("pk", flat=True))
    return [
        entrant
        for entrant in event.entrants.order_by("card_number")
        if entrant.member_id in members or all(word in search_keys.fold(entrant.name) for word in words)
    ]


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


# -- the evening's money ------------------------------------------------------------------------------


class FeesForm(forms.ModelForm):
    """Tonight's entry prices; a price left empty is the club's."""

    fee_member = AmountField(required=False, label="Member")
    fee_guest = AmountField(required=False, label="Guest")
    fee_concession = AmountField(required=False, label="Concession")

    class Meta:
        model = Event
        fields = ["fee_member", "fee_guest", "fee_concession"]


class LedgerLineForm(forms.Form):
    """A line of takings or costs other than an entrant's fee (those are marked at the desk)."""

    kind = forms.ChoiceField(choices=[c for c in LedgerLine.Kind.choices if c[0] != LedgerLine.Kind.ENTRY])
    amount = AmountField()
    method = forms.ChoiceField(
        choices=[("", "– (a cost)"), *LedgerLine.Method.choices], required=False, label="Taken by"
    )
    note = forms.CharField(max_length=200, required=False, validators=[no_control_characters])

    def clean(self):
        data = super().clean()
        kind, method = data.get("kind"), data.get("method")
        if kind and ledger.is_taking(kind) and not method:
            self.add_error("method", "Say how the money came in: cash, card or already paid.")
        if kind and not ledger.is_taking(kind):
            data["method"] = ""
        if data.get("amount") == 0:
            self.add_error("amount", "A line of nothing adds nothing: type the amount.")
        return data


class CorrectionForm(forms.Form):
    amount = AmountField(label="It should be", help_text="0 cancels the line.")
    reason = forms.CharField(max_length=200, validators=[no_control_characters], label="Why")


class PaymentForm(forms.Form):
    method = forms.ChoiceField(choices=LedgerLine.Method.choices)
    fee = forms.ChoiceField(choices=[("", "Their usual price"), *LedgerLine.Fee.choices], required=False)


# -- the live evening --------------------------------------------------------------------------------

REVOKE_CHOICES = [("", "No revoke"), *Side.choices]


class _Bounds(TypedDict):
    min_value: int
    max_value: int


TRICKS: _Bounds = {"min_value": 0, "max_value": 13}


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

    def __init__(self, *args, event: Event, hand: int, table: Table | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.hand = hand
        self.table = table
        if not counts_honours(event):
            del self.fields["honours_ns"], self.fields["honours_ew"]
        if not trump_is_chosen(event) and self._fixed_trump() is not None:
            del self.fields["trump"]

    def _fixed_trump(self) -> str | None:
        """The trump known before the result: the rotation's, or a duplicate board's own."""
        if self.event.is_duplicate:
            return fixed_trump(self.table, self.hand) if self.table is not None else None
        return trump_for_hand(self.event.trumps, self.hand)

    def entry(self, data: dict) -> HandEntry:
        ns = data["tricks_ns"]
        # East–West may be left blank: the cards make 13, so it follows from North–South. So does an
        # East–West left as it was when only North–South was changed (a correction, without script).
        ew = data.get("tricks_ew")
        if "tricks_ns" in self.changed_data and "tricks_ew" not in self.changed_data and self.initial:
            ew = None
        trump = data.get("trump") or self._fixed_trump()
        # ``__init__`` drops the trump field only when the trump is fixed; kept, it is required (or, on
        # the paper grid, ``PaperRowForm.clean`` asks for it).
        assert trump is not None
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
        self.fields["hand"].validators.append(_max(max(running.last_open_hand(event), 1), "hand"))
        self.fields["hand"].widget.attrs["placeholder"] = "now"

    def clean_hand(self) -> int:
        """The hand asked for; blank, the hand the table plays now (in a duplicate round, its own board)."""
        table = self.cleaned_data.get("table")
        now = running.playing_hand(table) if table is not None else self.event.current_hand
        return self.cleaned_data["hand"] or max(now, 1)

    def clean_table(self) -> Table:
        number = self.cleaned_data["table"]
        table = self.event.tables.filter(number=number).first()
        if table is None:
            raise forms.ValidationError(f"There is no table {number} tonight.")
        return table


class PaperRowForm(_EntryFields):
    """One table's row in the paper grid; a blank row means the card has not come in yet."""

    def __init__(self, *args, table: Table, **kwargs):
        super().__init__(*args, table=table, **kwargs)
        self.fields["tricks_ns"].required = False
        if "trump" in self.fields:
            # form.fields is dict[str, Field]: the stubs cannot know this is the ChoiceField declared above.
            trump = cast(forms.ChoiceField, self.fields["trump"])
            trump.required = False
            trump.choices = [("", "–"), *Trump.choices]

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
    """A late arrival from the live page: a member (by name, as listed, or by membership number) stays a
    member, so their evening counts in the season; a name that is no member's is a guest."""

    name = forms.CharField(
        max_length=120, validators=[no_control_characters], help_text="A member's name or number, or a guest's name."
    )
    # Left empty, a member plays their usual role (the books'); a guest, none.
    role = forms.ChoiceField(choices=[("", "Their usual role"), *Role.choices], required=False)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def members_not_here(self):
        """The club's members who have not entered tonight, offered as the name is typed."""
        return self.event.club.members.active().exclude(entries__event=self.event).order_by("name")

    def clean(self):
        data = super().clean()
        name = " ".join((data.get("name") or "").split())
        if not name:
            return data
        members = self.event.club.members.all()
        number = search_keys.fold_number(name)
        found = list(members.filter(name_key=search_keys.fold(name))[:2])
        if not found and number and name.strip("0123456789 ") == "":
            found = list(members.filter(number_key=number)[:2])
        if len(found) > 1:
            raise forms.ValidationError(
                f"Two members are called {found[0].name}: type the membership number of the one who has arrived."
            )
        member = found[0] if found else None
        if member is not None:
            entered = self.event.entrants.filter(member=member).first()
            if entered is not None:
                raise forms.ValidationError(f"{member.name} is here: card {entered.card_number}.")
            name = member.name
            data["role"] = data.get("role") or member.role
        data["name"], data["member"] = name, member
        return data


class WithdrawForm(forms.Form):
    entrant = forms.ModelChoiceField(queryset=Entrant.objects.none(), label="Player leaving")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        # Everyone who would be seated for the next hand: those still here, and arrivals not yet playing.
        hand = running.first_open_hand(event)
        # form.fields is dict[str, Field]: the stubs cannot know this is the ModelChoiceField declared above.
        entrant = cast(forms.ModelChoiceField, self.fields["entrant"])
        entrant.queryset = event.entrants.present_for(hand).order_by("name")


class SubstituteForm(forms.Form):
    """Duplicate: a player who must leave, and who takes their seat for the boards left: a club member,
    or a new name (``running.substitute`` refuses someone already playing, saying who)."""

    leaving = forms.ModelChoiceField(queryset=Entrant.objects.none(), label="Player leaving")
    member = forms.ModelChoiceField(queryset=Member.objects.none(), required=False, label="Substitute: a member")
    name = forms.CharField(max_length=120, required=False, label="or a new name", validators=[no_control_characters])

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        # form.fields is dict[str, Field]: the stubs cannot know these are the ModelChoiceFields declared above.
        leaving, member = (cast(forms.ModelChoiceField, self.fields[name]) for name in ("leaving", "member"))
        leaving.queryset = event.entrants.filter(left_after_hand__isnull=True).order_by("name")
        member.queryset = event.club.members.active().order_by("name")

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data["member"] is not None and data["name"]:
            raise forms.ValidationError(
                f"Choose a member ({data['member'].name}) or type a new name ({data['name']}), not both."
            )
        if data["member"] is None and not data["name"]:
            raise forms.ValidationError(
                f"Who takes {data['leaving'].name}'s seat? Choose a member who is not playing tonight, or type a "
                "new name."
            )
        return data


class AutoAdvanceForm(forms.Form):
    auto_advance = forms.BooleanField(required=False)


class ExpectedHandForm(forms.Form):
    """The hand the organiser was looking at: a second press after the evening moved on does nothing."""

    expected_hand = forms.IntegerField(min_value=0)


def _max(limit: int, what: str):
    def check(value: int) -> None:
        if value > limit:
            raise forms.ValidationError(f"The evening has only reached {what} {limit}.")

    return check


# -- the prize list --------------------------------------------------------------------------------

KIND_CHOICES = [
    ("top", "Top places"),
    ("half_time", "Highest at half-time"),
    ("second_half", "Highest second half"),
    ("booby", "Booby (lowest)"),
    ("tens", "Most hands of 10+ tricks"),
    ("hands_won", "Most hands won"),
    ("low_second_half", "Lowest second half"),
    ("low_half_time", "Lowest at half-time"),
    ("mystery", "Mystery score"),
]
ROLE_CHOICES = [("", "Everyone"), ("lady", "Ladies"), ("gent", "Gents")]


class PrizeForm(forms.Form):
    kind = forms.ChoiceField(choices=KIND_CHOICES)
    role = forms.ChoiceField(choices=ROLE_CHOICES, required=False, label="Who")
    places = forms.IntegerField(min_value=1, max_value=prizes.MAX_PLACES, initial=1)
    label = forms.CharField(
        max_length=60,
        required=False,
        help_text="Optional heading, e.g. “Ladies' prizes”.",
        validators=[no_control_characters],
    )
    target = forms.IntegerField(
        min_value=0, max_value=9999, required=False, label="Mystery number", help_text="Mystery score prizes only."
    )

    def prize(self) -> dict:
        data = self.cleaned_data
        prize: dict = {"kind": data["kind"], "role": data.get("role") or None}
        if data.get("places") and data["places"] != 1:
            prize["places"] = data["places"]
        if data.get("label"):
            prize["label"] = data["label"].strip()
        if data.get("target") is not None:
            prize["target"] = data["target"]
        return prize


class BasePrizeFormSet(forms.BaseFormSet):
    def clean(self) -> None:
        if any(self.errors):
            return
        # The organiser's order numbers decide; forms without a number keep their place after them.
        rows = []
        for index, form in enumerate(self.forms):
            if index >= self.initial_form_count() and not form.has_changed():
                continue  # the blank "add a prize" row
            if form.cleaned_data.get(forms.formsets.DELETION_FIELD_NAME, False):  # BaseFormSet._should_delete_form
                continue
            order = form.cleaned_data.get(forms.formsets.ORDERING_FIELD_NAME)
            rows.append((order if order is not None else 10**6, index, form))
        self.prizes = [form.prize() for _, _, form in sorted(rows, key=lambda row: row[:2])]
        try:
            prizes.validate_prizes(self.prizes)
        except prizes.PrizeError as exc:
            raise forms.ValidationError(f"Please correct the prize list: {exc}.") from exc


PrizeFormSet = forms.formset_factory(
    PrizeForm, formset=BasePrizeFormSet, extra=1, can_order=True, can_delete=True, max_num=40
)


def prize_initial(prize_list: list[dict]) -> list[dict]:
    return [
        {
            "kind": p.get("kind"),
            "role": p.get("role") or "",
            "places": p.get("places", 1),
            "label": p.get("label", ""),
            "target": p.get("target"),
            "ORDER": index + 1,
        }
        for index, p in enumerate(prize_list)
    ]


class QualifyForm(forms.Form):
    prize_min_hands = forms.IntegerField(
        min_value=1,
        max_value=60,
        required=False,
        label="Qualify for prizes after",
        help_text="hands played (a hand sat out counts). Leave it empty for half the hands.",
    )
    prize_basis = forms.ChoiceField(
        choices=Event.PrizeBasis.choices, initial=Event.PrizeBasis.TOTAL, label="Places judged on", required=False
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_prize_min_hands(self) -> int | None:
        value = self.cleaned_data["prize_min_hands"]
        if value is not None and value > self.event.hands:
            raise forms.ValidationError(f"The evening has {self.event.hands} hands: qualify after at most that many.")
        return value


# -- the phones at a table --------------------------------------------------------------------------------


class _FieldsAsDeclared(dict):
    """A phone form's fields, handed to each of its forms as declared. Django deep-copies a form class's
    fields for every form it makes, so that a form may change its own (choices, labels) without changing
    the next one's: copying the fields and widgets of the entry and agreement forms was a twentieth of the
    server's work for an entry at a busy hall's end of hand (docs/benchmarks.md)."""

    def __deepcopy__(self, memo) -> dict:
        return dict(self)


class _PhoneFormMetaclass(forms.forms.DeclarativeFieldsMetaclass):
    def __new__(mcs, name, bases, attrs):
        new_class = super().__new__(mcs, name, bases, attrs)
        new_class.base_fields = _FieldsAsDeclared(new_class.base_fields)
        return new_class


class PhoneForm(forms.Form, metaclass=_PhoneFormMetaclass):
    """A form that a table's phones post (an entry, an agreement, a seat, a call): only validated, never
    drawn (the table's page writes its own fields out), and its fields never changed once declared, so
    every form of a kind shares them. A subclass must not change ``self.fields`` (a test checks that none
    defines ``__init__``): one form's change would be every later form's."""


# The hand a page was showing. Bounded, so a tampered or garbled post is a message, never a
# database error (hands are stored as small positive integers).
def _hand_field() -> forms.IntegerField:
    return forms.IntegerField(min_value=1, max_value=999)


NO_SUCH_HAND = (
    "This page was showing a hand that is not being played. Nothing was entered; it now shows the hand being played."
)


def phone_form_error(form: forms.Form, message: str) -> str:
    return NO_SUCH_HAND if "hand" in form.errors else message


class RejoinForm(forms.Form):
    """A player taps their name on the rejoin page: one of this hand's seatings at a table."""

    seating = forms.TypedChoiceField(coerce=int, error_messages={"invalid_choice": "Tap your name in the list."})

    def __init__(self, *args, seatings: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.seatings = {s.pk: s for s in seatings}
        # form.fields is dict[str, Field]: the stubs cannot know this is the TypedChoiceField declared above.
        cast(forms.TypedChoiceField, self.fields["seating"]).choices = [(pk, "") for pk in self.seatings]

    def clean_seating(self):
        return self.seatings[self.cleaned_data["seating"]]


class SeatForm(PhoneForm):
    seat = forms.ChoiceField(choices=[(s, SEAT_NAMES[s]) for s in SEATS])


class KeptTapForm(PhoneForm):
    """What a phone's script adds to an entry or agreement, so a tap sent twice counts once."""

    key = forms.RegexField(r"^[A-Za-z0-9_-]{8,40}$", required=False)
    # Sent again from the phone's own storage after the connection was lost (shown on the live page).
    resent = forms.BooleanField(required=False)


class EntryForm(KeptTapForm):
    hand = _hand_field()
    # The phone's seat, sent with a tap it kept: used only where the server has no seat for the phone.
    seat = forms.ChoiceField(choices=[("", "—")] + [(s, SEAT_NAMES[s]) for s in SEATS], required=False)
    # No range here: the rules engine words a bad count for the player ("from 0 to 13, not 14").
    tricks = forms.IntegerField()
    honours_ours = forms.IntegerField(required=False)
    honours_theirs = forms.IntegerField(required=False)
    revoke = forms.ChoiceField(
        choices=[("", "No revoke"), ("us", "We revoked"), ("them", "They revoked")], required=False
    )
    trump = forms.ChoiceField(choices=[("", "—")] + [(s, suit_word(s, capital=True)) for s in SUITS], required=False)


class AgreeForm(KeptTapForm):
    hand = _hand_field()
    seat = forms.ChoiceField(choices=[(s, SEAT_NAMES[s]) for s in SEATS])
    # The version the player was shown, so a claim changed meanwhile is not agreed blind.
    tricks_ns = forms.IntegerField(required=False)


class KeptForm(EntryForm):
    """A tap a phone kept, sent on to another laptop: an entry's or an agreement's fields, with its seat
    and key (required: this server never saw the phone)."""

    action = forms.ChoiceField(choices=[("enter", "Entered"), ("agree", "Agreed")])
    key = forms.RegexField(r"^[A-Za-z0-9_-]{8,40}$")
    seat = forms.ChoiceField(choices=[(s, SEAT_NAMES[s]) for s in SEATS])
    tricks = forms.IntegerField(required=False)
    tricks_ns = forms.IntegerField(required=False)

    def clean(self):
        data = super().clean()
        if data.get("action") == "enter" and data.get("tricks") is None:
            self.add_error("tricks", "An entry says how many tricks.")
        return data


class HereForm(forms.Form):
    """A phone looking for its replaced laptop: a fresh nonce (16 random bytes in hex), and nothing else."""

    nonce = forms.RegexField(r"^[0-9a-f]{32}$")


class HandoverForm(forms.Form):
    """The player a phone was at its table as, carried from the laptop that went to the one that replaced it."""

    player = forms.IntegerField(min_value=1)


class FlagForm(PhoneForm):
    hand = _hand_field()
    reason = forms.ChoiceField(choices=FLAG_REASONS)


# -- self check-in at the door ----------------------------------------------------------------------------


class DoorForm(forms.Form):
    """The organiser opens or shuts the door, and lets late arrivals in or not."""

    open = forms.BooleanField(required=False, label="Players may check themselves in")
    late = forms.BooleanField(required=False, label="Late arrivals too, after the start")


class DoorSearchForm(forms.Form):
    q = forms.CharField(max_length=120, label="Find your name", validators=[no_control_characters])

    def clean_q(self) -> str:
        q = self.cleaned_data["q"]
        # A public page: the club's list is found a name at a time, never read out by typing "a".
        if len("".join(search_keys.words(q))) < 3:
            raise forms.ValidationError("Type at least three letters of your name.")
        return q


class _MemberNumbers(forms.TypedMultipleChoiceField):
    """Members' ids ticked among the search's matches: any whole numbers here, checked against the club in the form."""

    def valid_value(self, value) -> bool:
        return str(value).isdecimal() and len(str(value)) < 10


class DoorHereForm(forms.Form):
    """ "I'm here": the member ticked, or a couple (two ticked), from the search's matches."""

    member = _MemberNumbers(coerce=int, label="Who is here", error_messages={"required": "Tick your name first."})

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_member(self) -> list[Member]:
        picked = list(dict.fromkeys(self.cleaned_data["member"]))
        members = list(self.event.club.members.active().filter(pk__in=picked))
        if len(members) != len(picked):
            raise forms.ValidationError("That name is not on the club's list: search again, or see the desk.")
        return members


class DoorWalkInForm(forms.Form):
    name = forms.CharField(max_length=120, label="Your name", validators=[no_control_characters])

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not search_keys.words(name):
            raise forms.ValidationError("Type your name.")
        return name


class ConfirmForm(forms.Form):
    role = forms.ChoiceField(choices=[("", "No role")] + list(Role.choices), required=False, label="Plays as")
    fee = forms.ChoiceField(choices=LedgerLine.Fee.choices, required=False, initial="guest", label="Price")
    method = forms.ChoiceField(choices=[("", "Not paid yet"), *LedgerLine.Method.choices], required=False, label="Paid")


# -- the draws --------------------------------------------------------------------------------------------------


class RaffleTicketsForm(forms.Form):
    tickets = forms.CharField(
        max_length=600,
        label="Tickets sold",
        validators=[no_control_characters],
        widget=forms.TextInput(attrs={"placeholder": "pink 1–100, blue 1–50"}),
        help_text="Each book's colour and its first and last ticket, separated by commas.",
    )

    def clean_tickets(self) -> list[draws.TicketRange]:
        try:
            return draws.parse_ranges(self.cleaned_data["tickets"])
        except draws.DrawError as exc:
            raise forms.ValidationError(str(exc)) from None


class DrawForm(forms.Form):
    kind = forms.ChoiceField(choices=Draw.Kind.choices)
    prize = forms.CharField(max_length=120, required=False, label="For the prize", validators=[no_control_characters])


# -- the board's suspense ------------------------------------------------------------------------------------


class SuspenseForm(forms.Form):
    board_hides_last = forms.IntegerField(
        min_value=0,
        max_value=60,
        label="Keep the board secret for the last",
        help_text="hands (0 shows the standings to the end).",
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_board_hides_last(self) -> int:
        value = self.cleaned_data["board_hides_last"]
        if value > self.event.hands:
            raise forms.ValidationError(f"The evening has {self.event.hands} hands: keep at most that many secret.")
        return value


class RevealForm(forms.Form):
    step = forms.ChoiceField(choices=[("next", "Reveal the next prize"), ("all", "Reveal them all"),
                                      ("again", "Start the reveal again")])  # fmt: skip
