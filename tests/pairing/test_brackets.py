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


def random_player(rng: random.Random, number: int, score: int, colours: str, bye_rate: float) -> Contestant:
    """A contestant with a random colour history (letters from ``colours``) and random floats."""
    history = "".join(rng.choice(colours) for _ in range(rng.randint(1, 4 if colours == "WB" else 5)))
    return Contestant(
        number=number,
        rank=number,
        score=score,
        preference=colour_preference(games(history)),
        float_previous=rng.choice(list(Float)),
        float_before=rng.choice(list(Float)),
        can_get_bye=rng.random() < bye_rate,
        is_topscorer=False,
        barred=frozenset(),
    )


def with_meetings(rng: random.Random, players: list[Contestant], density: float) -> list[Contestant]:
    """The players, each pair having met (C.1) with probability ``density``."""
    numbers = [p.number for p in players]
    met = {(a, b) for a in numbers for b in numbers if a < b and rng.random() < density}
    return [
        replace(p, barred=frozenset({b for a, b in met if a == p.number} | {a for a, b in met if b == p.number}))
        for p in players
    ]


def random_bracket(rng: random.Random, size: int) -> tuple[Contestant, ...]:
    players = [random_player(rng, number, 20, "WB", 0.7) for number in range(1, size + 1)]
    return tuple(with_meetings(rng, players, 0.25))


def candidates(
    players: tuple[Contestant, ...],
) -> Iterator[tuple[list[tuple[Contestant, Contestant]], list[Contestant]]]:
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


def random_layered_bracket(rng: random.Random) -> Bracket:
    """MDPs, residents and a following scoregroup with random colours, floats and earlier meetings."""
    counts = (rng.choice([0, 0, 1, 2, 3]), rng.randint(2, 24), rng.choice([0, 1, 2, 5, 8, 13]))
    players = []
    for layer, count in enumerate(counts):
        for _ in range(count):
            score = 30 - 10 * layer - (rng.randint(0, 5) if layer == 0 else 0)
            players.append(random_player(rng, len(players) + 1, score, "WWBB=", 0.8))
    players = with_meetings(rng, players, rng.choice([0.0, 0.1, 0.3, 0.6]))
    players.sort(key=Contestant.sort_key)
    mdps = tuple(p for p in players if p.score > 20)
    residents = tuple(p for p in players if p.score == 20)
    following = tuple(p for p in players if p.score < 20)
    return Bracket(mdps, residents, following, must_complete=rng.random() < 0.3, following_is_last=rng.random() < 0.5)


@pytest.mark.parametrize("seed", range(300))
def test_shortcuts_keep_the_candidate_of_the_general_matching(seed: int) -> None:
    """The B.4 shortcut, C.7 settled without the players below, and the first transposition without exchange
    give what the lexicographic matching over everything gives, on brackets too large to search literally."""
    bracket = random_layered_bracket(random.Random(seed))
    fast = pair_bracket(bracket)
    general = pair_bracket(bracket, shortcuts=False)
    assert {frozenset((a.number, b.number)) for a, b in fast.pairs} == {
        frozenset((a.number, b.number)) for a, b in general.pairs
    }
    assert {p.number for p in fast.downfloaters} == {p.number for p in general.downfloaters}


def test_the_comparison_above_covers_the_mdp_pairing_decided_by_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many of the brackets above have their MDP-pairing decided without a weighted solve of D.3 and D.1
    (``mdp_pairing_by_proof``), and many not: both ways are checked against the general matching."""
    from arbiter_app.pairing import brackets

    outcomes: list[bool] = []
    original = brackets._Graph.mdp_pairing_by_proof

    def spy(graph: brackets._Graph, sides: list[bool]) -> tuple[list[tuple[int, int]], int] | None:
        found = original(graph, sides)
        outcomes.append(found is not None)
        return found

    monkeypatch.setattr(brackets._Graph, "mdp_pairing_by_proof", spy)
    for seed in range(300):
        pair_bracket(random_layered_bracket(random.Random(seed)))
    assert outcomes.count(True) > 30
    assert outcomes.count(False) > 30
