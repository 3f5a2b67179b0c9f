"""Chess960 starting positions: Scharnagl's numbering 0-959 and the seeded drawing per round (checklist Q222)."""

from __future__ import annotations

import pytest

from arbiter_app.pairing.chess960 import POSITIONS, STANDARD, back_rank, drawn_position, drawn_positions

# Positions as the published tables of the standard numbering give them.
KNOWN = {
    0: "BBQNNRKR",
    1: "BQNBNRKR",
    2: "BQNNRBKR",
    3: "BQNNRKRB",
    4: "QBBNNRKR",
    518: "RNBQKBNR",
    959: "RKRNNQBB",
}


@pytest.mark.parametrize(("number", "rank"), sorted(KNOWN.items()))
def test_the_numbering_gives_the_known_positions(number: int, rank: str) -> None:
    assert back_rank(number) == rank


def test_the_960_positions_are_the_legal_ones_each_once() -> None:
    ranks = [back_rank(n) for n in range(POSITIONS)]
    assert len(set(ranks)) == POSITIONS and back_rank(STANDARD) == "RNBQKBNR"
    for rank in ranks:
        assert sorted(rank) == sorted("RNBQKBNR")
        bishops = [k for k, piece in enumerate(rank) if piece == "B"]
        assert bishops[0] % 2 != bishops[1] % 2  # one on a light square, one on a dark one
        rooks = [k for k, piece in enumerate(rank) if piece == "R"]
        assert rooks[0] < rank.index("K") < rooks[1]  # the king between the rooks
    with pytest.raises(ValueError, match="0 to 959"):
        back_rank(960)


def test_the_drawing_is_reproducible_from_the_seed() -> None:
    first = drawn_positions(20261123, 9)
    assert first == drawn_positions(20261123, 9) and [p.round for p in first] == list(range(1, 10))
    assert first != drawn_positions(20261124, 9)
    assert drawn_position(20261123, 4) == first[3]  # a round's position does not depend on the rounds after
    assert len({p.number for p in first}) > 1 and all(0 <= p.number < POSITIONS for p in first)
    # Over many rounds every part of the range is drawn (no position favoured by construction).
    numbers = [p.number for p in drawn_positions(7, 4000)]
    assert min(numbers) < 20 and max(numbers) > 940 and abs(sum(numbers) / len(numbers) - 479.5) < 15
    assert str(drawn_position(1, 1)).startswith("round 1: position ")
