"""Parsing TRF-16 text: accepted variants, malformed input, warnings, helpers."""

from __future__ import annotations

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.trf import RoundEntry, TrfError, TrfFormatError, parse_trf, write_trf

SMALL = (
    "012 Small test\n"
    "XXR 3\n"
    "XXC white1\n"
    "001    1      Alpha                             2400                             1.5    1     3 w 1     2 b =\n"
    "001    2      Beta                              2300                             1.5    2     4 b 1     1 w =\n"
    "001    3      Gamma                             2200                             0.5    3     1 b 0     4 w =\n"
    "001    4      Delta                             2100                             0.5    4     2 w 0     3 b =\n"
)
PLAYER_LINES = {1: 4, 2: 5, 3: 6, 4: 7}  # pairing number -> line of SMALL


def edit(text: str, line: int, column: int, replacement: str) -> str:
    """``text`` with the characters from ``column`` of ``line`` (1-based) replaced."""
    lines = text.split("\n")
    old = lines[line - 1].ljust(column - 1)
    lines[line - 1] = old[: column - 1] + replacement + old[column - 1 + len(replacement) :]
    return "\n".join(lines)


def cell(round_number: int) -> int:
    """First column of a round cell."""
    return 92 + 10 * (round_number - 1)


def parse_error(text: str) -> TrfFormatError:
    with pytest.raises(TrfFormatError) as caught:
        parse_trf(text, source="small.trf")
    return caught.value


# -- accepted input ----------------------------------------------------------


def test_small_text_fields() -> None:
    doc = parse_trf(SMALL)
    assert [player.name for player in doc.players] == ["Alpha", "Beta", "Gamma", "Delta"]
    assert doc.player(3).rounds == (RoundEntry(1, "b", "0"), RoundEntry(4, "w", "="))
    assert doc.player(3).rank == 3 and doc.player(3).points == "0.5"
    assert doc.line_order == ("other", "XXR", "XXC", "001", "001", "001", "001")
    assert write_trf(doc) == SMALL


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_other_line_ends_parse_like_lf(end: str) -> None:
    assert parse_trf(SMALL.replace("\n", end)) == parse_trf(SMALL)


def test_mixed_line_ends_bom_and_missing_final_newline() -> None:
    lines = SMALL.split("\n")
    text = "\ufeff" + lines[0] + "\r\n" + lines[1] + "\r" + "\n".join(lines[2:]).rstrip("\n")
    doc = parse_trf(text)
    assert doc == parse_trf(SMALL)
    assert write_trf(doc) == SMALL


def test_blank_rank_absences_and_short_lines() -> None:
    text = edit(SMALL, 4, 86, "    ")
    text = edit(text, 7, cell(2), "0000 - -")
    text = edit(text, 6, cell(2), "0000 - H")
    text += "001    5      Epsilon\n001    6      Zeta                              1900\n"
    doc = parse_trf(text)
    assert doc.player(1).rank is None
    assert doc.player(4).rounds[1] == RoundEntry(None, "-", "-")
    assert doc.player(3).rounds[1] == RoundEntry(None, "-", "H")
    assert doc.player(5).rounds == () and doc.player(5).rating is None and doc.player(5).points == ""
    assert doc.player(6).rating == 1900
    assert write_trf(doc) == text


def test_zero_rating_is_kept() -> None:
    assert parse_trf(edit(SMALL, 4, 49, "   0")).player(1).rating == 0


def test_blank_opponent_field_means_no_opponent() -> None:
    text = edit(edit(SMALL, 4, cell(2), "     - H"), 5, cell(2), "0000 - -")
    assert parse_trf(text).player(1).rounds[1] == RoundEntry(None, "-", "H")


def test_trailing_blank_cells_are_absent() -> None:
    text = edit(SMALL, 4, cell(3), "          ")
    assert len(parse_trf(text).player(1).rounds) == 2


def test_pre_entered_pairing_without_result() -> None:
    text = edit(edit(SMALL, 4, cell(3), "   4 w  "), 7, cell(3), "   1 b")
    doc = parse_trf(text)
    assert doc.player(1).rounds[2] == RoundEntry(4, "w", " ")
    assert doc.player(4).rounds[2] == RoundEntry(1, "b", " ")
    assert doc.last_round_with_results() == 2


def test_result_synonyms_and_forfeits_are_kept_as_written() -> None:
    text = edit(edit(SMALL, 4, cell(1), "   3 w W"), 6, cell(1), "   1 b L")
    text = edit(edit(text, 5, cell(1), "   4 - +"), 7, cell(1), "   2 - -")
    text = edit(edit(text, 6, cell(2), "   4 w -"), 7, cell(2), "   3 b -")
    doc = parse_trf(text)
    assert doc.player(1).rounds[0].code == "W" and doc.player(3).rounds[0].code == "L"
    assert doc.player(2).rounds[0] == RoundEntry(4, "-", "+")
    assert write_trf(doc) == text


