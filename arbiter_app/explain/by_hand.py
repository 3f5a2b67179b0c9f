"""A round as it stands after the arbiter changed its pairing by hand, set beside the engine's pairing.

The explanation explains the engine's pairing (the pairing the rules give);
an overridden round stands otherwise.  :class:`StoredRound` is the round as
stored, its boards set by hand flagged, with the arbiter's reasons and the
case of C.04.2-2026 4.4 (Baku 2016: C.04.2.D.10) each override was made in.
Every answer about such a round says which boards were set by hand and shows
the engine's pairing beside them; a question "why are A and B not paired?"
about two players who are paired on a board set by hand is answered with
that board (:func:`paired_as_stored`).  Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.pairing.model import Board, RoundPairing


@dataclass(frozen=True)
class HandReason:
    """One override of the round: the arbiter's reason and the case of the rules it was made in."""

    reason: str
    case: str = ""
    """``C.04.2-2026 4.4.2 (the rules of the competition)``; empty for a draft, or where the edition names none."""

    def text(self) -> str:
        return f"“{self.reason}”" + (f", under {self.case}" if self.case else "")


@dataclass(frozen=True)
class StoredBoard:
    number: int
    white: int
    black: int
    by_hand: bool
    """The engine did not pair this board so (these players, these colours)."""

    def text(self) -> str:
        return f"{self.white}-{self.black}"


@dataclass(frozen=True)
class StoredRound:
    """The round's pairing as stored, and the overrides that made it."""

    round: int
    boards: tuple[StoredBoard, ...]
    bye: int | None
    overrides: tuple[HandReason, ...] = ()
    bye_by_hand: bool = False
    """The pairing-allocated bye was moved by hand (it differs from the engine's)."""

    @property
    def changed_by_hand(self) -> bool:
        return self.bye_by_hand or any(b.by_hand for b in self.boards)

    @property
    def hand_boards(self) -> tuple[StoredBoard, ...]:
        return tuple(b for b in self.boards if b.by_hand)

    def board_with(self, a: int, b: int) -> StoredBoard | None:
        """The board on which ``a`` and ``b`` meet, if they do."""
        return next((x for x in self.boards if {x.white, x.black} == {a, b}), None)

    def board_of(self, number: int) -> StoredBoard | None:
        return next((x for x in self.boards if number in (x.white, x.black)), None)

    def touches(self, numbers: set[int]) -> tuple[StoredBoard, ...]:
        """The boards set by hand with a player among ``numbers``."""
        return tuple(b for b in self.hand_boards if {b.white, b.black} & numbers)


def stored_round(
    round_number: int,
    boards: tuple[tuple[int, int, bool], ...],
    bye: int | None,
    engine: RoundPairing | None,
    overrides: tuple[HandReason, ...] = (),
) -> StoredRound:
    """The round as stored: ``boards`` (white, black, set by hand) in board order, with the engine's pairing to
    tell whether the bye was moved."""
    moved_bye = engine is not None and bool(overrides) and engine.bye != bye
    return StoredRound(
        round_number,
        tuple(StoredBoard(k, w, b, hand) for k, (w, b, hand) in enumerate(boards, 1)),
        bye,
        overrides,
        moved_bye,
    )


@dataclass(frozen=True)
class SideBySide:
    """One row of the round as it stands beside the engine's pairing."""

    board: int
    as_stored: str
    by_engine: str
    by_hand: bool


def side_by_side(stored: StoredRound, engine: RoundPairing) -> tuple[SideBySide, ...]:
    """Board by board: the pairing as it stands, the engine's; then the byes where either has one."""
    rows = []
    for k in range(max(len(stored.boards), len(engine.boards))):
        mine = stored.boards[k] if k < len(stored.boards) else None
        theirs: Board | None = engine.boards[k] if k < len(engine.boards) else None
        rows.append(
            SideBySide(
                k + 1,
                mine.text() if mine else "",
                f"{theirs.white}-{theirs.black}" if theirs else "",
                bool(mine and mine.by_hand),
            )
        )
    if stored.bye is not None or engine.bye is not None:
        rows.append(
            SideBySide(
                0,
                f"bye #{stored.bye}" if stored.bye is not None else "no bye",
                f"bye #{engine.bye}" if engine.bye is not None else "no bye",
                stored.bye_by_hand,
            )
        )
    return tuple(rows)


