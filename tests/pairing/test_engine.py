"""The round-pairing (A.9), colours and board order on the Arbiters' Manual tournament and small cases."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError, PairingImpossibleError
from arbiter_app.pairing.criteria import evaluate
from arbiter_app.pairing.editions import BAKU_2016, edition
from arbiter_app.pairing.engine import contestants, pair_round
from arbiter_app.pairing.model import Board, Colour, Outcome, Player, RoundRecord, TournamentState
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import pairing_of_round, state_before_round


@pytest.fixture(scope="module")
def manual(data: Path):  # noqa: ANN201
    return read_trf(data / "fixtures" / "arbiters-manual-12.trf")


@pytest.mark.parametrize("round_number", range(1, 10))
def test_manual_tournament_every_round(manual, round_number: int) -> None:  # noqa: ANN001
    expected = pairing_of_round(manual, round_number)
    actual = pair_round(state_before_round(manual, round_number), BAKU_2016)
    assert actual.pairs() == expected.pairs()
    assert actual.bye == expected.bye


def test_manual_round_5_board_order_d9(manual) -> None:  # noqa: ANN001
    """C.04.2.D.9: score of the higher ranked player, sum of scores, then his rank."""
    boards = pair_round(state_before_round(manual, 5), BAKU_2016).boards
    scores = {p.number: p.score for p in state_before_round(manual, 5).players}
    keys = [(-max(scores[b.white], scores[b.black]), -(scores[b.white] + scores[b.black])) for b in boards]
    assert keys == sorted(keys)
    assert boards[-1] in (Board(11, 7), Board(3, 6), Board(8, 10))


def by_number(state: TournamentState) -> dict[int, object]:
    return {c.number: c for c in contestants(state, BAKU_2016)}


def test_manual_round_2_failure_values(manual) -> None:  # noqa: ANN001
    """Walkthrough, round 2: 1-5, 4-9 leaves two colour preferences unmet (C.10 = 2); 1-9, 5-4 is perfect."""
    c = by_number(state_before_round(manual, 2))
    first = evaluate([(c[1], c[5]), (c[4], c[9])], [], 0)
    second = evaluate([(c[1], c[9]), (c[4], c[5])], [], 0)
    assert first["C.10"] == 2
    assert all(not v for k, v in second.items() if k not in ("C.5", "C.6"))


def test_manual_round_4_eleven_floats_again(manual) -> None:  # noqa: ANN001
    """Walkthrough, round 4, bracket [12][3, 11]: 12-3 with 11 floating fails only C.12; 12-11 fails C.10."""
    c = by_number(state_before_round(manual, 4))
    base = c[10].score - 10
    kept = evaluate([(c[12], c[3])], [c[11]], base)
    other = evaluate([(c[12], c[11])], [c[3]], base)
    assert kept["C.12"] == 1 and kept["C.10"] == 0
    assert other["C.10"] == 1


def test_manual_round_5_collapsed_bracket_decided_by_c17(manual) -> None:  # noqa: ANN001
    """Walkthrough, round 5: in the collapsed last bracket C.17 separates 7-3, 6-11, 8-10 from 7-11, 6-3, 8-10."""
    c = by_number(state_before_round(manual, 5))
    two = evaluate([(c[7], c[3]), (c[6], c[11]), (c[8], c[10])], [], 0)
    four = evaluate([(c[7], c[11]), (c[6], c[3]), (c[8], c[10])], [], 0)
    assert two["C.6"] == four["C.6"] == (10, 5, 5)
    assert two["C.10"] == four["C.10"] == 0
    # C.13 ties.  The manual counts #3's second upfloat in each; #10, who
    # upfloated in round 4 as well, upfloats again against #8 in both, so
    # each candidate fails C.13 twice: still a tie.
    assert two["C.13"] == four["C.13"] == 2
    # C.17 decides: #3 upfloats again by 1.0 in candidate 2 and by 0.5 in
    # candidate 4 (#10's 0.5 against #8 is in both).
    assert two["C.17"] == (10, 5) and four["C.17"] == (5, 5)
    assert four["C.17"] < two["C.17"]
    assert pair_round(state_before_round(manual, 5), BAKU_2016).pairs() >= {(11, 7), (3, 6), (8, 10)}


def played(opponent: int, colour: Colour, outcome: Outcome = Outcome.DRAW) -> RoundRecord:
    return RoundRecord(outcome, opponent, colour, 5)


def test_impossible_round_names_the_round_and_players() -> None:
    """A.9: three players who have all met, and nobody may take the bye again (C.2)."""
    bye = RoundRecord(Outcome.PAIRING_ALLOCATED_BYE, points=10)
    players = (
        Player(1, (played(2, Colour.WHITE), played(3, Colour.BLACK), bye)),
        Player(2, (played(1, Colour.BLACK), bye, played(3, Colour.WHITE))),
        Player(3, (bye, played(1, Colour.WHITE), played(2, Colour.BLACK))),
    )
    state = TournamentState(round=4, total_rounds=5, players=players)
    with pytest.raises(PairingImpossibleError) as error:
        pair_round(state, BAKU_2016)
    assert error.value.round == 4
    assert "round 4" in str(error.value) and "C.1-C.3" in str(error.value)
    assert error.value.players == (1, 2, 3)


def test_round_one_pairs_top_half_against_bottom_half_with_e5_colours() -> None:
    state = TournamentState(round=1, total_rounds=5, players=tuple(Player(n) for n in range(1, 8)))
    pairing = pair_round(state, BAKU_2016)
    assert pairing.boards == (Board(1, 4), Board(5, 2), Board(3, 6))
    assert pairing.bye == 7


def test_absent_top_seed_shifts_e5_parity() -> None:
    """A player never paired and absent holds no pairing number for E.5 (the endorsed engine's reading)."""
    state = TournamentState(
        round=1, total_rounds=5, players=tuple(Player(n) for n in range(1, 6)), not_paired=frozenset({1})
    )
    assert pair_round(state, BAKU_2016).boards == (Board(2, 4), Board(5, 3))


def test_unknown_edition_is_refused() -> None:
    state = TournamentState(round=1, total_rounds=5, players=(Player(1), Player(2)))
    with pytest.raises(ArbiterError, match="unknown edition"):
        pair_round(state, edition("zurich-2099"))


def test_forbidden_pair_is_never_paired(manual) -> None:  # noqa: ANN001
    """XXP pairs are barred like C.1: round 5 of the manual pairs 11 with 7; forbid that pair."""
    state = state_before_round(manual, 5)
    assert (11, 7) in pair_round(state, BAKU_2016).pairs()
    barred = pair_round(replace(state, forbidden_pairs=frozenset({frozenset({7, 11})})), BAKU_2016)
    assert not any({b.white, b.black} == {7, 11} for b in barred.boards)
    assert len(barred.boards) == 6
