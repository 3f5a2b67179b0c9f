"""D.1-D.3: the sequences in which candidates are generated, with the rules' own examples."""

from __future__ import annotations

from arbiter_app.pairing.generation import exchanged, mdp_exchanges, resident_exchanges, transpositions


def heads(sequence: list[tuple[int, ...]], n1: int) -> list[str]:
    return ["-".join(map(str, t[:n1])) for t in sequence]


def test_d1_eleven_player_homogeneous_bracket() -> None:
    """D.1: '6-7-8-9-10, 6-7-8-9-11, 6-7-8-10-11, ..., 6-11-10-9-8, 7-6-8-9-10, ..., 11-10-9-8-7 (720)'."""
    order = heads(list(transpositions(range(6, 12), 5)), 5)
    assert len(order) == 720
    assert order[:2] == ["6-7-8-9-10", "6-7-8-9-11"]
    # The example's third item, 6-7-8-10-11, comes fourth: by D.1's own
    # definition (lexicographic value) 6-7-8-10-9 precedes it; the example
    # leaves it out.  The endorsed engine follows the definition.
    assert order[2:4] == ["6-7-8-10-9", "6-7-8-10-11"]
    assert order[order.index("6-11-10-9-8") + 1] == "7-6-8-9-10"
    assert order[-1] == "11-10-9-8-7"


def test_d1_heterogeneous_bracket_with_two_mdps() -> None:
    """D.1: with two MDPs, '3-4, 3-5, 3-6, ..., 3-11, 4-3, 4-5, ..., 11-10 (72 transpositions)'."""
    order = heads(list(transpositions(range(3, 12), 2)), 2)
    assert len(order) == 72
    assert order[:3] == ["3-4", "3-5", "3-6"]
    assert order[order.index("3-11") + 1 : order.index("3-11") + 3] == ["4-3", "4-5"]
    assert order[-1] == "11-10"


def test_d1_the_rest_of_s2_follows_in_order() -> None:
    assert next(iter(transpositions([9, 7, 8], 1))) == (7, 8, 9)
    assert list(transpositions([7, 8, 9], 1))[1] == (8, 7, 9)


def rank(exchanges: list[tuple[tuple[int, ...], tuple[int, ...]]], out: tuple[int, ...], into: tuple[int, ...]) -> int:
    return exchanges.index((out, into))


def test_d2_comparison_rules_with_the_rules_examples() -> None:
    s1, s2 = [1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]
    order = list(resident_exchanges(s1, s2))
    # a: exchanging one BSN is better than exchanging two.
    assert rank(order, (1,), (11,)) < rank(order, (4, 5), (6, 7))
    # b: exchanging 6 with 4 is better than exchanging 8 with 5;
    assert rank(order, (4,), (6,)) < rank(order, (5,), (8,))
    #    8+6 with 4+3 is better than 9+8 with 5+4.
    assert rank(order, (3, 4), (6, 8)) < rank(order, (4, 5), (8, 9))
    # c: moving 5 from S1 is better than moving 4 (same sums: 5<->7 and 4<->6);
    assert rank(order, (5,), (7,)) < rank(order, (4,), (6,))
    #    5-2 better than 4-3 (into 6-9 and 6-8 keep the difference equal: 15-7=8, 14-7=7 -> use equal sums)
    assert rank(order, (2, 5), (7, 9)) < rank(order, (3, 4), (7, 9))
    # d: moving 6 into S1 is better than moving 7: 6-9 better than 7-8.
    assert rank(order, (4, 5), (6, 9)) < rank(order, (4, 5), (7, 8))
    assert order[0] == ((5,), (6,))


def test_d2_c_and_d_with_three_players() -> None:
    s1, s2 = [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]
    order = list(resident_exchanges(s1, s2))
    # c: 5-4-1 is better than 5-3-2 (same sum moved out).
    assert rank(order, (1, 4, 5), (7, 8, 9)) < rank(order, (2, 3, 5), (7, 8, 9))
    # d: 6-7-10 is better than 6-8-9 (same sum moved in), here 7-8-11 vs 7-9-10.
    assert rank(order, (4, 5, 6), (7, 8, 11)) < rank(order, (4, 5, 6), (7, 9, 10))


def test_b6_exchange_reorders_s1_and_s2() -> None:
    assert exchanged([1, 2, 3], [4, 5, 6, 7], [3], [4]) == ((1, 2, 4), (3, 5, 6, 7))


def test_d3_mdp_exchanges_prefer_higher_scores_then_lower_bsns() -> None:
    # MDPs 1, 2, 3 (scores 3, 2.5, 2.5) with S1 = [1] and the Limbo [2, 3]:
    # the exchanges give S1 = [2], then [3] (equal scores, lower BSN first).
    score = {1: 30, 2: 25, 3: 25}
    assert mdp_exchanges([1], [2, 3], score) == [(2,), (3,)]
    # With S1 = [2, 3] and Limbo [1]: any S1 containing 1 has a higher score.
    assert mdp_exchanges([2, 3], [1], score) == [(1, 2), (1, 3)]
