"""FIDE's downloadable rating lists, read one player at a time.

Three layouts are accepted, recognised from the file itself:

* the combined TXT (``players_list_foa.txt``), whose header line is
  ``ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag``
  and which carries the standard, rapid and blitz ratings on each line;
* the TXT of one list (``standard_nov24frl.txt``, ``rapid_…``, ``blitz_…``),
  whose header names the list's month in the rating column:
  ``ID Number  Name  Fed Sex Tit WTit OTit FOA NOV24 Gms K B-day Flag``;
* the XML (``<playerslist><player><fideid>…</fideid><name>…``), one list per
  file (``<rating>``, ``<games>``, ``<k>``) or all three (``<rapid_rating>``,
  ``<blitz_rating>``, …).

The TXT columns are fixed-width; their start positions are read from the
header line (each column starts where its heading starts), so a list whose
columns have moved is still read right.  Each data line gives a
:class:`ListPlayer` or, when it cannot be read, a :class:`BadLine` naming the
line: the caller chooses to skip it or refuse the file.  Nothing is loaded
whole: the file is read line by line (the XML in chunks).
"""

from __future__ import annotations

import io
import re
import xml.parsers.expat
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import BinaryIO, NamedTuple

KINDS = ("standard", "rapid", "blitz")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_YEAR = re.compile(r"^(%s)(\d{2})$" % "|".join(MONTHS), re.IGNORECASE)
_NAME_DATE = re.compile(r"(%s)[-_ ]?(\d{2}|\d{4})(?!\d)" % "|".join(MONTHS), re.IGNORECASE)
_CHUNK = 1 << 20
_NUMBER_CACHE = 100_000
_MISSING = -1
"""Not yet in the cache of numbers (never a value: a number read is a run of digits)."""


class ListReadError(ValueError):
    """The file is not a rating list this reader knows (its header, or XML that is not well formed)."""


class ListNeedsKind(ListReadError):
    """A file of one list whose name does not say which: the caller must say standard, rapid or blitz."""


class ListRating(NamedTuple):
    """One list's figures for a player: the rating (None: unrated in that list), games, K factor."""

    kind: str
    rating: int | None
    games: int | None
    k: int | None


class ListPlayer(NamedTuple):
    """One player of the list, as FIDE publishes it (sex ``M``/``F``, titles as written).

    A named tuple (a million and a half of them are made per import: the cheapest record Python has).
    """

    line: int
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    w_title: str
    o_title: str
    foa: str
    birth_year: int | None
    flag: str
    ratings: tuple[ListRating, ...]

    @property
    def best_title(self) -> str:
        """The title to register: the open title, else the women's title."""
        return self.title or self.w_title


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line that cannot be read: its number (1 = the first line of the file), what is wrong, its text."""

    line: int
    message: str
    text: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class ListLayout:
    """What the file is: ``combined``, ``single`` or ``xml``; the lists it holds; the list's month if known."""

    format: str
    kinds: tuple[str, ...]
    date: str
    columns: dict[str, tuple[int, int | None]] = field(default_factory=dict)


def month_date(token: str) -> str:
    """``NOV24`` -> ``2024-11``; blank if the token is no month."""
    m = _MONTH_YEAR.match(token.strip())
    if not m:
        return ""
    return f"20{m.group(2)}-{MONTHS.index(m.group(1).lower()) + 1:02d}"


def date_from_name(path: str | Path) -> str:
    """The list's month from FIDE's file names (``standard_nov24frl.txt`` -> ``2024-11``); blank if none."""
    m = _NAME_DATE.search(Path(path).name)
    if not m:
        return ""
    year = m.group(2)
    year = year if len(year) == 4 else "20" + year
    return f"{year}-{MONTHS.index(m.group(1).lower()) + 1:02d}"


def kind_from_name(path: str | Path) -> str:
    """``standard``, ``rapid`` or ``blitz`` when the file name says so; blank otherwise."""
    name = Path(path).name.lower()
    for kind in KINDS:
        if kind in name:
            return kind
    if name.startswith("std"):
        return "standard"
    return ""


def check_date(date: str) -> str:
    """``YYYY-MM`` (or blank), else ValueError."""
    date = date.strip()
    if date and not re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", date):
        raise ValueError(f"list date {date!r}: write it YYYY-MM, such as 2026-11")
    return date


