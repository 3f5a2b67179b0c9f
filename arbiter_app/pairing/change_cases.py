"""Whether a change of a published pairing is the case the arbiter names (C.04.2-2026 4.4; Baku 2016 C.04.2.D.10).

A published pairing changes only in the cases of the edition's rules
(:attr:`arbiter_app.pairing.engine.DutchEdition.published_change_cases`, keyed
``rematch``, ``competition-rules``, ``unpaired-pair``, ``late-entry``,
``top-boards``).  Each case is checked against what it says, on the round as
published and as changed; :func:`why_not` answers with the reason the case
does not hold (None: it holds, or the program cannot tell):

- ``rematch`` (4.4.1; D.10, Baku 2016's one case): the published pairing pairs
  two players who have played each other, and the change takes that pair apart;
- ``late-entry`` (4.4.4): a late entry of the round, not in the published
  pairing, is paired by the change;
- ``top-boards`` (4.4.5): the final round, and every board the change takes
  apart is a top board: no lower than the last board with a player still able to
  reach the leader's score (within one win of it);
- ``unpaired-pair`` (4.4.3): every new board pairs two players whose published
  opponents the change leaves without a board, their scores within one win;
- ``competition-rules`` (4.4.2): the rules of the competition are the arbiter's
  to read; the reason given is recorded.

The 2026 text of 4.4 is recovered as a paraphrase (``shared/spec/fide-2026/
general-handling-rules-c0402-2026.md``); "top boards" and "close in the
standings" are read as above.  Pure: no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from arbiter_app.pairing.model import Board, RoundPairing, TournamentState


@dataclass(frozen=True)
class PublishedChange:
    """A published round's pairing and the change proposed for it."""

    state: TournamentState
    """The tournament before the round (scores, who met whom)."""
    published: RoundPairing
    """The pairing as published, boards in their published order."""
    proposed: RoundPairing
    """The pairing after the change."""
    final_round: bool
    """The round is the last of the tournament."""
    late_entries: frozenset[int] = frozenset()
    """Pairing numbers of the players who enter the tournament in this round."""

    def scores(self) -> dict[int, int]:
        """Each player's score before the round, in tenths."""
        return {p.number: sum(r.points for r in p.history) for p in self.state.players}

    def removed(self) -> list[tuple[int, Board]]:
        """(published board number, board) of each published board the change takes apart."""
        kept = _unordered(self.proposed)
        return [(k, b) for k, b in enumerate(self.published.boards, 1) if frozenset((b.white, b.black)) not in kept]

    def added(self) -> list[Board]:
        """The boards of the change that the published pairing does not hold."""
        before = _unordered(self.published)
        return [b for b in self.proposed.boards if frozenset((b.white, b.black)) not in before]


def _unordered(pairing: RoundPairing) -> set[frozenset[int]]:
    """The pairs of players of a pairing, whatever their colours."""
    return {frozenset((b.white, b.black)) for b in pairing.boards}


def _seated(pairing: RoundPairing) -> set[int]:
    return {n for b in pairing.boards for n in (b.white, b.black)} | ({pairing.bye} - {None})  # type: ignore[operator]


def _pairs(boards: list[Board]) -> str:
    return ", ".join(f"#{b.white}-#{b.black}" for b in boards)


def rematch_removed(change: PublishedChange) -> str | None:
    """4.4.1 / C.04.2.D.10: the published pairing holds a rematch and the change takes it apart."""
    history = {p.number: p.history for p in change.state.players}
    rematches = [
        b
        for b in change.published.boards
        if any(r.outcome.is_played and r.opponent == b.black for r in history.get(b.white, ()))
    ]
    if not rematches:
        return "the published pairing pairs no two players who have played each other"
    removed = {frozenset((b.white, b.black)) for _, b in change.removed()}
    if not any(frozenset((b.white, b.black)) in removed for b in rematches):
        return f"the change keeps the published rematch{'es' if len(rematches) > 1 else ''} {_pairs(rematches)}"
    return None


def late_entry_paired(change: PublishedChange) -> str | None:
    """4.4.4: a late entry of the round, missing from the published pairing, is paired by the change."""
    waiting = sorted(change.late_entries - _seated(change.published))
    if not waiting:
        return f"no late entry of round {change.state.round} is waiting to be paired"
    if not set(waiting) & _seated(change.proposed):
        named = ", ".join(f"#{n}" for n in waiting)
        return f"the change pairs none of the late entries of round {change.state.round} ({named})"
    return None


def top_boards_of_final_round(change: PublishedChange) -> str | None:
    """4.4.5: the final round, and only top boards taken apart (no lower than the last board with a player within
    one win of the leader)."""
    if not change.final_round:
        return f"round {change.state.round} is not the final round"
    scores = change.scores()
    leader = max(scores.values(), default=0)
    reach = leader - change.state.points.win
    boards = enumerate(change.published.boards, 1)
    top = max((k for k, b in boards if max(scores.get(b.white, 0), scores.get(b.black, 0)) >= reach), default=0)
    low = [k for k, _ in change.removed() if k > top]
    if low:
        return (
            f"board{'s' if len(low) > 1 else ''} {', '.join(map(str, low))} "
            f"{'are' if len(low) > 1 else 'is'} not among the top boards (1-{top}: a player within one win of the leader)"
        )
    return None


def unpaired_players_paired(change: PublishedChange) -> str | None:
    """4.4.3: each new board pairs two players close in the standings (within one win) whose published opponents the
    change leaves without a board."""
    added = change.added()
    if not added:
        return "the change pairs no two players anew"
    opponent = {n: m for b in change.published.boards for n, m in ((b.white, b.black), (b.black, b.white))}
    seated = _seated(change.proposed)
    scores = change.scores()
    for b in added:
        for n in (b.white, b.black):
            if n not in opponent or opponent[n] in seated:
                return f"#{n} of the new board #{b.white}-#{b.black} was not left without an opponent"
        if abs(scores.get(b.white, 0) - scores.get(b.black, 0)) > change.state.points.win:
            return f"#{b.white} and #{b.black} are more than one win apart in the standings"
    return None


CHECKS: dict[str, Callable[[PublishedChange], str | None]] = {
    "rematch": rematch_removed,
    "late-entry": late_entry_paired,
    "top-boards": top_boards_of_final_round,
    "unpaired-pair": unpaired_players_paired,
}
"""The check of each case the program can verify (``competition-rules`` is the arbiter's reading)."""


def why_not(case: str, change: PublishedChange) -> str | None:
    """Why ``case`` does not allow ``change`` (None: it does, or only the arbiter can tell)."""
    check = CHECKS.get(case)
    return check(change) if check is not None else None