def test_extension_lines() -> None:
    text = SMALL + "XXA    1  1.0  0.5\nXXA    2  1.0  0.5\nXXP    1    4\nBBW  3.0\nBBD  1.0\nXXS WW=1\nBBW  3.0\n"
    doc = parse_trf(text)
    assert doc.accelerations == {1: ("1.0", "0.5"), 2: ("1.0", "0.5")}
    assert doc.forbidden_pairs == ((1, 4),)
    assert doc.point_values == {"BBW": "3.0", "BBD": "1.0"}
    assert doc.other_lines == ((1, "012 Small test"), (13, "XXS WW=1"))
    assert write_trf(doc) == text


def test_unknown_codes_and_blank_lines_are_kept_verbatim() -> None:
    text = SMALL.replace("XXR 3\n", "XXR 3\n\n132 some   text  \nZZZ\n")
    doc = parse_trf(text)
    assert doc.other_lines[1:] == ((3, ""), (4, "132 some   text  "), (5, "ZZZ"))
    assert write_trf(doc) == text


# -- errors --------------------------------------------------------------------


def test_error_message_and_hierarchy() -> None:
    error = parse_error(edit(SMALL, 4, 49, "24x0"))
    assert str(error) == "small.trf:4:49: expected a rating (digits) in columns 49-52, found '24x0'"
    assert (error.source, error.line, error.column, error.found) == ("small.trf", 4, 49, "24x0")
    assert isinstance(error, TrfError) and isinstance(error, ArbiterError)


MALFORMED = {
    "line too short for a pairing number": (SMALL + "001   7\n", 8, 5),
    "non-numeric pairing number": (edit(SMALL, 5, 5, "  x2"), 5, 5),
    "pairing number zero": (edit(SMALL, 5, 5, "   0"), 5, 5),
    "non-numeric rating": (edit(SMALL, 5, 49, "23o0"), 5, 49),
    "non-numeric rank": (edit(SMALL, 6, 86, "   c"), 6, 86),
    "non-numeric opponent": (edit(SMALL, 6, cell(2), "  4x"), 6, cell(2)),
    "unknown colour": (edit(SMALL, 6, cell(2) + 5, "W"), 6, cell(2) + 5),
    # Checklist Q166: an unknown symbol of a game is an unknown result ('?'); the opponent's known result
    # contradicts it: the error names the line of the unknown symbol (issue 29, D12).
    "unknown result code of a game": (edit(SMALL, 6, cell(2) + 7, "2"), 6, cell(2) + 7),
    "unknown result code without opponent": (edit(SMALL, 6, cell(2), "0000 - 2"), 6, cell(2) + 7),
    "opponent without colour": (edit(SMALL, 6, cell(2) + 5, "-"), 6, cell(2) + 5),
    "played result without opponent": (edit(SMALL, 6, cell(2), "0000 - 1"), 6, cell(2)),
    "player paired with himself": (edit(SMALL, 6, cell(2), "   3"), 6, cell(2)),
    "name running into the rating": (edit(SMALL, 5, 15, "B" * 34), 5, 48),
    "text between round cells": (edit(SMALL, 5, cell(1) + 8, "x"), 5, cell(1) + 8),
    "pairing number used twice": (edit(SMALL, 7, 5, "   3"), 7, 5),
    "unknown opponent": (edit(SMALL, 7, cell(2), "   9"), 7, cell(2)),
    "later line does not list the earlier": (edit(SMALL, 6, cell(1), "0000 - -"), 6, cell(1)),
    "earlier line does not list the later": (edit(SMALL, 4, cell(1), "0000 - H"), 6, cell(1)),
    "later line lists someone else": (edit(SMALL, 7, cell(2), "   1"), 7, cell(2)),
    "colours not opposite": (edit(SMALL, 6, cell(1) + 5, "w"), 6, cell(1) + 5),
    "forfeit colours not matching": (edit(SMALL, 4, cell(1), "   3 - +"), 6, cell(1) + 5),
    "results 1 and 1": (edit(SMALL, 6, cell(1) + 7, "1"), 6, cell(1) + 7),
    "results = and 1": (
        edit(SMALL, 7, cell(2) + 7, "1"),
        7,
        cell(2) + 7,
    ),  # 1/2-0, 0-1/2 and 0-0 are results; 1/2-1 is not
    "results + and 0": (edit(SMALL, 4, cell(1) + 7, "+"), 6, cell(1) + 7),
    "result and blank": (edit(SMALL, 7, cell(2) + 7, " "), 7, cell(2) + 7),
    "missing cell of the later line": (edit(SMALL, 4, cell(3), "   2 w 1"), 5, cell(3)),
    "non-numeric XXR": (edit(SMALL, 2, 5, "x"), 2, 5),
    "empty XXR": (edit(SMALL, 2, 4, "  "), 2, 6),
    "XXR with two values": (SMALL.replace("XXR 3", "XXR 3 4"), 2, 7),
    "unknown XXC": (SMALL.replace("XXC white1", "XXC green1"), 3, 5),
    "XXA non-numeric value": (SMALL + "XXA    1  1.0  1,5\n", 8, 16),
    "XXA unknown player": (SMALL + "XXA    9  1.0\n", 8, 8),
    "XXA without values": (SMALL + "XXA    1\n", 8, 9),
    "XXA twice for a player": (SMALL + "XXA    1  1.0\nXXA    1  1.0\n", 9, 8),
    "XXP single number": (SMALL + "XXP    1\n", 8, 9),
    "XXP non-numeric": (SMALL + "XXP    1    y\n", 8, 13),
    "XXP unknown player": (SMALL + "XXP    1   12\n", 8, 12),
    "BBW non-numeric": (SMALL + "BBW  x.0\n", 8, 6),
    "BBD conflicting repetition": (SMALL + "BBD  1.0\nBBD  0.5\n", 9, 6),
}