# ---------------------------------------------------------------------------------------------- TXT

_HEADINGS = {
    "id number": "id",
    "name": "name",
    "fed": "fed",
    "sex": "sex",
    "tit": "tit",
    "wtit": "wtit",
    "otit": "otit",
    "foa": "foa",
    "srtng": "standard",
    "sgm": "standard_games",
    "sk": "standard_k",
    "rrtng": "rapid",
    "rgm": "rapid_games",
    "rk": "rapid_k",
    "brtng": "blitz",
    "bgm": "blitz_games",
    "bk": "blitz_k",
    "gms": "games",
    "k": "k",
    "b-day": "birth",
    "flag": "flag",
}


def parse_header(header: str, kind: str = "") -> ListLayout:
    """The columns of a TXT list from its header line; ListReadError if it is not one."""
    tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", header)]
    merged: list[tuple[int, str]] = []
    for start, text in tokens:
        if merged and merged[-1][1].lower() == "id" and text.lower() == "number":
            merged[-1] = (merged[-1][0], "ID Number")
        else:
            merged.append((start, text))
    starts: list[tuple[str, int]] = []
    date = ""
    for start, text in merged:
        key = _HEADINGS.get(text.lower())
        if key is None and month_date(text):
            key, date = "rating", month_date(text)
        if key is None:
            raise ListReadError(f"line 1: unknown column {text!r} in the header of the rating list")
        starts.append((key, start))
    columns = {key: (start, starts[i + 1][1] if i + 1 < len(starts) else None) for i, (key, start) in enumerate(starts)}
    if "id" not in columns or "name" not in columns:
        raise ListReadError("line 1: not a FIDE rating list (the header has no 'ID Number' and 'Name' columns)")
    combined = [k for k in KINDS if k in columns]
    if combined:
        return ListLayout("combined", tuple(combined), "", columns)
    if "rating" not in columns:
        raise ListReadError("line 1: the header of the rating list has no rating column")
    if not kind:
        raise ListNeedsKind("a list of one kind: say whether it is the standard, rapid or blitz list")
    return ListLayout("single", (kind,), date, columns)


MAX_RATING = 3500
"""No list holds a rating above this (FIDE's highest is below 2900): a larger one is a damaged line."""
MAX_DIGITS = 11
"""A FIDE ID has at most 11 digits (TRF's field); no other number of a list has as many."""


def _int(text: str, what: str) -> int | None:
    text = text.strip()
    if text.isdigit():  # a digit int() cannot read (a superscript) raises ValueError: a bad line all the same
        if len(text) > MAX_DIGITS:
            raise ValueError(f"{what} {text[:20]!r}: {len(text)} digits, too many for a {what}")
        return int(text)
    if not text:
        return None
    raise ValueError(f"{what} {text[:20]!r} is not a number")


def check_ratings(ratings: tuple[ListRating, ...]) -> None:
    """ValueError for a rating out of range (a damaged line: 99999 is no rating)."""
    for r in ratings:
        if r.rating is not None and r.rating > MAX_RATING:
            raise ValueError(f"{r.kind} rating {r.rating} is out of range (a rating is at most {MAX_RATING})")


def check_birth_year(birth: int | None, this_year: int | None = None) -> None:
    """ValueError for a birth year no player has (0 or blank: unknown)."""
    last = this_year or date.today().year
    if birth and not 1850 <= birth <= last:
        raise ValueError(f"birth year {birth} is out of range (1850-{last})")


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _redecode(line: str) -> str:
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return line.encode("utf-8", "surrogateescape").decode("cp1252", errors="replace")
    return line


