"""Help > User manual (F1): the manual shipped with the program, read offline from ``arbiter_app/manual/``.

The pages are Markdown; a :class:`QTextBrowser` renders them.  Links between pages
(``rounds.md#undo``) are followed here: the page is loaded and the heading whose
anchor (GitHub's spelling: lower case, punctuation dropped, blanks as hyphens) is the
link's fragment is scrolled to the top.  The contents list every page and its
sections; the search field lists the pages holding a word and highlights it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

MANUAL_DIR = Path(__file__).resolve().parent.parent / "manual"
"""The manual's pages, shipped inside the package (package data; the bundle carries them in the same place)."""
INDEX = "index.md"
ROLE = Qt.ItemDataRole.UserRole
_HEADING = re.compile(r"^(#{1,3}) +(.+?) *$")
_PAGE_LINK = re.compile(r"\]\(([a-z0-9-]+\.md)(?:#[a-z0-9-]+)?\)")


def anchor(heading: str) -> str:
    """The anchor of a heading as GitHub spells it: ``Overrides: changing a pairing by hand`` ->
    ``overrides-changing-a-pairing-by-hand``."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


@dataclass(frozen=True)
class Section:
    level: int
    title: str
    anchor: str


def page_text(page: str) -> str:
    return (MANUAL_DIR / page).read_text(encoding="utf-8")


def sections(page: str) -> list[Section]:
    """The headings of a page (levels 1-3), outside code blocks."""
    found, code = [], False
    for line in page_text(page).splitlines():
        if line.startswith("```"):
            code = not code
        match = None if code else _HEADING.match(line)
        if match:
            found.append(Section(len(match.group(1)), match.group(2), anchor(match.group(2))))
    return found


def pages() -> list[str]:
    """The pages in the order of the index's contents, the index first."""
    order = [INDEX]
    for name in _PAGE_LINK.findall(page_text(INDEX)):
        if name not in order:
            order.append(name)
    return order


class ManualWindow(QWidget):
    """The manual: contents and search on the left, the page on the right, Back and Forward."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("User manual")
        self.page = ""
        self.history: list[tuple[str, str]] = []
        self.position = -1
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._on_link)
        self.contents = QTreeWidget()
        self.contents.setHeaderLabel("Contents")
        for page in pages():
            top: QTreeWidgetItem | None = None
            for section in sections(page):
                if section.level == 1:
                    top = QTreeWidgetItem(self.contents, [section.title])
                    top.setData(0, ROLE, (page, ""))
                elif section.level == 2 and top is not None:
                    item = QTreeWidgetItem(top, [section.title])
                    item.setData(0, ROLE, (page, section.anchor))
        self.contents.itemActivated.connect(self._on_contents)
        self.contents.itemClicked.connect(self._on_contents)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the manual")
        self.search.returnPressed.connect(self.find_text)
        self.results = QListWidget()
        self.results.hide()
        self.results.itemClicked.connect(self._on_result)
        self.back_button = QPushButton("Back")
        self.back_button.clicked.connect(self.back)
        self.forward_button = QPushButton("Forward")
        self.forward_button.clicked.connect(self.forward)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(self.results)
        column.addWidget(self.contents, 1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 3)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.forward_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(splitter, 1)
        self.resize(1000, 700)
        self.open(INDEX)

    # --- pages -------------------------------------------------------------------

    def open(self, page: str, fragment: str = "", remember: bool = True) -> None:
        """Show ``page`` (a file of the manual) at the heading ``fragment`` (its anchor), or at the top."""
        if page not in pages():
            page, fragment = INDEX, ""
        if page != self.page:
            self.browser.setMarkdown(page_text(page))
            self.page = page
        self.fragment = fragment
        self._scroll_to(fragment)
        if remember:
            del self.history[self.position + 1 :]
            self.history.append((page, fragment))
            self.position = len(self.history) - 1
        self._update_buttons()

    def heading_at_top(self) -> str:
        """The text of the first block shown (a heading after a link to it)."""
        cursor = self.browser.cursorForPosition(self.browser.viewport().rect().topLeft())
        return cursor.block().text()

    def _scroll_to(self, fragment: str) -> None:
        bar = self.browser.verticalScrollBar()
        block = self.browser.document().begin()
        while fragment and block.isValid():
            if block.blockFormat().headingLevel() and anchor(block.text()) == fragment:
                cursor = QTextCursor(block)
                self.browser.setTextCursor(cursor)
                layout = self.browser.document().documentLayout()
                bar.setValue(round(layout.blockBoundingRect(block).top()))
                return
            block = block.next()
        bar.setValue(0)

    def _on_link(self, url: QUrl) -> None:
        if url.scheme() and url.scheme() != "file":
            return  # the manual is offline: no link leaves it
        page = Path(url.path()).name or self.page
        self.open(page, url.fragment())

    def _on_contents(self, item: QTreeWidgetItem) -> None:
        page, fragment = item.data(0, ROLE)
        self.open(page, fragment)

    def back(self) -> None:
        if self.position > 0:
            self.position -= 1
            self.open(*self.history[self.position], remember=False)

    def forward(self) -> None:
        if self.position + 1 < len(self.history):
            self.position += 1
            self.open(*self.history[self.position], remember=False)

    def _update_buttons(self) -> None:
        self.back_button.setEnabled(self.position > 0)
        self.forward_button.setEnabled(self.position + 1 < len(self.history))

    # --- search ------------------------------------------------------------------

    def find_text(self) -> None:
        """List the pages holding the search text; highlight its next place in the page shown."""
        text = self.search.text().strip()
        self.results.clear()
        if not text:
            self.results.hide()
            return
        for page in pages():
            if text.casefold() in page_text(page).casefold():
                item = QListWidgetItem(sections(page)[0].title)
                item.setData(ROLE, page)
                self.results.addItem(item)
        if not self.results.count():
            self.results.addItem("Not found")
        self.results.show()
        self._highlight(text)

    def _on_result(self, item: QListWidgetItem) -> None:
        page = item.data(ROLE)
        if page:
            self.open(page)
            self.browser.moveCursor(QTextCursor.MoveOperation.Start)
            self._highlight(self.search.text().strip())

    def _highlight(self, text: str) -> bool:
        """Select the next place of ``text`` in the page, from the top again after the last."""
        if self.browser.find(text):
            return True
        self.browser.moveCursor(QTextCursor.MoveOperation.Start)
        return self.browser.find(text, QTextDocument.FindFlag(0))
