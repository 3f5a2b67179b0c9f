"""The TRF-2026 records 222 (encoded time control), 250 (accelerated rounds) and 260 (prohibited pairings).

The examples are the ones of the TRF-2026 text: ``5400+30`` is 90 minutes with 30 seconds a move,
``40/6000+30:900+30`` 100 minutes for 40 moves then 15 minutes, 30 seconds a move throughout, ``W300-B240``
an Armageddon; ``250 00.0 02.0 001 003 0001 0090`` gives players 1 to 90 two fictitious points in rounds 1 to 3;
``260 001 002  125  180  184  216`` keeps four players apart in rounds 1 and 2.
"""

from __future__ import annotations

import random

import pytest

from arbiter_app.trf import TrfFormatError, parse_trf
from arbiter_app.trf.records import (
    file_ratings,
    acceleration_records,
    accelerations_of,
    describe_time_control,
    is_encoded_time_control,
    parse_acceleration,
    parse_prohibition,
    prohibition_record,
    prohibitions_of,
)
from arbiter_app.trf.rounds import state_before_round
from tests.trf.test_trf_parse import SMALL


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("5400+30", "90 min, 30 s a move"),
        ("40/6000+30:900+30", "40 moves in 100 min, 30 s a move; then 15 min for the rest, 30 s a move"),
        ("W300-B240", "White 5 min; Black 4 min"),
        ("40/7200:1800", "40 moves in 120 min; then 30 min for the rest"),
    ],
)
def test_encoded_time_controls_of_the_trf_2026_text(code: str, words: str) -> None:
    assert is_encoded_time_control(code)
    assert describe_time_control(code) == words


@pytest.mark.parametrize("text", ["90'+30\"", "90 min + 30 s", "5400+", "/5400", "W300", "W300-240", "5400+30:", ""])
def test_what_is_not_an_encoded_time_control(text: str) -> None:
    assert not is_encoded_time_control(text)


def test_the_acceleration_record_of_the_trf_2026_text() -> None:
    found = parse_acceleration("x.trf", 7, "250 00.0 02.0 001 003 0001 0090")
    assert (found.points, found.first_round, found.last_round, found.first_player, found.last_player) == (
        20, 1, 3, 1, 90,
    )  # fmt: skip


def test_baku_points_for_two_groups_of_rounds_are_two_records() -> None:
    """Players 1-6 get 1 point in rounds 1-2 and ½ in rounds 3-4 (C.04.7's Baku method in a six-round event), player
    9 the same: consecutive pairing numbers share a record, a gap starts another."""
    table = {n: (10, 10, 5, 5) for n in (1, 2, 3, 4, 5, 6, 9)}
    assert acceleration_records(table) == [
        "250       1.0 001 002    1    6",
        "250       1.0 001 002    9    9",
        "250       0.5 003 004    1    6",
        "250       0.5 003 004    9    9",
    ]


def test_acceleration_records_give_back_the_points_they_were_made_from() -> None:
    rng = random.Random(250)
    for _ in range(200):
        table = {
            n: tuple(rng.choice((0, 0, 5, 10)) for _ in range(rng.randint(1, 6)))
            for n in rng.sample(range(1, 30), rng.randint(1, 12))
        }
        lines = acceleration_records(table)
        doc = parse_trf(SMALL + "".join(line + "\n" for line in lines))
        expected = {n: v for n, v in table.items() if any(v)}
        back = {n: tuple(int(float(p) * 10) for p in values) for n, values in accelerations_of(doc).items()}
        # A round after the last non-zero value has no record: compare up to the longer of the two.
        for n in expected.keys() | back.keys():
            ours, theirs = expected.get(n, ()), back.get(n, ())
            width = max(len(ours), len(theirs))
            assert ours + (0,) * (width - len(ours)) == theirs + (0,) * (width - len(theirs)), (table, lines)


@pytest.mark.parametrize(
    ("line", "column", "expected"),
    [
        ("250       0.0 001 002    1    6", 10, "not zero"),
        ("250       1.0 003 002    1    6", 19, "a last round not before round 3"),
        ("250       1.0 001 002    6    1", 28, "a last pairing number not below 6"),
        ("250       1.0 001 002    1", 1, "31 columns"),
        ("250  1.0  1.0 001 002    1    6", 5, "no match points"),
        ("250       1.0 0x1 002    1    6", 15, "the first round"),
    ],
)
def test_a_malformed_acceleration_record_is_named_by_line_and_column(line: str, column: int, expected: str) -> None:
    with pytest.raises(TrfFormatError, match=expected) as caught:
        parse_acceleration("x.trf", 12, line)
    assert (caught.value.line, caught.value.column) == (12, column)