class _TxtReader:
    def __init__(self, layout: ListLayout) -> None:
        self.layout = layout
        c = layout.columns
        self._slices = {key: slice(*span) for key, span in c.items()}
        blank = slice(0, 0)
        self._rating_slices = []
        for kind in layout.kinds:
            if layout.format == "combined":
                games, k = self._slices.get(kind + "_games", blank), self._slices.get(kind + "_k", blank)
                self._rating_slices.append((kind, self._slices[kind], games, k))
            else:
                self._rating_slices.append(
                    (kind, self._slices["rating"], self._slices.get("games", blank), self._slices.get("k", blank))
                )
        self._blank = blank
        self._numbers: dict[str, int | None] = {}
        self._this_year = date.today().year
        self.last_start = max(start for start, _ in c.values())
        """Where the last column starts: a line cut short by an incomplete download ends before it."""

    def _number_of(self, text: str, what: str) -> int | None:
        value = _int(text, what)
        if len(self._numbers) < _NUMBER_CACHE:
            self._numbers[text] = value
        return value

    def read(self, number: int, line: str) -> ListPlayer | BadLine:
        s = self._slices
        get = s.get
        blank = self._blank
        try:
            id_text = line[s["id"]].strip()
            if not id_text.isdigit():
                raise ValueError(f"FIDE ID {id_text[:20]!r} is not a number" if id_text else "no FIDE ID")
            if len(id_text) > MAX_DIGITS or not int(id_text):
                raise ValueError(f"FIDE ID {id_text[:20]!r}: not 1 to {MAX_DIGITS} digits")
            name = line[s["name"]].strip()
            if not name:
                raise ValueError("no name")
            # The numbers repeat (ratings, games, K, years): each distinct column text is read once.
            cached, missing, number_of = self._numbers.get, _MISSING, self._number_of
            ratings = tuple([
                ListRating(
                    kind,
                    v if (v := cached(line[r], missing)) != missing else number_of(line[r], "rating"),
                    v if (v := cached(line[g], missing)) != missing else number_of(line[g], "games"),
                    v if (v := cached(line[k], missing)) != missing else number_of(line[k], "K factor"),
                )
                for kind, r, g, k in self._rating_slices
            ])  # fmt: skip
            check_ratings(ratings)
            b = line[get("birth", blank)]
            birth = v if (v := cached(b, missing)) != missing else number_of(b, "birth year")
            check_birth_year(birth, self._this_year)
            return ListPlayer(
                number,
                int(id_text),
                name,
                line[get("fed", blank)].strip(),
                line[get("sex", blank)].strip(),
                line[get("tit", blank)].strip(),
                line[get("wtit", blank)].strip(),
                line[get("otit", blank)].strip(),
                line[get("foa", blank)].strip(),
                birth or None,
                line[get("flag", blank)].strip(),
                ratings,
            )
        except ValueError as error:
            return BadLine(number, str(error), line)


# ---------------------------------------------------------------------------------------------- XML

_XML_FIELDS = frozenset(
    "fideid name country sex title w_title o_title foa_title rating games k rapid_rating rapid_games rapid_k "
    "blitz_rating blitz_games blitz_k birthday flag".split()
)


def _xml_record(number: int, values: dict[str, str], kinds: tuple[str, ...], combined: bool) -> ListPlayer | BadLine:
    def get(key: str) -> str:
        return values.get(key, "").strip()

    try:
        id_text = get("fideid")
        if not id_text:
            raise ValueError("no <fideid>")
        fide_id = _int(id_text, "FIDE ID")
        assert fide_id is not None
        name = get("name")
        if not name:
            raise ValueError("no <name>")
        ratings = []
        for kind in kinds:
            prefix = "" if kind == "standard" else kind + "_"
            if not combined and prefix and prefix + "rating" not in values:
                prefix = ""
            ratings.append(
                ListRating(
                    kind,
                    _int(get(prefix + "rating"), "rating") or None,
                    _int(get(prefix + "games"), "games"),
                    _int(get(prefix + "k"), "K factor"),
                )
            )
        check_ratings(tuple(ratings))
        if not fide_id:
            raise ValueError("FIDE ID 0")
        birth = _int(get("birthday")[:4], "birth year")
        check_birth_year(birth)
        return ListPlayer(
            number,
            fide_id,
            name,
            get("country"),
            get("sex"),
            get("title"),
            get("w_title"),
            get("o_title"),
            get("foa_title"),
            birth or None,
            get("flag"),
            tuple(ratings),
        )
    except ValueError as error:
        return BadLine(number, str(error), f"<player> {values.get('fideid', '')} {values.get('name', '')}".strip())


# ---------------------------------------------------------------------------------------------- files


