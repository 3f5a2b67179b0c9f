"""B.1-B.8: the bracket the matching pairs is the candidate the rules' own search keeps.

The literal process: S1/S2 (B.2), candidates S1[i]-S2[i] (B.3) through the
transpositions (D.1) and resident-exchanges (D.2) in order (B.6), each
evaluated with the criteria (C.1-C.3 legality, C.5-C.19 failure values),
the first of the best kept (B.8).  Random small brackets of a round's last
scoregroup are paired both ways.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from arbiter_app.pairing.brackets import Bracket, pair_bracket
from arbiter_app.pairing.colours import colour_preference
from arbiter_app.pairing.criteria import QUALITY_CRITERIA, Contestant, artificial_score, evaluate, may_meet
from arbiter_app.pairing.floats import Float
from arbiter_app.pairing.generation import exchanged, resident_exchanges, transpositions
from tests.pairing.helpers import games


def random_bracket(rng: random.Random, size: int) -> tuple[Contestant, ...]:
    players = []
    for number in range(1, size + 1):
        history = "".join(rng.choice("WB") for _ in range(rng.randint(1, 4)))
        players.append(
            Contestant(
                number=number,
                rank=number,
                score=20,
                preference=colour_preference(games(history)),
                float_previous=rng.choice(list(Float)),
                float_before=rng.choice(list(Float)),
                can_get_bye=rng.random() < 0.7,
                is_topscorer=False,
                barred=frozenset(),
            )
        )
    met = {(a, b) for a in range(1, size + 1) for b in range(a + 1, size + 1) if rng.random() < 0.25}
    return tuple(
        replace(p, barred=frozenset({b for a, b in met if a == p.number} | {a for a, b in met if b == p.number}))
        for p in players
    )


def candidates(players: tuple[Contestant, ...]) -> Iterator[tuple[list[tuple[Contestant, Contestant]], list[Contestant]]]:
    """B.3 and B.6: candidates of a homogeneous bracket in generation order."""
    n1 = len(players) // 2
    s1, s2 = list(range(n1)), list(range(n1, len(players)))
    for out, into in [((), ()), *resident_exchanges(s1, s2)]:
        new_s1, new_s2 = exchanged(s1, s2, out, into)
        for order in transpositions(new_s2, n1):
            pairs = [(players[a], players[b]) for a, b in zip(new_s1, order)]
            yield pairs, [players[b] for b in order[n1:]]


def sort_key(values: dict[str, object]) -> tuple[object, ...]:
    return tuple(values[c.article] for c in QUALITY_CRITERIA)


def literal_choice(players: tuple[Contestant, ...]) -> frozenset[frozenset[int]] | None:
    base = artificial_score(players[-1].score)
    best = None
    for pairs, floaters in candidates(players):
        if not all(may_meet(a, b) for a, b in pairs) or not all(p.can_get_bye for p in floaters):
            continue  # C.1-C.3, and C.2 for the bye of the last bracket
        key = sort_key(evaluate(pairs, floaters, base))
        if best is None or key < best[0]:
            best = (key, pairs)
    if best is None:
        return None
    return frozenset(frozenset((a.number, b.number)) for a, b in best[1])


@pytest.mark.parametrize("seed", range(150))
def test_matching_keeps_the_candidate_the_literal_search_keeps(seed: int) -> None:
    rng = random.Random(seed)
    players = random_bracket(rng, rng.choice([4, 5, 6, 7, 8]))
    expected = literal_choice(players)
    if expected is None:
        pytest.skip("no complete legal candidate")
    result = pair_bracket(Bracket((), players, (), must_complete=True))
    assert frozenset(frozenset((a.number, b.number)) for a, b in result.pairs) == expected
