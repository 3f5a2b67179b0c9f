"""The layout of an imported TRF file (arbiter_app.trf.fileform): what each line is, what says the same,
and an export laid out as the file was, changed lines in their place, new lines after their neighbours."""

from __future__ import annotations

from dataclasses import replace

from arbiter_app.trf import parse_trf
from arbiter_app.trf.fileform import (
    FileLayout,
    TextForm,
    apply_layout,
    line_keys,
    record_layout,
    restated_lines,
    says_the_same,
    unkept_lines,
)
from tests.conftest import DATA

MANUAL = DATA / "fixtures" / "arbiters-manual-12.trf"


def _player(number: int, points: str, rank: str, cells: str) -> str:
    return f"001 {number:>4}      {'P' + str(number):<33} 2000{' ' * 28}{points:>4} {rank:>4}  {cells}"


def test_each_line_has_a_key_the_file_and_the_export_share() -> None:
    lines = [
        "012 Open",
        "XXR 5",
        "001    7      Seven",
        "XXA    7  1.0",
        "240 H 003    7",
        "### a comment",
        "XXP    1    2",
        "XXP    3    4",
        "XXR 5",
        "260 7 9",
    ]
    assert line_keys(lines) == [
        "012",
        "XXR",
        "001 7",
        "XXA 7",
        "240 H 3",
        "= ### a comment",
        "XXP",
        "XXP#2",
        "XXR",  # a one-value line repeated says the same again
        "= 260 7 9",  # kept verbatim: known by its text
    ]


def test_what_says_the_same() -> None:
    assert says_the_same("XXR 5", "XXR  5") and says_the_same("BBW  3.0", "BBW 3")
    assert says_the_same("042 2026/07/01", "042 01.07.2026") and says_the_same("042 2026/07/01", "042 26/07/01")
    assert not says_the_same("042 2026/07/01", "042 02.07.2026")
    assert not says_the_same("062 4", "062 99")  # a count that does not count: the export's line stands
    ours = _player(1, "1.5", "2", "   2 w 1  0000 - H")
    assert says_the_same(ours, _player(1, "1.5", "", "   2 w W  0000 - H"))  # rank left blank, W for 1
    assert says_the_same(ours, _player(1, "", "", "   2 w 1  0000 - H"))
    assert not says_the_same(ours, _player(1, "2.5", "2", "   2 w 1  0000 - H"))
    assert not says_the_same(ours, _player(1, "1.5", "2", "   2 w 1"))
    assert not says_the_same(ours, _player(1, "1.5", "3", "   2 w 1  0000 - H"))


FILE = ["012 Club", "XXR 3", "001    1      A", "001    2      B", "BBW  3.0"]
EXPORT = ["012 Club", "062 2", "XXR 3", "BBW  3.0", "001    1      A", "001    2      B"]


def test_an_unchanged_export_gives_the_file_back() -> None:
    form = TextForm(tuple(FILE), newline="\r\n", final_newline=False, bom=True)
    layout = record_layout(form, "trf-16", EXPORT)
    assert layout.implied == {"062": "062 2"}
    assert apply_layout(layout, EXPORT) == form.text() == "\ufeff" + "\r\n".join(FILE)
    assert FileLayout.from_json(layout.to_json()) == layout


def test_a_change_shows_in_its_place_and_new_lines_after_their_neighbours() -> None:
    layout = record_layout(TextForm(tuple(FILE)), "trf-16", EXPORT)
    later = ["012 Club Open", "062 3", "XXR 3", "BBW  3.0", "001    1      A", "001    2      B", "001    3      C"]
    assert apply_layout(layout, later).splitlines() == [
        "012 Club Open",  # changed, in the file's place
        "062 3",  # not in the file, but no longer what the file implied: written after its neighbour
        "XXR 3",
        "001    1      A",
        "001    2      B",
        "001    3      C",  # a new player after the one before him
        "BBW  3.0",
    ]
    # A line gone from the export is gone from the file.
    assert "XXR 3" not in apply_layout(layout, [line for line in EXPORT if line != "XXR 3"])


def test_a_spelling_of_the_file_lasts_while_the_line_says_the_same() -> None:
    theirs = _player(1, "1.0", "1", "   2 w W")
    ours = _player(1, "1.0", "1", "   2 w 1")
    layout = record_layout(TextForm(("012 X", theirs)), "trf-16", ["012 X", ours])
    assert apply_layout(layout, ["012 X", ours]) == f"012 X\n{theirs}\n"
    changed = _player(1, "2.0", "1", "   2 w 1     3 b 1")
    assert apply_layout(layout, ["012 X", changed]) == f"012 X\n{changed}\n"


def test_a_column_the_file_left_blank_stays_blank() -> None:
    theirs = [_player(1, "1.0", "", "   2 w 1"), _player(2, "0.0", "", "   1 b 0")]
    ours = [_player(1, "1.0", "1", "   2 w 1"), _player(2, "0.0", "2", "   1 b 0")]
    layout = record_layout(TextForm(tuple(theirs)), "trf-16", ours)
    assert layout.blank_columns == ("rank",) and layout.variants == {}
    later = [_player(1, "1.0", "2", "   2 w 1  0000 - Z"), _player(2, "1.0", "1", "   1 b 0  0000 - F")]
    assert apply_layout(layout, later).splitlines() == [
        _player(1, "1.0", "", "   2 w 1  0000 - Z"),
        _player(2, "1.0", "", "   1 b 0  0000 - F"),
    ]


def test_lines_that_cannot_come_back_are_named() -> None:
    form = TextForm(("012 X", "062 99", "XYZ something"))
    written = ["012 X", "062 4"]
    assert unkept_lines(form, written) == ["XYZ something"]
    assert restated_lines(form, written) == [(2, "062 99", "062 4")]
    assert apply_layout(record_layout(form, "trf-16", written), written) == "012 X\n062 4\n"


def test_the_reader_keeps_the_text_form_and_a_derived_document_drops_it() -> None:
    text = MANUAL.read_text().replace("\n", "\r\n")
    doc = parse_trf("\ufeff" + text.removesuffix("\r\n"))
    assert doc.text_form is not None
    assert (doc.text_form.newline, doc.text_form.final_newline, doc.text_form.bom) == ("\r\n", False, True)
    assert doc.text_form.lines == tuple(MANUAL.read_text().splitlines())
    assert doc.truncated(3).text_form is None and replace(doc, source="x").text_form is None
