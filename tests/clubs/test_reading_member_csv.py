"""Reading a member CSV: every row as it will be saved, and each problem naming its row and column.

Pure Python: no database.
"""

import pytest

from clubs.csv_members import CsvError, normalise_name, read_members, write_members

GOOD = (
    "name,role,membership_number,email,phone,active\r\n"
    "Ann Smith,lady,101,ann@example.org,01234 567890,yes\r\n"
    "Bob Jones,gent,102,,,no\r\n"
    "Zoë Łukasiewicz,,103,,,\r\n"
)


def test_a_good_file_gives_every_row_ready_to_save():
    preview = read_members(GOOD.encode())
    assert [r.row for r in preview.rows] == [2, 3, 4]
    assert not preview.bad
    assert preview.rows[0].fields() == {
        "name": "Ann Smith", "role": "lady", "membership_number": "101",
        "email": "ann@example.org", "phone": "01234 567890", "active": True,
    }  # fmt: skip
    assert preview.rows[1].active is False
    assert preview.rows[2].name == "Zoë Łukasiewicz" and preview.rows[2].role == ""


def test_a_missing_name_is_named_by_row_and_column():
    preview = read_members(b"name,role\nAnn,lady\n,gent\n")
    assert preview.bad[0].errors == ("Row 3, column name: the name is missing",)


def test_a_bad_role_is_named_by_row_and_column():
    preview = read_members(b"name,role\nAnn,lady\nBob,captain\n")
    (error,) = preview.bad[0].errors
    assert error.startswith("Row 3, column role:") and "captain" in error


def test_a_membership_number_twice_in_the_file_names_both_rows():
    preview = read_members(b"name,membership_number\nAnn,7\nBob,8\nCyril,7\n")
    (error,) = preview.bad[0].errors
    assert error.startswith("Row 4, column membership_number:") and "row 2" in error
    assert [r.row for r in preview.good] == [2, 3]


def test_a_membership_number_the_club_already_has_is_refused():
    preview = read_members(b"name,membership_number\nAnn,7\nBob,8\n", existing_numbers=["8"])
    (error,) = preview.bad[0].errors
    assert error.startswith("Row 3, column membership_number:") and "already belongs" in error


def test_a_name_like_an_existing_members_is_a_possible_duplicate_to_accept_not_an_error():
    preview = read_members("name\nZOË  smith\nAnn\n".encode(), existing_names=["Zoe Smith"])
    assert preview.bad == [] and [row.name for row in preview.good] == ["Ann"]
    (doubtful,) = preview.doubtful
    (warning,) = doubtful.warnings
    assert warning.startswith("Row 2, column name:") and "may be a member the club already has" in warning


def test_a_bad_email_and_a_bad_active_flag_are_named():
    preview = read_members(b"name,email,active\nAnn,not-an-address,maybe\n")
    where = [e.split(":")[0] for e in preview.bad[0].errors]
    assert where == ["Row 2, column active", "Row 2, column email"]


def test_a_spreadsheet_file_with_bom_and_semicolons_is_read():
    raw = "\ufeffName;Role;Membership number;Email\r\nAnn Smith;Lady;1;a@b.org\r\nBob;G;2;\r\n;;;\r\n".encode()
    preview = read_members(raw)
    assert preview.delimiter == ";"
    assert [(r.name, r.role, r.membership_number) for r in preview.rows] == [
        ("Ann Smith", "lady", "1"),
        ("Bob", "gent", "2"),
    ]


def test_windows_text_is_read_with_a_note_to_check_accents():
    preview = read_members("name\nZoë Brontë\n".encode("cp1252"))
    assert preview.rows[0].name == "Zoë Brontë"
    assert "not UTF-8" in preview.notes[0]


def test_a_file_that_is_not_text_is_refused_with_what_to_do():
    with pytest.raises(CsvError, match="CSV UTF-8"):
        read_members("name\nAnn\n".encode("utf-16"))


def test_a_file_without_a_name_column_is_refused():
    with pytest.raises(CsvError, match="name"):
        read_members(b"first,last\nAnn,Smith\n")


def test_a_file_over_two_megabytes_is_refused():
    with pytest.raises(CsvError, match="2 MB"):
        read_members(b"name\n" + b"A" * (2 * 1024 * 1024))


def test_export_writes_the_columns_import_reads_back():
    members = [
        {"name": "Ann, the 2nd", "role": "lady", "membership_number": "1", "email": "", "phone": "", "active": False}
    ]
    text = write_members(members)
    assert text.splitlines()[0] == "name,role,membership_number,email,phone,active"
    assert [r.fields() for r in read_members(text.encode()).rows] == members


def test_two_thousand_members_read_without_errors():
    lines = ["name,role,membership_number"] + [f"Member {i},{'lady' if i % 2 else 'gent'},{i}" for i in range(2000)]
    preview = read_members("\n".join(lines).encode())
    assert len(preview.good) == 2000


def test_names_compare_without_case_accents_or_extra_spaces():
    assert normalise_name("  ZOË   Smith ") == normalise_name("zoe smith")
    assert normalise_name("Ann Smith") != normalise_name("Anne Smith")