def boards_words(boards: tuple[StoredBoard, ...]) -> str:
    """``board 1 (8-1)``, ``boards 1 and 2 (8-1, 3-7)``."""
    numbers = [str(b.number) for b in boards]
    named = numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return f"board{'s' if len(boards) > 1 else ''} {named} ({', '.join(b.text() for b in boards)})"


def hand_summary(stored: StoredRound) -> list[str]:
    """What the arbiter changed: the boards set by hand, each reason with its case; empty when nothing was."""
    if not stored.changed_by_hand:
        return []
    parts = []
    if stored.hand_boards:
        parts.append(f"{boards_words(stored.hand_boards)} set by hand")
    if stored.bye_by_hand:
        parts.append(f"the bye {'to #' + str(stored.bye) if stored.bye is not None else 'taken away'} by hand")
    lines = [
        (
            f"Round {stored.round} as it stands differs from the engine's pairing: {' and '.join(parts)}. The "
            "explanation below is of the engine's pairing, the one the rules give; the round is paired as it stands."
        )
    ]
    lines += [f"Changed by hand: {o.text()}." for o in stored.overrides]
    return lines


def engine_board(engine: RoundPairing, number: int) -> tuple[int, Board] | None:
    """The engine's board of player ``number`` and its number."""
    return next(((k, b) for k, b in enumerate(engine.boards, 1) if number in (b.white, b.black)), None)


def paired_as_stored(stored: StoredRound, engine: RoundPairing, a: int, b: int) -> list[str]:
    """Where the round as it stands pairs ``a`` and ``b`` otherwise than the engine: the answer's first lines
    (empty where the stored round and the engine agree on them)."""
    mine = stored.board_with(a, b)
    engine_pairs = any({x.white, x.black} == {a, b} for x in engine.boards)
    if mine is not None and mine.by_hand:
        lines = [
            f"They are paired: board {mine.number}, #{mine.white} (white) against #{mine.black} (black), set by hand."
        ]
        lines += [f"Changed by hand: {o.text()}." for o in stored.overrides]
        if not engine_pairs:
            lines.append(f"The engine did not pair them ({_engine_boards(engine, a, b)}); why not, by the rules:")
        return lines
    if mine is None and engine_pairs and stored.changed_by_hand:
        theirs = [stored.board_of(n) for n in (a, b)]
        where = "; ".join(
            f"#{n} plays on board {x.number} ({x.text()}{', set by hand' if x.by_hand else ''})"
            if x is not None
            else f"#{n} {'has the bye' if stored.bye == n else 'is not paired'}"
            for n, x in zip((a, b), theirs)
        )
        lines = [f"They are not paired: the round was changed by hand; {where}."]
        lines += [f"Changed by hand: {o.text()}." for o in stored.overrides]
        lines.append(f"The engine paired them ({_engine_boards(engine, a, b)}).")
        return lines
    return []


def _engine_boards(engine: RoundPairing, a: int, b: int) -> str:
    parts = []
    seen: set[int] = set()
    for n in (a, b):
        found = engine_board(engine, n)
        if found is None:
            parts.append(f"#{n} {'the bye' if engine.bye == n else 'not paired'}")
        elif found[0] not in seen:
            seen.add(found[0])
            parts.append(f"board {found[0]}: {found[1].white}-{found[1].black}")
    return ", ".join(parts)


def float_as_stored(stored: StoredRound, engine: RoundPairing, number: int) -> list[str]:
    """A note before "why does X float?" when X's board (or bye) is not the engine's."""
    mine = stored.board_of(number)
    if mine is not None and mine.by_hand:
        opponent = mine.black if mine.white == number else mine.white
        return [
            (
                f"As the round stands, #{number} plays #{opponent} on board {mine.number}, set by hand. "
                f"Below: why the engine pairs #{number} as it does."
            )
        ]
    if stored.bye_by_hand and number in (stored.bye, engine.bye):
        has = "has the bye" if stored.bye == number else "does not have the bye"
        return [f"As the round stands, #{number} {has}, set by hand. Below: why the engine pairs #{number} as it does."]
    return []
