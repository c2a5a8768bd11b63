"""The forms a table's phones post share their fields (``whistdrive.web.forms.PhoneForm``: Django would
deep-copy them for every post): each post is still answered on its own data alone."""

from __future__ import annotations

from whistdrive.web.forms import AgreeForm, EntryForm, FlagForm, KeptForm, PhoneForm, SeatForm


def _kinds(of: type = PhoneForm):
    for kind in of.__subclasses__():
        yield kind
        yield from _kinds(kind)


def test_no_phone_form_can_change_the_fields_its_kind_shares():
    kinds = set(_kinds())
    assert {EntryForm, AgreeForm, SeatForm, FlagForm, KeptForm} <= kinds
    # A form changes its fields in its __init__ (choices, labels): one phone's change would be every later post's.
    assert [kind.__name__ for kind in kinds if "__init__" in vars(kind)] == []


def test_posts_validated_one_after_another_each_get_their_own_answer():
    garbled = EntryForm({"hand": "three", "tricks": "7", "revoke": "nobody"})
    fine = EntryForm({"hand": "3", "tricks": "8", "revoke": "us", "key": "abcdefgh12"})
    agreed = AgreeForm({"hand": "3", "seat": "E", "tricks_ns": "8"})
    unseated = AgreeForm({"hand": "3", "seat": "Q"})

    assert not garbled.is_valid() and fine.is_valid() and agreed.is_valid() and not unseated.is_valid()
    assert set(garbled.errors) == {"hand", "revoke"} and set(unseated.errors) == {"seat"}
    assert fine.errors == {}
    assert (fine.cleaned_data["hand"], fine.cleaned_data["tricks"], fine.cleaned_data["revoke"]) == (3, 8, "us")
    assert (agreed.cleaned_data["seat"], agreed.cleaned_data["tricks_ns"]) == ("E", 8)
    assert EntryForm({"hand": "3", "tricks": "8"}).is_valid()  # after a garbled post, a good one still is
