"""Pairing cards laid out like cards on the desk: by current score, then pairing number.

Select two cards (Ctrl+click) and ask "why not these two?": the explain panel answers.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QLineEdit,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.explain.words import counted
from arbiter_app.gui.cards_model import Card, CardLine, CardRole, CardsModel, build_cards
from arbiter_app.gui.compose import scores_from
from arbiter_app.gui.view_base import ContextView, button, button_row, heading, note
from arbiter_app.pairing.points import tenths_text
from arbiter_app.services.dto import RoundInfo

COLUMNS = ("Rd", "Opp", "Col", "Fl", "Res", "Score")
CARD_WIDTH = 250
"""The least width of a card (a wider one when a name needs it)."""
PADDING = 28
"""Pixels around the text of a card: the frame's margin and the text's inset, both sides."""
CELL_AIR = 10
"""Pixels between two columns of a card's round lines."""
OVERRIDE_COLOUR = QColor("#9a5b00")


def header_texts(card: Card, results_hidden: bool) -> tuple[str, str, str, str]:
    """The card's first line (number, title, name; score) and second (rating, FIDE id; withdrawn)."""
    p = card.player
    title = f"{p.title} " if p.title else ""
    score = "" if results_hidden else f"{tenths_text(card.score)} {'pt' if card.score == 10 else 'pts'}"
    return (
        f"#{p.number}  {title}{p.name}",
        score,
        f"Rating {p.rating or '—'}   FIDE {p.fide_id or '—'}",
        "withdrawn" if p.status == "withdrawn" else "",
    )


def line_cells(line: CardLine, results_hidden: bool) -> list[str]:
    cells = [
        str(line.round),
        line.opponent + (" ✎" if line.overridden else ""),
        line.colour,
        line.float,
        line.result,
        line.score,
    ]
    if results_hidden:
        cells[4:] = ["", ""]
    return cells


def round_in_progress(rounds: Sequence[RoundInfo]) -> RoundInfo | None:
    """The round being played (published, results to come) or paired as a draft; None between rounds."""
    return next((r for r in reversed(rounds) if r.state != "completed"), None)


def in_progress_text(info: RoundInfo | None, rounds_count: int) -> str:
    if info is None:
        return ""
    if info.state == "draft":
        return f"Round {info.number} of {rounds_count} paired as a draft (grey lines)"
    missing = sum(1 for b in info.boards if b.result is None)
    return f"Round {info.number} of {rounds_count} in progress: {counted(missing, 'result')} to come"


MEASURED = 48
"""Texts of a column measured: the longest ones (issue 28: measuring every distinct text of 2,000 cards took a
third of a second)."""


def widest(fm: QFontMetrics, texts: set[str]) -> int:
    """The width of the widest of ``texts`` (a tab joins two texts of a line: their widths add up), measuring only
    the :data:`MEASURED` longest and allowing for the widest letter on the others' account (a text of as many
    letters may be wider by a few narrow letters)."""
    longest = sorted(texts, key=len, reverse=True)[:MEASURED]

    def width(text: str) -> int:
        return sum(fm.horizontalAdvance(part) for part in text.split("\t"))

    measured = max(map(width, longest), default=0)
    if len(texts) > MEASURED:
        measured += fm.horizontalAdvance("M")
    return measured


STROKED = str.maketrans({0x0111: "d", 0x00F0: "d", 0x0142: "l", 0x00F8: "o"})
"""Letters that NFKD leaves whole (d with stroke, eth, l with stroke, o with stroke): as their base letter."""