class RatingListFile:
    """An open rating list: its :attr:`layout`, its size, and the players as an iterator.

    ``bytes_read`` grows as the iterator advances (for a progress bar).
    """

    def __init__(self, path: str | Path, kind: str = "", date: str = "") -> None:
        self.path = Path(path)
        if kind and kind not in KINDS:
            raise ListReadError(f"unknown list {kind!r} (standard, rapid or blitz)")
        self.size = self.path.stat().st_size
        self.bytes_read = 0
        self._kind = kind or kind_from_name(self.path)
        self._date = check_date(date)
        self._file: BinaryIO = open(self.path, "rb")  # noqa: SIM115 - closed by close()/__exit__
        try:
            self.layout, self._first = self._sniff()
        except BaseException:
            self._file.close()
            raise

    def __enter__(self) -> RatingListFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()

    def _sniff(self) -> tuple[ListLayout, str]:
        start = self._file.read(4096)
        self._file.seek(0)
        text = start.lstrip(b"\xef\xbb\xbf").lstrip()
        if text.startswith(b"<"):
            kinds = (self._kind,) if self._kind else KINDS
            return ListLayout("xml", kinds, self._date or date_from_name(self.path)), ""
        if not text:
            raise ListReadError(f"{self.path.name}: the file is empty")
        raw = self._file.readline()
        self.bytes_read = len(raw)
        header = _decode(raw).lstrip("\ufeff").rstrip("\r\n")
        layout = parse_header(header, self._kind)
        date = self._date or layout.date or date_from_name(self.path)
        return ListLayout(layout.format, layout.kinds, date, layout.columns), header

    def __iter__(self) -> Iterator[ListPlayer | BadLine]:
        if self.layout.format == "xml":
            return self._xml()
        return self._txt()

    def _txt(self) -> Iterator[ListPlayer | BadLine]:
        reader = _TxtReader(self.layout)
        number = 1
        read = reader.read
        # Text mode reads and splits in C; a line that is not UTF-8 (an older list in Windows-1252) comes
        # through with its bytes escaped, and is decoded again.  Progress counts characters (bytes but for
        # the few accented names), the end sets it to the size.
        text = io.TextIOWrapper(self._file, encoding="utf-8", errors="surrogateescape", newline=None)
        for line in text:
            number += 1
            self.bytes_read += len(line)
            if line.isspace():
                continue
            if not line.isascii():
                line = _redecode(line)
            if not line.endswith("\n") and len(line.rstrip()) < reader.last_start:
                yield BadLine(number, "the file ends inside this line (cut short: downloaded incompletely?)", line)
                continue
            yield read(number, line.rstrip("\n"))
        text.detach()
        self.bytes_read = self.size

    def _xml(self) -> Iterator[ListPlayer | BadLine]:
        parser = xml.parsers.expat.ParserCreate()
        pending: list[ListPlayer | BadLine] = []
        state: dict[str, object] = {"values": None, "field": None, "line": 0}
        text: list[str] = []
        kinds = self.layout.kinds
        combined = len(kinds) > 1

        def start(tag: str, _attrs: dict[str, str]) -> None:
            if tag == "player":
                state["values"], state["line"] = {}, parser.CurrentLineNumber
            elif state["values"] is not None and tag in _XML_FIELDS:
                state["field"] = tag
                text.clear()

        def end(tag: str) -> None:
            values = state["values"]
            if not isinstance(values, dict):
                return
            if tag == "player":
                line = state["line"]
                assert isinstance(line, int)
                pending.append(_xml_record(line, values, kinds, combined))
                state["values"] = None
            elif tag == state["field"]:
                values[tag] = "".join(text)
                state["field"] = None

        def chars(data: str) -> None:
            if state["field"] is not None:
                text.append(data)

        parser.StartElementHandler = start
        parser.EndElementHandler = end
        parser.CharacterDataHandler = chars
        parser.buffer_text = True
        while True:
            chunk = self._file.read(_CHUNK)
            self.bytes_read += len(chunk)
            try:
                parser.Parse(chunk, not chunk)
            except xml.parsers.expat.ExpatError as error:
                raise ListReadError(f"line {error.lineno}: the XML is not well formed ({error})") from error
            yield from pending
            pending.clear()
            if not chunk:
                return


def read_list(path: str | Path, kind: str = "", date: str = "") -> RatingListFile:
    """Open a rating list (TXT or XML); iterate it for :class:`ListPlayer` and :class:`BadLine` items."""
    return RatingListFile(path, kind, date)