def test_the_prohibition_record_of_the_trf_2026_text() -> None:
    found = parse_prohibition("x.trf", 3, "260 001 002  125  180  184  216")
    assert (found.players, found.first_round, found.last_round) == ((125, 180, 184, 216), 1, 2)
    assert len(found.pairs()) == 6 and found.applies_to(2) and not found.applies_to(3)
    assert prohibition_record(found.players, 1, 2) == "260 001 002  125  180  184  216"


@pytest.mark.parametrize(
    ("line", "column", "expected"),
    [
        ("260 001 002  125", 17, "at least two pairing numbers"),
        ("260 003 002  125  180", 9, "a last round not before round 3"),
        ("260 001 002  125  125", 18, "not already in the record"),
        ("260 001 002  125x 180", 17, "a blank between pairing numbers"),
    ],
)
def test_a_malformed_prohibition_record_is_named_by_line_and_column(line: str, column: int, expected: str) -> None:
    with pytest.raises(TrfFormatError, match=expected) as caught:
        parse_prohibition("x.trf", 5, line)
    assert (caught.value.line, caught.value.column) == (5, column)


def test_a_prohibition_holds_only_in_its_rounds_when_a_round_is_checked() -> None:
    """``arbiter-pairings -c`` re-pairs round r with the 260 records whose rounds include r (and every XXP line)."""
    doc = parse_trf(SMALL + "260 001 001    1    3\nXXP 2 4\n")
    assert frozenset((1, 3)) in state_before_round(doc, 1).forbidden_pairs
    assert frozenset((1, 3)) not in state_before_round(doc, 2).forbidden_pairs
    assert all(frozenset((2, 4)) in state_before_round(doc, k).forbidden_pairs for k in (1, 2, 3))
    assert [(p.players, p.first_round, p.last_round) for p in prohibitions_of(doc)] == [
        ((2, 4), 1, None),
        ((1, 3), 1, 1),
    ]


def test_a_250_record_and_xxa_lines_give_the_engine_the_same_points() -> None:
    by_xxa = parse_trf(SMALL + "XXA    1  1.0  1.0  0.5\nXXA    2  1.0  1.0  0.5\n")
    by_250 = parse_trf(SMALL + "250       1.0 001 002    1    2\n250       0.5 003 003    1    2\n")
    for k in (1, 2, 3):
        assert state_before_round(by_xxa, k).players == state_before_round(by_250, k).players
    assert state_before_round(by_250, 3).players[0].accelerations == (10, 10, 5)


NATIONAL = SMALL.replace(
    "012 Small test\n", "012 Small test\n172 NOR NIDOF\nNOR    2      Beta                              2450\n"
)


def test_the_172_method_with_national_rating_records_gives_the_ratings_the_checker_uses() -> None:
    """``172 NOR NIDOF``: the national rating where the player has one (player 2: 2450), else the FIDE rating of the
    001 line; without national rating records the 001 ratings as they are."""
    doc = parse_trf(NATIONAL)
    assert file_ratings(doc) == {1: 2400, 2: 2450, 3: 2200, 4: 2100}
    assert [p.rating for p in state_before_round(doc, 2).players] == [2400, 2450, 2200, 2100]
    assert file_ratings(parse_trf(NATIONAL.replace("NIDOF", "FIDE "))) == {1: 2400, 2: 2300, 3: 2200, 4: 2100}
    assert file_ratings(parse_trf(NATIONAL.replace("NIDOF", "NRO  "))) == {1: 0, 2: 2450, 3: 0, 4: 0}
    assert file_ratings(parse_trf(NATIONAL.replace("NIDOF", "LBFN "))) == {1: 2400, 2: 2300, 3: 2200, 4: 2100}
    # Records of another federation than the one 172 names are not national ratings of this tournament.
    assert file_ratings(parse_trf(NATIONAL.replace("NOR    2", "SWE    2"))) == {1: 2400, 2: 2300, 3: 2200, 4: 2100}
