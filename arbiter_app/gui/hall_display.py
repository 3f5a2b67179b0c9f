"""The hall display: the pairings of the round on a second screen or a projector, paging by itself.

Two kinds of page follow each other: the boards in order (C.04.2.D.9) and the players in alphabetical
order with their board and colour, for players looking for their board.  The page size follows the screen: a
line is some 40 pixels high (readable from the back of a hall on a screen of 1,080 lines; more lines on a
larger screen, fewer on a smaller one), and the pages by name put as many columns side by side as the width
takes, each page titled with the range of names it holds in large type, as long a prefix as it takes to tell
it from the pages beside it ("Kal–Kem").  The type is shrunk only as far as the longest line needs to fit the
width, so no name is ever cut.

The display never shows a value it has not read: the round, the players and the scores before the round are
read off the window's thread together, and a page is made only when all three are in ("Loading the round…"
until then; the pages shown stay as they are while a change is read).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QWidget

from arbiter_app import services as sv
from arbiter_app.explain.words import counted
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.players_model import BYE_WORDS
from arbiter_app.pairing.points import tenths_text
from arbiter_app.services.dto import PlayerInfo, RoundInfo

ROWS = 14
"""Lines of a page when no window gives its height (the window's own: :func:`rows_for`)."""
LINE_PIXELS = 40
"""The height of a line the page size aims at."""
ROW_RANGE = (8, 40)
"""The fewest and most lines a page holds."""
PAGE_SECONDS = 12
"""How long a page stays on the screen."""
TITLE_LINES = 2.5
"""The title and the footer take the room of two and a half lines."""
LOADING = "Loading the round…"
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
    """Side by side blocks of lines (the alphabetical pages use as many as the width takes)."""
    names: str = ""
    """The range of names on an alphabetical page (``Kal–Kem``), drawn large beside the title."""


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


def rows_for(height: int) -> int:
    """Lines of a page on a window ``height`` pixels high: as many lines of about :data:`LINE_PIXELS` as fit under
    the title (14 on a screen of 768 lines, 24 on one of 1,080)."""
    return max(ROW_RANGE[0], min(ROW_RANGE[1], int(height / LINE_PIXELS - TITLE_LINES)))


def initials(keys: Sequence[str], first: int, last: int) -> str:
    """The range of names on the page holding ``keys[first:last + 1]`` (sorted), as short as it can be while
    telling the page from the ones before and after it: ``A–C``, ``Kal–Kem``."""

    def prefix(key: str, other: str | None) -> str:
        if other is None:
            return key[:1]
        k = 1
        while k < len(key) and key[:k] == other[:k]:
            k += 1
        return key[:k]

    start = prefix(keys[first], keys[first - 1] if first > 0 else None)
    end = prefix(keys[last], keys[last + 1] if last + 1 < len(keys) else None)
    start, end = start.strip().capitalize(), end.strip().capitalize()
    if len(start) > 1 or len(end) > 1:  # within one letter: the same length both ends reads better
        size = max(len(start), len(end))
        start, end = keys[first][:size].strip().capitalize(), keys[last][:size].strip().capitalize()
    return start if start == end else f"{start}–{end}"


def board_pages(info: RoundInfo, players: Sequence[PlayerInfo], scores: dict[int, int],
                rows: int = ROWS) -> list[HallPage]:  # fmt: skip
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
    chunks = [lines[k : k + rows] for k in range(0, len(lines), rows)] or [[]]
    title = f"Round {info.number} — by board"
    return [HallPage(title, headers, tuple(chunk), 1) for chunk in chunks]


def name_pages(info: RoundInfo, players: Sequence[PlayerInfo], columns: int, rows: int = ROWS) -> list[HallPage]:
    """The players by name, ``columns`` blocks of ``rows`` lines a page, each page titled with its range of
    names (:func:`initials`)."""
    found = seats(info, players)
    lines = [HallLine((s.name, s.board, s.colour)) for s in found]
    per_page = rows * columns
    chunks = [lines[k : k + per_page] for k in range(0, len(lines), per_page)] or [[]]
    keys = [s.key for s in found]
    pages = []
    for k, chunk in enumerate(chunks):
        span = f" {initials(keys, k * per_page, k * per_page + len(chunk) - 1)}" if chunk else ""
        pages.append(
            HallPage(
                f"Round {info.number} — find your board{span}",
                ("Player", "Bd", "Colour"),
                tuple(chunk),
                columns,
                span.strip(),
            )
        )
    return pages


def shown_round(rounds: Sequence[RoundInfo]) -> RoundInfo | None:
    """The round the hall should see: the last published one (a draft is not official, C.04.2.D.7)."""
    return next((r for r in reversed(rounds) if r.state != "draft"), None)


class HallDisplay(QWidget):
    """View > Hall display: a window of its own for a second screen; F11 full screen, arrows to page by hand."""

    def __init__(
        self, context: TournamentContext | None, seconds: float = PAGE_SECONDS, parent: QWidget | None = None
    ) -> None:
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
        self.is_loaded = False
        """The pages shown were made from the round, players and scores read together (never a value not read)."""
        self._stale = False
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
            self.context.changed.disconnect(self._on_context_changed)
        self.context = context
        self.is_loaded = False
        if context is not None:
            context.changed.connect(self._on_context_changed)
        self.refresh()

    def _on_context_changed(self) -> None:
        """A change: read again while on screen; once closed, when shown again (no work for a hidden window)."""
        self._stale = not self.isVisible()
        if not self._stale:
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.refresh()

    def refresh(self) -> None:
        """Read the round, the players and the scores before the round (off the window's thread), then page them;
        until all are in, the pages shown stay as they were (or say the round is loading)."""
        context = self.context
        if context is None:
            self._show(None, (), {})
            return
        if not context.fetch([(sv.list_rounds, ()), (sv.list_players, ())], self._refresh_again(context)):
            return self._wait()
        info = shown_round(context.read(sv.list_rounds))
        if info is None:
            self._show(None, (), {})
            return
        if not context.fetch([(sv.standings, (info.number - 1,))], self._refresh_again(context)):
            return self._wait()
        scores = {row.number: row.points for row in context.read(sv.standings, info.number - 1)}
        self._show(info, tuple(context.read(sv.list_players)), scores)

    def _refresh_again(self, context: TournamentContext) -> Callable[[], None]:
        def again() -> None:
            if context is self.context:
                self.refresh()

        return again

    def _wait(self) -> None:
        """What the pages need is being read: a display that has shown nothing yet says so."""
        if not self.is_loaded:
            self.pages, self.page = [HallPage(LOADING, (), ())], 0
            self.update()

    def _show(self, info: RoundInfo | None, players: tuple[PlayerInfo, ...], scores: dict[int, int]) -> None:
        self.info, self.players, self.scores = info, players, scores
        self.is_loaded = True
        self._paginate()

    def rows(self) -> int:
        """Lines of a page on this window (:func:`rows_for`)."""
        return rows_for(self.height())

    def name_columns(self, rows: int) -> int:
        """How many blocks of names fit side by side at the type the page size gives (a fifth smaller at most: the
        page's type shrinks that far to fit, :meth:`page_font`)."""
        font = QFont(self.font())
        font.setPixelSize(max(8, int(self.height() / (rows + TITLE_LINES) * 0.7 * 0.8)))
        fm = QFontMetrics(font)
        names = sorted((display_name(p, p.number) for p in self.players), key=len)[-3:] or ["M" * 16]
        block = fm.horizontalAdvance(names[-1]) + fm.horizontalAdvance("Bd   Black   MMMM")
        return max(1, min(4, (self.width() - 2 * self.margin()) // max(block, 1)))

    def _paginate(self) -> None:
        if not self.is_loaded:
            self._wait()
            return
        if self.info is None:
            self.pages = [HallPage("No round published yet", (), ())]
            self.setWindowTitle("Pairings — hall display")
        else:
            self.setWindowTitle(f"Round {self.info.number}: {counted(len(self.info.boards), 'board')} — hall display")
            rows = self.rows()
            self.pages = board_pages(self.info, self.players, self.scores, rows) + name_pages(
                self.info, self.players, self.name_columns(rows), rows
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

    def line_height(self, page: HallPage | None = None) -> int:
        rows = max(len(page.lines) if page is not None and page.columns == 1 else 0, self.rows())
        return max(12, int(self.height() / (rows + TITLE_LINES)))

    def page_font(self, page: HallPage) -> QFont:
        """A line's type from the window height, smaller only if the page's longest line would not fit."""
        font = QFont(self.font())
        font.setPixelSize(max(8, int(self.line_height(page) * 0.7)))
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
        h, m = self.line_height(page), self.margin()
        title_font = QFont(self.font())
        title_font.setPixelSize(max(8, int(h * 0.8)))
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.setPen(ACCENT)
        title_rect = QRect(m, 0, self.width() - 2 * m, int(h * 1.3))
        footer = f"page {self.page + 1} of {len(self.pages)}"
        small = QFont(self.font())
        small.setPixelSize(max(8, int(h * 0.45)))
        room = title_rect.width() - QFontMetrics(small).horizontalAdvance(footer) - h
        if page.names:  # the range of names, large, before the page number: seen from afar, never over the title
            big = QFont(title_font)
            big.setPixelSize(max(8, int(h * 1.2)))
            names_width = QFontMetrics(big).horizontalAdvance(page.names)
            painter.setFont(big)
            painter.drawText(
                QRect(m + room - names_width, 0, names_width, title_rect.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                page.names,
            )
            room -= names_width + h
        title = page.title[: len(page.title) - len(page.names)].rstrip() if page.names else page.title
        painter.setFont(title_font)
        painter.drawText(
            title_rect,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            QFontMetrics(title_font).elidedText(title, Qt.TextElideMode.ElideRight, max(room, 0)),
        )
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
            per_block = -(-len(page.lines) // page.columns) if page.columns > 1 else len(page.lines)
            lines = page.lines[c * per_block : (c + 1) * per_block]
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