@pytest.mark.parametrize(("text", "line", "column"), MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_input_is_located(text: str, line: int, column: int) -> None:
    error = parse_error(text)
    assert (error.line, error.column) == (line, column), str(error)
    assert error.expected


def test_asymmetry_message_names_the_earlier_line() -> None:
    error = parse_error(edit(SMALL, 6, cell(1), "0000 - -"))
    assert error.expected == "opponent 1 (line 4 pairs 1 with 3 in round 1)"
    assert error.found == "0000 - -"


def test_result_message_lists_synonyms() -> None:
    error = parse_error(edit(SMALL, 6, cell(1) + 7, "1"))
    assert error.expected == "result '0' or 'L' (line 4 gives 1 result '1' in round 1)"


def test_duplicate_number_message() -> None:
    error = parse_error(edit(SMALL, 7, 5, "   3"))
    assert error.expected == "a pairing number not used before (line 6 has 3)"


# -- warnings ----------------------------------------------------------------


def test_bye_code_with_opponent_is_refused() -> None:
    """A bye has no opponent: '2 - F' would put the player on a board and have him rest (issue 14)."""
    text = edit(edit(SMALL, 4, cell(2), "   2 - F"), 5, cell(2), "   1 b H")
    with pytest.raises(TrfFormatError) as caught:
        parse_trf(text)
    assert (caught.value.line, caught.value.column) == (4, cell(2))
    assert "opponent 0000 with the bye code 'F'" in str(caught.value)


def test_lone_full_point_bye_is_a_warning() -> None:
    lone_bye = "001    5      Epsilon                           2000                             1.0    5  0000 - F\n"
    doc = parse_trf(SMALL + lone_bye)
    assert len(doc.warnings) == 1
    warning = doc.warnings[0]
    assert (warning.line, warning.column) == (8, cell(1) + 7)
    assert "'U'" in warning.message


@pytest.mark.parametrize(
    "extra",
    [
        "001    5      Epsilon                           2000                             1.0    5  0000 - U\n",
        "001    5      Epsilon                           2000                             1.0    5  0000 - F\n"
        "001    6      Zeta                              1900                             0.0    6  0000 - -\n",
    ],
    ids=["pairing-allocated bye", "another player absent"],
)
def test_no_warning_without_suspicion(extra: str) -> None:
    assert parse_trf(SMALL + extra).warnings == ()


# -- document helpers ------------------------------------------------------


def test_player_lookup() -> None:
    doc = parse_trf(SMALL)
    assert doc.player(2).name == "Beta"
    with pytest.raises(KeyError):
        doc.player(5)


def test_truncated() -> None:
    doc = parse_trf(SMALL)
    first = doc.truncated(1)
    assert [len(player.rounds) for player in first.players] == [1, 1, 1, 1]
    assert first.player(1).rounds == (RoundEntry(3, "w", "1"),)
    assert first.player(1).points == "" and first.player(1).rank is None
    assert first.last_round_with_results() == 1
    assert doc.truncated(0).last_round_with_results() == 0
    assert first.rounds_count == 3 and first.line_order == doc.line_order
    assert parse_trf(write_trf(first)) == first


def test_truncated_drops_warnings_of_later_rounds() -> None:
    late = "001    5      Epsilon" + " " * 27 + "2000" + " " * 29 + "1.0    5  0000 - -  0000 - F\n"
    doc = parse_trf(SMALL + late)  # round 2: a lone full-point bye, probably a 'U'
    assert doc.warnings and doc.truncated(1).warnings == ()
    assert doc.truncated(2).warnings == doc.warnings


def test_the_092_line_names_the_pairing_system_and_the_edition() -> None:
    """TRF-2026: ``092 FIDE_DUTCH_2025`` is what the 2026 engines write for the Dutch system applied from 2026."""
    from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, declared_edition

    doc = parse_trf("012 Open\n092 FIDE_DUTCH_2025\nXXR 5\n")
    assert doc.pairing_system == "FIDE_DUTCH_2025"
    assert declared_edition(doc) is FIDE_2026
    assert "092 FIDE_DUTCH_2025\n" in write_trf(doc)  # kept verbatim
    assert declared_edition(parse_trf("092 FIDE_DUTCH_2016\n")) is BAKU_2016
    assert declared_edition(parse_trf("092 FIDE_DUBOV_2025\n")) is None  # another system: not ours to guess
    assert parse_trf("012 Open\nXXR 5\n").pairing_system is None
