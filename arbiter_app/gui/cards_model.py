"""Pairing cards as the Arbiters' Manual describes them: one per player, one line per round.

Built from the services' rounds and standings only: the opponent and colour
as paired, the float (``services.round_floats``: the pairing core's own
definition for the tournament's edition, so a card never contradicts the
engine), the result and the running score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from arbiter_app.pairing.model import Float
from arbiter_app.pairing.points import tenths_text
from arbiter_app.services.dto import PlayerInfo, RoundInfo

ARROWS = {Float.DOWN: "↓", Float.UP: "↑", Float.NONE: ""}

CardRole = Qt.ItemDataRole.UserRole + 1
UNPAIRED_WORDS = {
    "half": "½ bye",
    "full": "1 bye",
    "zero": "0 bye",
    "absent": "absent",
    "withdrawn": "—",
    "not entered": "—",
    "unpaired": "—",
}


@dataclass(frozen=True)
class CardLine:
    round: int
    opponent: str
    """``12``, ``bye``, ``½ bye``, ``absent`` ..."""
    colour: str
    """``W``, ``B`` or blank."""
    float: str
    """``↓``, ``↑`` or blank."""
    result: str
    """``1``, ``½``, ``0``, ``+``, ``−``, blank before the result."""
    score: str
    """Running score after the round (blank before the result)."""
    overridden: bool = False
    draft: bool = False


@dataclass(frozen=True)
class Card:
    player: PlayerInfo
    score: int
    """Tenths, after the last round with results."""
    lines: tuple[CardLine, ...]

    @property
    def number(self) -> int:
        return self.player.number


def _own_result(result: str | None, forfeit: bool, white: bool) -> str:
    if result is None:
        return ""
    if result == "*":
        return "*"
    white_side, black_side = result.replace("1/2", "½").split("-")  # ½-0, 0-½, 0-0 too (checklist Q180)
    mine = white_side if white else black_side
    if forfeit:
        return {"1": "+", "0": "−"}[mine]
    return mine


def build_cards(
    players: Sequence[PlayerInfo],
    rounds: Sequence[RoundInfo],
    scores: dict[int, tuple[int, ...]],
    overridden: dict[int, frozenset[int]],
    floats: dict[int, dict[int, Float]] | None = None,
) -> list[Card]:
    """Cards by current score, then pairing number (``scores[n][k]``: score after round k; ``floats[n][k]``: the
    float of player n in round k, ``services.round_floats``)."""
    floats = floats or {}

    def drift(number: int, k: int) -> str:
        return ARROWS[floats.get(number, {}).get(k, Float.NONE)]

    lines: dict[int, list[CardLine]] = {p.number: [] for p in players}
    for r in rounds:
        k = r.number
        after = {n: tenths_text(s[k]) if len(s) > k else "" for n, s in scores.items()}
        marked = overridden.get(k, frozenset())
        draft = r.state == "draft"
        for b in r.boards:
            for me, other, white in ((b.white, b.black, True), (b.black, b.white, False)):
                result = _own_result(b.result, b.forfeit, white)
                lines[me].append(
                    CardLine(
                        k,
                        str(other),
                        "W" if white else "B",
                        drift(me, k),
                        result,
                        after.get(me, "") if result else "",
                        b.number in marked,
                        draft,
                    )
                )
        gained = {n: tenths_text(s[k] - s[k - 1]) if len(s) > k and not draft else "" for n, s in scores.items()}
        if r.bye is not None:
            lines[r.bye].append(
                CardLine(
                    k,
                    "bye",
                    "",
                    drift(r.bye, k),
                    gained.get(r.bye, ""),
                    "" if draft else after.get(r.bye, ""),
                    False,
                    draft,
                )
            )
        for n, kind in r.not_paired:
            lines[n].append(
                CardLine(
                    k,
                    UNPAIRED_WORDS.get(kind, kind),
                    "",
                    drift(n, k),
                    gained.get(n, ""),
                    "" if draft else after.get(n, ""),
                    False,
                    draft,
                )
            )
    cards = [Card(p, scores.get(p.number, (0,))[-1], tuple(lines[p.number])) for p in players]
    return sorted(cards, key=lambda c: (-c.score, c.number))


class CardsModel(QAbstractListModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.cards: tuple[Card, ...] = ()
        self.rounds_count = 0
        self.results_hidden = False
        """Teaching mode: results and running scores left blank."""
        self.in_progress: int | None = None
        """The round being played or paired as a draft (its lines are bold)."""
        self.generation = 0
        """Counts the calls of :meth:`set_cards` (the delegate measures the cards again when it changes)."""

    def set_cards(self, cards: Sequence[Card], rounds_count: int) -> None:
        self.beginResetModel()
        self.generation += 1
        self.cards, self.rounds_count = tuple(cards), rounds_count
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.cards)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        card = self.cards[index.row()]
        if role == CardRole:
            return card
        if role == Qt.ItemDataRole.DisplayRole:
            return f"#{card.number} {card.player.name}"
        if role == Qt.ItemDataRole.ToolTipRole:
            p = card.player
            return f"#{p.number} {p.title} {p.name}, {p.rating or 'unrated'}; {tenths_text(card.score)} points"
        return None
