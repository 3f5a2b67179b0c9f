"""The hall display: the pairings of the round on a second screen or a projector, paging by itself.

Two kinds of page follow each other: the boards in order (C.04.2.D.9) and the players in alphabetical
order with their board and colour, for players looking for their board.  The type is sized from the window's
height (a sixteenth of it for a line: some 6 cm on a 1-metre-high screen, readable from 5 metres) and shrunk
only as far as the longest line needs to fit the width, so no name is ever cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeyEvent, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QWidget

from arbiter_app import services as sv
from arbiter_app.explain.words import counted
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.players_model import BYE_WORDS
from arbiter_app.pairing.points import tenths_text
from arbiter_app.services.dto import PlayerInfo, RoundInfo

ROWS = 14
"""Lines of a page under its title."""
PAGE_SECONDS = 12
"""How long a page stays on the screen."""
LINES_ON_SCREEN = ROWS + 2.5
"""The title and the footer take the room of two and a half lines."""
BACKGROUND = QColor("#101820")
FOREGROUND = QColor("#f4f4f4")
ACCENT = QColor("#ffd166")
NAME_COLUMNS = ("White", "Black", "Player")
"""The columns that take the spare width."""
LEFT_COLUMNS = (*NAME_COLUMNS, "Colour")
REQUESTED = ("half", "full")
"""Byes a player asked for that score (C.04.2.D.4); a zero-point one is not listed: the player does not come."""


@dataclass(frozen=True)
class HallLine:
    """One line of a page: its cells, left to right."""

    cells: tuple[str, ...]


@dataclass(frozen=True)
class HallPage:
    title: str
    headers: tuple[str, ...]
    lines: tuple[HallLine, ...]
    columns: int = 1
    """Side by side blocks of lines (the alphabetical pages use two on a landscape screen)."""


@dataclass(frozen=True)
class Seat:
    """Where a player sits in the round: board and colour, or the bye."""

    name: str
    board: str
    colour: str
    key: str
    """The name without the title: the order of the list (a GM is found under the surname)."""


def display_name(p: PlayerInfo | None, number: int) -> str:
    if p is None:
        return f"#{number}"
    return f"{p.title} {p.name}" if p.title else p.name


def seats(info: RoundInfo, players: Sequence[PlayerInfo]) -> list[Seat]:
    """Everybody with a place in the round, alphabetically: on a board, with the pairing-allocated bye, or with
    a bye they asked for (C.04.2.D.4)."""
    by_number = {p.number: p for p in players}

    def seat(number: int, board: str, colour: str) -> Seat:
        p = by_number.get(number)
        return Seat(display_name(p, number), board, colour, (p.name if p else f"#{number}").casefold())

    found = []
    for b in info.boards:
        found.append(seat(b.white, str(b.number), "White"))
        found.append(seat(b.black, str(b.number), "Black"))
    if info.bye is not None:
        found.append(seat(info.bye, "—", "bye"))
    for number, kind in info.not_paired:
        if kind in REQUESTED:
            found.append(seat(number, "—", BYE_WORDS[kind]))
    return sorted(found, key=lambda s: (s.key, s.board))


def board_pages(info: RoundInfo, players: Sequence[PlayerInfo], scores: dict[int, int]) -> list[HallPage]:
    by_number = {p.number: p for p in players}
    lines = [
        HallLine(
            (
                str(b.number),
                display_name(by_number.get(b.white), b.white),
                tenths_text(scores.get(b.white, 0)),
                b.result_text or "–",
                tenths_text(scores.get(b.black, 0)),
                display_name(by_number.get(b.black), b.black),
            )
        )
        for b in info.boards
    ]
    if info.bye is not None:
        lines.append(HallLine(("", display_name(by_number.get(info.bye), info.bye), "", "bye", "", "")))
    headers = ("Bd", "White", "Pts", "", "Pts", "Black")
    chunks = [lines[k : k + ROWS] for k in range(0, len(lines), ROWS)] or [[]]
    title = f"Round {info.number} — by board"
    return [HallPage(title, headers, tuple(chunk), 1) for chunk in chunks]


def name_pages(info: RoundInfo, players: Sequence[PlayerInfo], columns: int) -> list[HallPage]:
    found = seats(info, players)
    lines = [HallLine((s.name, s.board, s.colour)) for s in found]
    per_page = ROWS * columns
    chunks = [lines[k : k + per_page] for k in range(0, len(lines), per_page)] or [[]]
    keys = [s.key for s in found]
    pages = []
    for k, chunk in enumerate(chunks):
        span_keys = keys[k * per_page : k * per_page + len(chunk)]
        first, last = (span_keys[0][:1].upper(), span_keys[-1][:1].upper()) if span_keys else ("", "")
        span = f" {first}–{last}" if first and last and first != last else f" {first}" if first else ""
        pages.append(HallPage(f"Round {info.number} — find your board{span}", ("Player", "Bd", "Colour"),
                              tuple(chunk), columns))
    return pages


def shown_round(rounds: Sequence[RoundInfo]) -> RoundInfo | None:
    """The round the hall should see: the last published one (a draft is not official, C.04.2.D.7)."""
    return next((r for r in reversed(rounds) if r.state != "draft"), None)


class HallDisplay(QWidget):
    """View > Hall display: a window of its own for a second screen; F11 full screen, arrows to page by hand."""

    def __init__(self, context: TournamentContext | None, seconds: float = PAGE_SECONDS,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("hallDisplay")
        self.setWindowTitle("Pairings — hall display")
        self.setMinimumSize(320, 240)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, BACKGROUND)
        palette.setColor(QPalette.ColorRole.WindowText, FOREGROUND)
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        self.context: TournamentContext | None = None
        self.info: RoundInfo | None = None
        self.players: tuple[PlayerInfo, ...] = ()
        self.scores: dict[int, int] = {}
        self.pages: list[HallPage] = []
        self.page = 0
        self.timer = QTimer(self)
        self.timer.setInterval(int(seconds * 1000))
        self.timer.timeout.connect(self.next_page)
        self.timer.start()
        self.set_context(context)

    # --- data --------------------------------------------------------------------

    def set_context(self, context: TournamentContext | None) -> None:
        if self.context is not None:
            self.context.changed.disconnect(self.refresh)
        self.context = context
        if context is not None:
            context.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        context = self.context
        if context is None:
            self.info, self.players, self.scores = None, (), {}
        else:
            if not context.fetch([(sv.list_rounds, ()), (sv.list_players, ())], self.refresh):
                return
            self.info = shown_round(context.read(sv.list_rounds))
            self.players = tuple(context.read(sv.list_players))
            if self.info is not None:
                if not context.fetch([(sv.standings, (self.info.number - 1,))], self.refresh):
                    return
                self.scores = {row.number: row.points for row in context.read(sv.standings, self.info.number - 1)}
        self._paginate()

    def _paginate(self) -> None:
        if self.info is None:
            self.pages = [HallPage("No round published yet", (), ())]
            self.setWindowTitle("Pairings — hall display")
        else:
            self.setWindowTitle(f"Round {self.info.number}: {counted(len(self.info.boards), 'board')} — hall display")
            columns = 2 if self.width() > self.height() * 1.2 else 1
            self.pages = board_pages(self.info, self.players, self.scores) + name_pages(
                self.info, self.players, columns
            )
        self.page = min(self.page, len(self.pages) - 1)
        self.update()

    # --- paging ------------------------------------------------------------------

    def next_page(self) -> None:
        self.page = (self.page + 1) % len(self.pages)
        self.update()

    def previous_page(self) -> None:
        self.page = (self.page - 1) % len(self.pages)
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown):
            self.next_page()
            self.timer.start()  # a full period on the page chosen
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_PageUp):
            self.previous_page()
            self.timer.start()
        elif key == Qt.Key.Key_F11:
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        elif key == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        else:
            super().keyPressEvent(event)

    # --- drawing -----------------------------------------------------------------

    def line_height(self) -> int:
        return max(12, int(self.height() / LINES_ON_SCREEN))

    def page_font(self, page: HallPage) -> QFont:
        """A line's type from the window height, smaller only if the page's longest line would not fit."""
        font = QFont(self.font())
        font.setPixelSize(max(8, int(self.line_height() * 0.7)))
        needed = sum(self.column_widths(page, font)) * page.columns
        room = self.width() - 2 * self.margin()
        if needed > room:
            font.setPixelSize(max(6, int(font.pixelSize() * room / needed)))
        return font

    def margin(self) -> int:
        return max(8, self.width() // 40)

    @staticmethod
    def column_widths(page: HallPage, font: QFont) -> list[int]:
        fm = QFontMetrics(font)
        air = fm.horizontalAdvance("MM")
        widths = [fm.horizontalAdvance(h) for h in page.headers]
        for line in page.lines:
            widths = [max(w, fm.horizontalAdvance(c)) for w, c in zip(widths, line.cells)]
        return [w + air for w in widths]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._paginate()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.pages:
            return
        page = self.pages[self.page]
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        h, m = self.line_height(), self.margin()
        title_font = QFont(self.font())
        title_font.setPixelSize(max(8, int(h * 0.8)))
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.setPen(ACCENT)
        title_rect = QRect(m, 0, self.width() - 2 * m, int(h * 1.3))
        painter.drawText(title_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetrics(title_font).elidedText(page.title, Qt.TextElideMode.ElideRight,
                                                             title_rect.width() - 120))
        footer = f"page {self.page + 1} of {len(self.pages)}"
        small = QFont(self.font())
        small.setPixelSize(max(8, int(h * 0.45)))
        painter.setFont(small)
        painter.drawText(title_rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, footer)
        font = self.page_font(page)
        widths = self.column_widths(page, font)
        block = (self.width() - 2 * m) // max(page.columns, 1)
        spare = max(0, block - sum(widths))
        # the name columns take the spare width
        wide = [k for k, head in enumerate(page.headers) if head in NAME_COLUMNS] or [0]
        widths = [w + (spare // len(wide) if k in wide else 0) for k, w in enumerate(widths)]
        left_aligned = [k for k, head in enumerate(page.headers) if head in LEFT_COLUMNS]
        top = int(h * 1.4)
        for c in range(page.columns):
            left = m + c * block
            lines = page.lines[c * ROWS : (c + 1) * ROWS] if page.columns > 1 else page.lines
            bold = QFont(font)
            bold.setBold(True)
            painter.setFont(bold)
            painter.setPen(ACCENT)
            self._draw_line(painter, left, top, h, widths, page.headers, left_aligned)
            painter.setFont(font)
            for k, line in enumerate(lines):
                painter.setPen(FOREGROUND)
                if k % 2:
                    painter.fillRect(QRect(left, top + h * (k + 1), sum(widths), h), QColor(255, 255, 255, 18))
                self._draw_line(painter, left, top + h * (k + 1), h, widths, line.cells, left_aligned)
        painter.end()

    @staticmethod
    def _draw_line(
        painter: QPainter, left: int, top: int, h: int, widths: list[int], cells: Sequence[str], names: list[int]
    ) -> None:
        x = left
        for k, (w, text) in enumerate(zip(widths, cells)):
            align = Qt.AlignmentFlag.AlignLeft if k in names else Qt.AlignmentFlag.AlignHCenter
            painter.drawText(QRect(x, top, w, h), align | Qt.AlignmentFlag.AlignVCenter, text)
            x += w
