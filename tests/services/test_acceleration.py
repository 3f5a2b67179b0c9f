"""Baku acceleration: who is split into GA and GB before round 1 (C.04.5.1; C.04.7-2026 1.2-1.3; checklist Q111),
and the board order by real + virtual points (C.04.7-2026 1.5 with C.04.2-2026 3.6; checklist Q188)."""

from __future__ import annotations

import pytest

from arbiter_app.pairing.engine import board_order
from arbiter_app.pairing.model import Board, Colour, Outcome, Player, RoundRecord, TournamentState
from arbiter_app.persistence import Database
from arbiter_app.services import create_tournament, pair_next_round, register_player, request_bye, state_for_round


def _twenty(db: Database, edition: str) -> int:
    """20 players rated 2400, 2390, ... (#1 .. #20); #3 asks for a half-point bye in round 1."""
    t = create_tournament(db, "Accelerated", 9, accelerated=True, edition=edition)
    for k in range(1, 21):
        register_player(db, t.id, f"Player {k:02}", rating=2410 - 10 * k)
    request_bye(db, t.id, 3, 1, "half")
    return t.id


def _group_a(db: Database, tournament: int) -> list[int]:
    with db.read() as s:
        state = state_for_round(s, tournament, 1)
    return sorted(p.number for p in state.players if p.acceleration(1) > 0)


def test_2026_a_round_1_bye_has_no_tpn_when_the_groups_are_split(db: Database) -> None:
    """C.04.2-2026 2.4: #3 (half-point bye in round 1) has no TPN yet; GA is the first 2 x ceil(19/4) = 10 of the
    19 who are paired, the last of them #11; #3 joins GA, being ranked above it (C.04.7-2026 1.3)."""
    assert _group_a(db, _twenty(db, "fide-2026")) == [1, 2, 3, *range(4, 12)]


def test_baku_2016_counts_every_registered_player(db: Database) -> None:
    """C.04.5.1 (2016): the endorsed engine splits all 20 registered: GA is #1 .. #10 (corpus dutch-2016-baku)."""
    assert _group_a(db, _twenty(db, "baku-2016")) == list(range(1, 11))


@pytest.mark.parametrize(
    ("edition", "expected"),
    [
        # GA present: 1 2 4 .. 11 (ten, one point each): S1 = 1 2 4 5 6 against S2 = 7 .. 11; GB 12 .. 20 (nine):
        # 12-16 .. 15-19 and #20 has the bye.
        ("fide-2026", {(1, 7), (8, 2), (4, 9), (10, 5), (6, 11), (12, 16), (17, 13), (14, 18), (19, 15)}),
        # GA present: 1 2 4 .. 10 (nine): #10 floats down to GB (#11 .. #20, ten, plus him).
        ("baku-2016", None),
    ],
)
def test_round_1_pairing_follows_the_split(db: Database, edition: str, expected: set[tuple[int, int]] | None) -> None:
    tournament = _twenty(db, edition)
    draft = pair_next_round(db, tournament)
    pairs = draft.pairing().pairs()
    if expected is not None:
        assert set(pairs) == expected and draft.bye == 20
    else:
        # Nine GA players: one of them is paired with a GB player (a downfloater), which the 2026 split never does.
        ga = set(range(1, 11)) - {3}
        assert any((w in ga) != (b in ga) for w, b in pairs)


def test_boards_are_ordered_by_real_plus_virtual_points() -> None:
    """Checklist Q188: #1 and #2 (GA, ½ real + 1 virtual = 1½) sit above #11 and #12 (GB, 1 real point)."""
    draw, win = RoundRecord(Outcome.DRAW, 9, Colour.WHITE, 5), RoundRecord(Outcome.WIN, 19, Colour.WHITE, 10)
    players = (
        Player(1, (draw,), (10, 10)),
        Player(2, (draw,), (10, 10)),
        Player(11, (win,)),
        Player(12, (win,)),
    )
    state = TournamentState(round=2, total_rounds=9, players=players)
    assert board_order((Board(11, 12), Board(1, 2)), state) == (Board(1, 2), Board(11, 12))