def folded(text: str) -> str:
    """``text`` for a search: lower case, accents aside (a name typed without its accents is found)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(STROKED))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def longest_texts(cards: Sequence[Card], hidden: bool) -> tuple[list[set[str]], set[str], set[str]]:
    """The texts :meth:`CardDelegate.fit` measures: per column of the round lines, and the two header lines (a tab
    between a line's two parts), each the :data:`MEASURED` longest (made with the cards, off the window's thread:
    reading 2,000 cards' lines took a tenth of a second there)."""
    columns: list[set[str]] = [{c} for c in COLUMNS]
    for card in cards:
        for line in card.lines:
            for column, text in zip(columns, line_cells(line, hidden)):
                column.add(text)
    headers = [header_texts(card, hidden) for card in cards]
    first = {f"{name}\t{score}" for name, score, _, _ in headers}
    second = {f"{line}\t{status}" for _, _, line, status in headers}

    def longest(texts: set[str]) -> set[str]:
        # one more than measured: :func:`widest` then allows for the rest, as it would on the whole set
        return set(sorted(texts, key=len, reverse=True)[: MEASURED + 1])

    return [longest(c) for c in columns], longest(first), longest(second)


def cards_with_texts(*args: Any) -> tuple[list[Card], dict[bool, tuple[list[set[str]], set[str], set[str]]]]:
    """:func:`build_cards` and the texts to measure, results shown and hidden (teaching mode)."""
    cards = build_cards(*args)
    return cards, {hidden: longest_texts(cards, hidden) for hidden in (False, True)}


class CardDelegate(QStyledItemDelegate):
    """Paints one card: the header (number, title, name, rating, FIDE id, score) and one line per round.

    Cards are as wide as their longest name and round line need (never cut), and share out the width of the
    view's row so that the grid fills it: :meth:`fit` sets the width, the view calls it when resized.
    """

    def __init__(self, model: CardsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.width = CARD_WIDTH
        self.column_widths: list[int] = [CARD_WIDTH // len(COLUMNS)] * len(COLUMNS)
        """The least width of each column of the round lines (measured by :meth:`fit`)."""
        self._measured: tuple[int, str, bool] | None = None
        self.texts: dict[bool, tuple[list[set[str]], set[str], set[str]]] = {}
        """The texts to measure, made with the cards off the window's thread (results shown, hidden)."""
        self._least = CARD_WIDTH

    def line_height(self, option: QStyleOptionViewItem) -> int:
        return QFontMetrics(option.font).height() + 3

    def columns(self, font: QFont) -> list[int]:
        """The least width of each column of the round lines, their heading included.

        Each distinct text is measured once: 2,000 cards of nine rounds hold some 100,000 cells but a few
        thousand texts (issue 21: measuring every cell froze the window for a tenth of a second)."""
        fm = QFontMetrics(font)
        texts = self._texts()[0]
        return [widest(fm, column) + CELL_AIR for column in texts]

    def _texts(self) -> tuple[list[set[str]], set[str], set[str]]:
        """The texts to measure: made with the cards (:func:`cards_with_texts`), else read here."""
        made = self.texts.get(self._model.results_hidden)
        return made if made is not None else longest_texts(self._model.cards, self._model.results_hidden)

    def least_width(self, font: QFont, columns: list[int] | None = None) -> int:
        """The narrowest card on which no text is cut (``columns``: :meth:`columns`, measured already)."""
        bold = QFont(font)
        bold.setBold(True)
        fb, fm = QFontMetrics(bold), QFontMetrics(font)
        least = sum(columns if columns is not None else self.columns(font))
        _, first, second = self._texts()
        least = max(least, widest(fb, first) + 2 * CELL_AIR, widest(fm, second) + 2 * CELL_AIR)
        return max(CARD_WIDTH, least + PADDING)

    def fit(self, available: int, spacing: int, font: QFont) -> int:
        """As many cards as fit side by side in ``available`` pixels, widened to fill it; returns how many.

        The least width is measured again only when the cards, the font or the teaching mode changed (a resize
        only shares out the width again)."""
        key = (self._model.generation, font.key(), self._model.results_hidden)
        if key != self._measured:
            self.column_widths = self.columns(font)
            self._least = self.least_width(font, self.column_widths)
            self._measured = key
        least = self._least
        per_row = max(1, (available - spacing) // (least + spacing))
        self.width = max(least, (available - spacing) // per_row - spacing)
        return per_row

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        lines = max(self._model.rounds_count, 1)
        return QSize(self.width, self.line_height(option) * (lines + 3) + 22)

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
        name, score, second_text, status = header_texts(card, self._model.results_hidden)
        painter.setFont(bold)
        painter.setPen(text_colour)
        top = QRect(inner.left(), inner.top(), inner.width(), h)
        painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        painter.drawText(top, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, score)
        painter.setFont(option.font)
        painter.setPen(mid)
        second = top.translated(0, h)
        painter.drawText(second, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, second_text)
        painter.drawText(second, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, status)
        y = second.bottom() + 4
        painter.drawLine(inner.left(), y, inner.right(), y)
        widths = self._spread(self.column_widths, inner.width())
        self._draw_row(painter, inner.left(), y + 2, h, widths, list(COLUMNS), mid)
        for k, line in enumerate(card.lines):
            colour = OVERRIDE_COLOUR if line.overridden else (mid if line.draft else text_colour)
            if line.round == self._model.in_progress:
                painter.setFont(bold)
            self._draw_row(
                painter,
                inner.left(),
                y + 2 + h * (k + 1),
                h,
                widths,
                line_cells(line, self._model.results_hidden),
                colour,
            )
            painter.setFont(option.font)
        painter.restore()

    @staticmethod
    def _spread(widths: list[int], total: int) -> list[int]:
        """The columns' least widths with the spare width shared out equally."""
        spare = max(0, total - sum(widths)) // len(widths)
        return [w + spare for w in widths]

    def _draw_row(
        self, painter: QPainter, x: int, y: int, h: int, widths: list[int], cells: list[str], colour: QColor
    ) -> None:
        painter.setPen(colour)
        left = x
        for w, text in zip(widths, cells):
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
        self.delegate = CardDelegate(self.model, self.list)
        self.list.setItemDelegate(self.delegate)
        self.list.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)  # the same width with many
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setFlow(QListView.Flow.LeftToRight)
        self.list.setWrapping(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setMovement(QListView.Movement.Static)
        self.list.setSpacing(4)
        # Every card is as large as the others (CardDelegate.sizeHint): the list asks the delegate once, not once
        # a card (2,000 calls into Python laid out in one go held the window for a fifth of a second, issue 28).
        self.list.setUniformItemSizes(True)
        self.list.viewport().installEventFilter(self)
        self.per_row = 1
        """How many cards side by side (as many as the width holds)."""
        self.shown_for: object = None
        """The tournament whose cards are shown."""
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.why_button = button("Why not these two?", "Select two cards (Ctrl+click), then ask the explain panel")
        self.why_button.clicked.connect(self._on_why_clicked)
        self.find = QLineEdit()
        self.find.setObjectName("findCard")
        self.find.setPlaceholderText("Find a card: name or number")
        self.find.setClearButtonEnabled(True)
        self.find.setToolTip("A pairing number, or part of a name (Enter: the next card that matches)")
        self.find.setMaximumWidth(280)
        self.find.textEdited.connect(self._on_find_edited)
        self.find.returnPressed.connect(self._on_find_next)
        self.found = note()
        self.hint = note("Select two cards with Ctrl+click to ask why they are not paired.")
        self.hint.setWordWrap(False)
        self.in_progress = QLabel()
        self.in_progress.setObjectName("cardsRoundInProgress")
        legend = note(
            "Col: colour · Fl: float (↓ down, ↑ up) · Res: + / − forfeit · ✎ changed by hand · grey: draft · "
            "bold: the round in progress"
        )
        layout = QVBoxLayout(self)
        layout.addLayout(button_row(heading("Pairing cards"), self.find, self.found, None, self.in_progress))
        layout.addLayout(button_row(self.hint, self.why_button))
        layout.addWidget(self.list, 1)
        layout.addWidget(legend)
        self._update_button()

    def refresh(self) -> None:
        if self.context is None:
            self.model.set_cards([], 0)
            self.shown_for = None
            self.in_progress.setText("")
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
        marked = {r.number: frozenset(b.number for b in r.boards if b.overridden) for r in rounds if r.overrides}
        floats = self.context.read(sv.round_floats)
        context, generation = self.context, self.context.generation
        rounds_count = context.tournament.rounds_count

        def show(made: tuple[list[Card], dict[bool, tuple[list[set[str]], set[str], set[str]]]]) -> None:
            if self.context is not context or context.generation != generation:
                return  # changed meanwhile: the refresh that follows builds them again
            cards, self.delegate.texts = made
            # A card found or picked stays selected when the same tournament's cards are made again.
            same = self.shown_for is context
            kept = self.selected_numbers() if same else []
            current_index = self.list.currentIndex()
            current_number = self.model.cards[current_index.row()].number if same and current_index.isValid() else None
            self.model.set_cards(cards, rounds_count)
            self.shown_for = context
            row = next((k for k, card in enumerate(cards) if card.number == current_number), None)
            if row is not None:
                no_change = QItemSelectionModel.SelectionFlag.NoUpdate
                self.list.selectionModel().setCurrentIndex(self.model.index(row), no_change)
            if kept:
                self.select_numbers(*kept)
            current = round_in_progress(rounds)
            self.model.in_progress = current.number if current is not None else None
            self.in_progress.setText(in_progress_text(current, rounds_count))
            self.lay_out()

        # Built on the worker thread (plain data in, plain data out): 2,000 cards of a few rounds take a tenth
        # of a second, which the window's thread would spend frozen (issue 21).
        context.reader.submit(cards_with_texts, players, rounds, scores, marked, floats, on_done=show)

    def lay_out(self) -> None:
        """Cards as wide as their text needs, as many side by side as the width holds, filling it."""
        self.per_row = self.delegate.fit(self.list.viewport().width() - 2, self.list.spacing(), self.list.font())
        self.list.doItemsLayout()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.list.viewport() and event.type() == QEvent.Type.Resize:
            self.lay_out()
        return super().eventFilter(watched, event)

    def set_results_hidden(self, hidden: bool) -> None:
        self.model.results_hidden = hidden
        self.lay_out()
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

    def find_card(self, text: str, after: int = -1) -> int | None:
        """Select and show the card of pairing number ``text``, or the first card after row ``after`` whose name
        holds ``text`` (case and accents aside); its row, or None (issue 28: 1,000 cards and no way but to
        scroll)."""
        wanted = text.strip()
        cards = self.model.cards
        if not wanted or not cards:
            self.found.setText("")
            return None
        if wanted.lstrip("#").isdigit():
            number = int(wanted.lstrip("#"))
            rows = [k for k, card in enumerate(cards) if card.number == number]
        else:
            key = folded(wanted)
            rows = [k for k, card in enumerate(cards) if key in folded(card.player.name)]
        if not rows:
            self.found.setText("no card matches")
            return None
        row = next((k for k in rows if k > after), rows[0])
        index = self.model.index(row)
        # Selected and made current in one step with explicit flags: the view's own setCurrentIndex reads the
        # keyboard's modifiers, and Ctrl held down (as for picking two cards) would toggle the card off again.
        self.list.selectionModel().setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.list.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtTop)
        self.found.setText(f"{rows.index(row) + 1} of {len(rows)}" if len(rows) > 1 else "")
        return row

    def _on_find_edited(self, text: str) -> None:
        self.find_card(text)

    def _on_find_next(self) -> None:
        current = self.list.currentIndex()
        self.find_card(self.find.text(), current.row() if current.isValid() else -1)

    def _update_button(self) -> None:
        self.why_button.setEnabled(len(self.selected_numbers()) == 2)

    def _on_selection_changed(self) -> None:
        self._update_button()

    def _on_why_clicked(self) -> None:
        numbers = self.selected_numbers()
        if len(numbers) == 2:
            self.why_not_requested.emit(*sorted(numbers))
