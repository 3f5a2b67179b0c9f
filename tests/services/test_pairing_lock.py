"""The engine pairs outside the write transaction (issue 33): another desk writing while a round is being paired is
not refused, and a change it makes to what the pairing reads is never lost: the pairing is computed again on it, or,
when the tournament keeps changing, refused with nothing stored.

The other desk writes from inside the engine's run (the real engine, called after the desk's write): a pairing that
held SQLite's write lock would make that desk wait its busy timeout and fail."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import RoundPairing, TournamentState
from arbiter_app.persistence import Database, open_database
from arbiter_app.services import systems
from tests.services.conftest import dump

_real_pair_round = systems.pair_round


@pytest.fixture
def other_desk(db_path: Path) -> Iterator[Database]:
    """A second connection to the tournament file, as another desk has it: it waits 50 ms for the write lock."""
    desk = open_database(db_path, busy_timeout_ms=50)
    yield desk
    desk.dispose()


def _while_pairing(monkeypatch: pytest.MonkeyPatch, write: Callable[[int], None]) -> list[int]:
    """Run ``write(call)`` each time the engine pairs, before it pairs; the calls are counted in the list."""
    calls: list[int] = []

    def pairing(state: TournamentState, edition: object) -> RoundPairing:
        calls.append(state.round)
        write(len(calls))
        return _real_pair_round(state, edition)  # type: ignore[arg-type]

    monkeypatch.setattr(systems, "pair_round", pairing)
    return calls


def test_a_writer_during_a_pairing_is_not_refused_and_the_pairing_is_made_on_its_change(
    db: Database, seven: int, other_desk: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other desk registers a late entry for the round being paired: its write goes through at once, and the
    pairing, computed before it, is computed again: the stored draft pairs the late entry (8 players, no bye)."""
    names: list[str] = []

    def register(call: int) -> None:
        if call == 1:
            names.append(sv.register_player(other_desk, seven, "Late", rating=2350).name)

    calls = _while_pairing(monkeypatch, register)
    r3 = sv.pair_next_round(db, seven)
    assert names == ["Late"] and calls == [3, 3]
    late = next(p for p in sv.list_players(db, seven) if p.name == "Late")
    assert r3.bye is None and len(r3.boards) == 4
    assert any(late.number in (b.white, b.black) for b in r3.boards)
    assert sv.get_round(db, seven, 3).boards == r3.boards


def test_a_change_the_pairing_does_not_read_keeps_the_pairing(
    db: Database, seven: int, other_desk: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tournament's place changed meanwhile: nothing the pairing reads, the pairing is stored as computed; the
    change is kept."""
    calls = _while_pairing(monkeypatch, lambda call: sv.edit_tournament(other_desk, seven, place="Elsewhere"))
    r3 = sv.pair_next_round(db, seven)
    assert calls == [3] and sv.get_round(db, seven, 3).boards == r3.boards
    assert sv.get_tournament(db, seven).place == "Elsewhere"


def test_a_tournament_that_keeps_changing_is_not_paired_and_nothing_is_lost(
    db: Database, seven: int, other_desk: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every computation of the pairing overtaken by another registration: refused after the attempts, no round
    stored, every registration kept."""
    calls = _while_pairing(monkeypatch, lambda call: sv.register_player(other_desk, seven, f"Late {call}", rating=1000))
    with pytest.raises(ArbiterError, match="changed 3 times while the round was being paired"):
        sv.pair_next_round(db, seven)
    assert calls == [3, 3, 3]
    with pytest.raises(ArbiterError, match="round 3 has not been paired"):
        sv.get_round(db, seven, 3)
    assert [p.name for p in sv.list_players(db, seven) if p.name.startswith("Late")] == ["Late 1", "Late 2", "Late 3"]
    before = dump(db)
    monkeypatch.setattr(systems, "pair_round", _real_pair_round)
    assert len(sv.pair_next_round(db, seven).boards) == 5  # 10 players once the desk is done
    assert dump(db) != before


def test_a_draft_paired_again_keeps_the_change_made_meanwhile(
    db: Database, seven: int, other_desk: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Re-pairing the draft goes the same way: the other desk's bye request for round 4 is not refused; the file
    changed, so the pairing is computed again before it is stored, and the request is kept."""
    first = sv.pair_next_round(db, seven)
    calls = _while_pairing(monkeypatch, lambda call: call == 1 and sv.request_bye(other_desk, seven, 6, 4, "half"))
    again = sv.repair_round(db, seven)
    assert calls == [3, 3] and again.boards == first.boards
    assert [(b.player, b.round) for b in sv.list_byes(db, seven, 4)] == [(6, 4)]


def test_a_draft_discarded_meanwhile_is_not_paired_again(
    db: Database, seven: int, other_desk: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bye requested for the drafted round discards the draft (the draft no longer fits the players): re-pairing
    it then says so, and the request is kept."""
    sv.pair_next_round(db, seven)
    _while_pairing(monkeypatch, lambda call: call == 1 and sv.request_bye(other_desk, seven, 6, 3, "half"))
    with pytest.raises(ArbiterError, match="no draft pairing"):
        sv.repair_round(db, seven)
    assert [(b.player, b.round) for b in sv.list_byes(db, seven, 3) if b.player == 6] == [(6, 3)]
