"""Pairing cards laid out like cards on the desk: by current score, then pairing number.

Select two cards (Ctrl+click) and ask "why not these two?": the explain panel answers.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.gui.cards_model import Card, CardRole, CardsModel, build_cards
from arbiter_app.gui.compose import scores_from
from arbiter_app.gui.rounds_model import points_text
from arbiter_app.gui.view_base import ContextView, button, button_row, heading

COLUMNS = (("Rd", 0.10), ("Opp", 0.20), ("Col", 0.12), ("Fl", 0.10), ("Res", 0.14), ("Score", 0.34))
CARD_WIDTH = 250
OVERRIDE_COLOUR = QColor("#9a5b00")


class CardDelegate(QStyledItemDelegate):
    """Paints one card: the header (number, title, name, rating, FIDE id, score) and one line per round."""

    def __init__(self, model: CardsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model

    def line_height(self, option: QStyleOptionViewItem) -> int:
        return QFontMetrics(option.font).height() + 3

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        lines = max(self._model.rounds_count, 1)
        return QSize(CARD_WIDTH, self.line_height(option) * (lines + 3) + 22)

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        card: Card = index.data(CardRole)
        palette = option.palette
        rect = option.rect.adjusted(4, 4, -4, -4)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(
            QPen(
                palette.color(QPalette.ColorRole.Highlight) if selected else palette.color(QPalette.ColorRole.Mid),
                2 if selected else 1,
            )
        )
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, 6, 6)
        h = self.line_height(option)
        inner = rect.adjusted(10, 6, -10, -6)
        bold = QFont(option.font)
        bold.setBold(True)
        text_colour = palette.color(QPalette.ColorRole.Text)
        mid = palette.color(QPalette.ColorRole.PlaceholderText)
        p = card.player
        painter.setFont(bold)
        painter.setPen(text_colour)
        title = f"{p.title} " if p.title else ""
        top = QRect(inner.left(), inner.top(), inner.width(), h)
        name = QFontMetrics(bold).elidedText(
            f"#{p.number}  {title}{p.name}", Qt.TextElideMode.ElideRight, inner.width() - 60
        )
        painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        if not self._model.results_hidden:
            painter.drawText(
                top,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                f"{points_text(card.score)} {'pt' if card.score == 10 else 'pts'}",
            )
        painter.setFont(option.font)
        painter.setPen(mid)
        second = top.translated(0, h)
        painter.drawText(
            second,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            f"Rating {p.rating or '—'}   FIDE {p.fide_id or '—'}",
        )
        if p.status == "withdrawn":
            painter.drawText(second, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "withdrawn")
        y = second.bottom() + 4
        painter.drawLine(inner.left(), y, inner.right(), y)
        self._draw_row(painter, inner.left(), y + 2, inner.width(), h, [c for c, _ in COLUMNS], mid)
        for k, line in enumerate(card.lines):
            colour = OVERRIDE_COLOUR if line.overridden else (mid if line.draft else text_colour)
            cells = [
                str(line.round),
                line.opponent + (" ✎" if line.overridden else ""),
                line.colour,
                line.float,
                line.result,
                line.score,
            ]
            if self._model.results_hidden:
                cells[4:] = ["", ""]
            self._draw_row(painter, inner.left(), y + 2 + h * (k + 1), inner.width(), h, cells, colour)
        painter.restore()

    def _draw_row(
        self, painter: QPainter, x: int, y: int, width: int, h: int, cells: list[str], colour: QColor
    ) -> None:
        painter.setPen(colour)
        left = x
        for (_, share), text in zip(COLUMNS, cells):
            w = int(width * share)
            painter.drawText(QRect(left, y, w, h), Qt.AlignmentFlag.AlignCenter, text)
            left += w


class CardsView(ContextView):
    why_not_requested = Signal(int, int)
    """Two pairing numbers: why are they not paired together (in the round being paired or last paired)?"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = CardsModel(self)
        self.list = QListView()
        self.list.setObjectName("cardsList")
        self.list.setModel(self.model)
        self.list.setItemDelegate(CardDelegate(self.model, self.list))
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setFlow(QListView.Flow.LeftToRight)
        self.list.setWrapping(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setMovement(QListView.Movement.Static)
        self.list.setUniformItemSizes(True)
        self.list.setSpacing(4)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.why_button = button("Why not these two?", "Select two cards (Ctrl+click), then ask the explain panel")
        self.why_button.clicked.connect(self._on_why_clicked)
        self.hint = QLabel("Select two cards with Ctrl+click to ask why they are not paired.")
        self.hint.setStyleSheet("color: palette(mid);")
        legend = QLabel("Col: colour · Fl: float (↓ down, ↑ up) · Res: + / − forfeit · ✎ changed by hand · grey: draft")
        legend.setStyleSheet("color: palette(mid);")
        layout = QVBoxLayout(self)
        layout.addLayout(button_row(heading("Pairing cards"), None, self.hint, self.why_button))
        layout.addWidget(self.list, 1)
        layout.addWidget(legend)
        self._update_button()

    def refresh(self) -> None:
        if self.context is None:
            self.model.set_cards([], 0)
            return
        if not self.context.fetch(
            [(sv.list_players, ()), (sv.list_rounds, ()), (sv.round_floats, ())], self.refresh_if_visible_again
        ):
            return  # read off the GUI thread first
        players = self.context.read(sv.list_players)
        rounds = self.context.read(sv.list_rounds)
        last = max((r.number for r in rounds if r.state != "draft"), default=0)
        after = [(sv.standings, (k,)) for k in range(1, last + 1)]
        if not self.context.fetch(after, self.refresh_if_visible_again):
            return
        scores = scores_from(players, [self.context.read(service, *args) for service, args in after])
        marked = {
            r.number: frozenset(b.number for b in r.boards if b.overridden) for r in rounds if r.overrides
        }
        floats = self.context.read(sv.round_floats)
        self.model.set_cards(
            build_cards(players, rounds, scores, marked, floats), self.context.tournament.rounds_count
        )

    def set_results_hidden(self, hidden: bool) -> None:
        self.model.results_hidden = hidden
        self.list.viewport().update()

    def selected_numbers(self) -> list[int]:
        return [self.model.cards[i.row()].number for i in self.list.selectionModel().selectedIndexes()]

    def select_numbers(self, *numbers: int) -> None:
        self.list.clearSelection()
        for row, card in enumerate(self.model.cards):
            if card.number in numbers:
                self.list.selectionModel().select(
                    self.model.index(row), self.list.selectionModel().SelectionFlag.Select
                )

    def _update_button(self) -> None:
        self.why_button.setEnabled(len(self.selected_numbers()) == 2)

    def _on_selection_changed(self) -> None:
        self._update_button()

    def _on_why_clicked(self) -> None:
        numbers = self.selected_numbers()
        if len(numbers) == 2:
            self.why_not_requested.emit(*sorted(numbers))
