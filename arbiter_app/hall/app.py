"""The hall's pages as an ASGI application (Starlette), over the services only.

Players' pages need no login and only read: the round in progress by board and by name (``/``, ``/names``),
the standings with the tie-break legend (``/standings``), a player's card (``/player/N``) and why he was
paired so (``/player/N/why``), the hall screens (``/screen``).  ``/events`` pushes a server-sent event when
the tournament changes (a round published, a result entered), checked twice a second; the pages then fetch
themselves again.  A deputy's page (``/deputy/TOKEN``) lists his boards of the round in progress; his
results are posted with a CSRF field bound to his token, from a page of this server (``Origin``), and
limited in rate.  Every page is rendered by Jinja2 with autoescaping; every asset is served from the
package (no CDN); no file path, SQL or setting is reachable from a page.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import hmac
import re
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar, cast
from urllib.parse import parse_qs, urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from arbiter_app.errors import ArbiterError
from arbiter_app.hall.address import WRITES_PER_MINUTE
from arbiter_app.services import deputies as dp
from arbiter_app.services import hall as hv
from arbiter_app.services.files import Database

POLL_SECONDS = 0.5
"""How often the server looks for a change to push (a change reaches the pages within about a second)."""
KEEPALIVE_SECONDS = 15.0
MAX_BODY = 4096
MAKERS = 2
PAGES_KEPT = 4096
"""Pages kept made: every player's card, and more."""
SCREEN_SECONDS = 12
"""How long a hall screen page stays."""
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}
"""No outside script, style or frame; no referrer to another site (a deputy's link holds his token).  A page's own
``cache-control`` is kept: the players' pages (public, no token) say ``no-cache`` (asked again each time, answered
``304`` while their ETag holds); every other answer, a deputy's page first, is ``no-store``."""
BATCH = 64
"""Results written in one transaction at most (those that arrived while the previous write ran)."""


_VERSION = re.compile(rb' data-version="\d+"')


@dataclass(frozen=True)
class Page:
    """A page made once for a version of the tournament, served to everyone who asks until the next change."""

    status: int
    body: bytes
    gzipped: bytes
    etag: str

    @classmethod
    def of(cls, status: int, html: str) -> Page:
        """The page's bytes, packed, and its ETag: weak, of what it shows (the tournament's version the page
        carries aside, so that a player's card is answered ``304`` while nothing of his changed)."""
        body = html.encode("utf-8")
        shown = _VERSION.sub(b"", body, count=1)
        return cls(status, body, gzip.compress(body, 6, mtime=0), 'W/"' + hashlib.sha256(shown).hexdigest()[:32] + '"')

    def response(self, request: Request) -> Response:
        headers = {"etag": self.etag, "cache-control": "no-cache", "vary": "accept-encoding"}
        if self.status == 200 and self.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(self.gzipped, self.status, {**headers, "content-encoding": "gzip"}, "text/html")
        return Response(self.body, self.status, headers, "text/html")


T = TypeVar("T")


def package_dir(name: str) -> Path:
    return Path(str(resources.files("arbiter_app.hall"))) / name


class RateLimit:
    """At most ``per_minute`` events per key in any minute (a sliding window)."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        with self._lock:
            times = self._seen.setdefault(key, deque())
            while times and now - times[0] > 60:
                times.popleft()
            if len(times) >= self.per_minute:
                return False
            times.append(now)
            return True


@dataclass
class Hall:
    """The server's state: the file, the tournament, the last version seen and who waits for a change."""

    db: Database
    tournament_id: int
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    version: int = -1
    changed: asyncio.Event | None = None
    stopping: threading.Event = field(default_factory=threading.Event)
    writes: RateLimit = field(default_factory=lambda: RateLimit(WRITES_PER_MINUTE))
    answers: OrderedDict[tuple[int, int, int], str] = field(default_factory=OrderedDict)
    built: OrderedDict[tuple[Any, ...], tuple[int, Any]] = field(default_factory=OrderedDict)
    """Per page (and the data pages share), the last made: (version, value)."""
    building: dict[tuple[Any, ...], asyncio.Future[None]] = field(default_factory=dict)
    makers: asyncio.Semaphore | None = None
    """Pages made at once (the machine's cores; the others wait their turn rather than share them)."""
    queue: list[tuple[dp.DeputyResult, asyncio.Future[dp.DeputyOutcome | ArbiterError]]] = field(default_factory=list)
    """Results sent, waiting for the writer (:meth:`write`)."""
    writer: asyncio.Task[None] | None = None
    poked: asyncio.Event | None = None
    """Set after a write of this server: the watcher looks at once instead of at its next turn."""
    prepare: Callable[[int], Awaitable[None]] | None = None
    """Makes the pages most asked for at a version, before the phones are told of it."""
    _reading: asyncio.Future[int] | None = None
    _read_at: float = 0.0

    async def current(self) -> int:
        """The tournament's version as it stands now: read from the file by a read that started after this call
        (a change committed before it is never missed); every call waiting meanwhile shares that one read."""
        arrived = time.monotonic()
        while True:
            reading = self._reading
            if reading is not None and self._read_at >= arrived:
                return await asyncio.shield(reading)
            if reading is None:
                self._read_at = time.monotonic()
                reading = self._reading = asyncio.ensure_future(self._read())
                return await asyncio.shield(reading)
            with suppress(Exception):  # a failed read: the next one says it again, for this call
                await asyncio.shield(reading)

    async def _read(self) -> int:
        try:
            return await run_in_threadpool(hv.hall_version, self.db, self.tournament_id)
        finally:
            self._reading = None

    async def latest(self, key: tuple[Any, ...], version: int, build: Callable[[], Awaitable[T]],
                     limited: bool = False, told: int | None = None) -> T:  # fmt: skip
        """``build()``'s answer as it stands at ``version`` or later.  One is made at a time per key: whoever asks
        meanwhile waits for it (two thousand phones asking at once after a change make it once), and a change
        that comes while it is made has it made again once, after.  ``limited``: made by one of the
        :data:`MAKERS` (pages; the data they share is made outside them, so that they never wait for each
        other).  ``told``: while a newer one is being made, the last one made is answered at once if it is at
        least at this version (the one the phones were told of: no phone gets a page older than its event)."""
        while True:
            made = self.built.get(key)
            if made is not None and made[0] >= version:
                self.built.move_to_end(key)
                return cast(T, made[1])
            running = self.building.get(key)
            if running is not None and made is not None and told is not None and made[0] >= told:
                self.built.move_to_end(key)
                return cast(T, made[1])
            if running is None:
                running = self.building[key] = asyncio.ensure_future(self._make(key, version, build, limited))
            await asyncio.shield(running)

    async def _make(self, key: tuple[Any, ...], version: int, build: Callable[[], Awaitable[Any]],
                    limited: bool) -> None:  # fmt: skip
        if self.makers is None:
            self.makers = asyncio.Semaphore(MAKERS)
        try:
            if limited:
                async with self.makers:
                    value = await build()
            else:
                value = await build()
            self.built[key] = (version, value)
            while len(self.built) > PAGES_KEPT:
                self.built.popitem(last=False)
        finally:
            self.building.pop(key, None)

    async def page(self, request: Request, key: tuple[Any, ...],
                   build: Callable[[int], Awaitable[tuple[int, str]]]) -> Response:  # fmt: skip
        """The page ``key`` as it stands now (made once by :meth:`latest`, then its bytes served as they are; ``304``
        to a browser that has them already)."""
        version = await self.current()
        return (await self.made(key, version, build, told=self.version)).response(request)

    async def made(self, key: tuple[Any, ...], version: int, build: Callable[[int], Awaitable[tuple[int, str]]],
                   told: int | None = None) -> Page:  # fmt: skip
        async def making() -> Page:
            status, html = await build(version)
            return await run_in_threadpool(Page.of, status, html)

        return await self.latest(("page", *key), version, making, limited=True, told=told)

    async def write(self, sent: dp.DeputyResult) -> dp.DeputyOutcome | ArbiterError:
        """A deputy's result written by the one writer: the results that arrive while a write runs go together in
        the next transaction (each with its own audit entry; the file sealed once for them all), so that a whole
        round sent at once costs a seal per batch, not per result, and this server never waits for its own
        file lock."""
        answer: asyncio.Future[dp.DeputyOutcome | ArbiterError] = asyncio.get_running_loop().create_future()
        self.queue.append((sent, answer))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.ensure_future(self._write_all())
        return await answer

    async def _write_all(self) -> None:
        while self.queue:
            batch, self.queue[:] = self.queue[:BATCH], self.queue[BATCH:]
            try:
                outcomes = await run_in_threadpool(dp.deputy_enter_results, self.db, self.tournament_id,
                                                   [sent for sent, _ in batch])  # fmt: skip
            except Exception as error:  # noqa: BLE001 - every sender of the batch is told
                for _, answer in batch:
                    if not answer.done():
                        answer.set_exception(error)
                continue
            for (_, answer), outcome in zip(batch, outcomes):
                if not answer.done():
                    answer.set_result(outcome)
            if self.poked is not None:
                self.poked.set()

    def csrf(self, token: str) -> str:
        """The CSRF field of a deputy's forms: bound to his token and to this server's run."""
        return hmac.new(self.secret, b"csrf:" + dp.token_hash(token).encode(), hashlib.sha256).hexdigest()

    async def watch(self) -> None:
        """Wake the event streams whenever the tournament's version moves: at most once every
        :data:`POLL_SECONDS` (a round entered at once is a change every few milliseconds), at once after a quiet
        while; a write of this server has the file looked at without waiting for the next turn."""
        if self.poked is None:
            self.poked = asyncio.Event()
        while not self.stopping.is_set():
            told = await self.check()
            if told:
                await asyncio.sleep(POLL_SECONDS)
            try:
                await asyncio.wait_for(self.poked.wait(), timeout=POLL_SECONDS)
            except TimeoutError:
                pass
            self.poked.clear()

    async def check(self) -> bool:
        """Tell the event streams of a new version, once the pages most asked for are made at it."""
        try:
            version = await run_in_threadpool(hv.hall_version, self.db, self.tournament_id)
            if version == self.version:
                return False
            if self.prepare is not None:
                await self.prepare(version)
        except Exception:  # noqa: BLE001 - the file busy or gone a moment: looked at again at the next turn
            return False
        self.version = version
        if self.changed is not None:
            self.changed.set()
            self.changed = asyncio.Event()
        return True


_env = Environment(
    loader=FileSystemLoader(str(package_dir("templates"))),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def by_name(r: hv.HallRound) -> list[tuple[str, int, str, str]]:
    """The round's players in alphabetical order: (name, number, board, colour or why no board)."""
    rows = [(b.white.name, b.white.number, str(b.number), "white") for b in r.boards]
    rows += [(b.black.name, b.black.number, str(b.number), "black") for b in r.boards]
    rows += [(seat.name, seat.number, "–", why) for seat, why in r.byes]
    return sorted(rows, key=lambda row: (row[0].casefold(), row[1]))


_env.filters["by_name"] = by_name


def render(name: str, status: int = 200, **values: Any) -> HTMLResponse:
    return HTMLResponse(_env.get_template(name).render(**values), status_code=status)


async def text(name: str, **values: Any) -> str:
    """A page rendered off the event loop (a round of 1,000 boards takes a while)."""
    return await run_in_threadpool(_env.get_template(name).render, **values)


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                given = list(message.get("headers", []))
                own = [(k, v) for k, v in given if k.decode().lower() == "cache-control" and v == b"no-cache"][:1]
                headers = [(k, v) for k, v in given if k.decode().lower() not in SECURITY_HEADERS]
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()
                            if not (own and k == "cache-control")] + own  # fmt: skip
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


def create_app(db: Database, tournament_id: int, writes_per_minute: int = WRITES_PER_MINUTE) -> Starlette:
    """The hall's application over an open tournament file (opened for writing: deputies enter results);
    ``writes_per_minute``: results a client address, and a deputy, may send a minute."""
    hall = Hall(db, tournament_id, writes=RateLimit(writes_per_minute))

    async def prepare(version: int) -> None:
        """The round by board (what nine phones in ten show) made at ``version`` before the phones hear of it."""
        await hall.made(("round",), version, lambda at: _round_html(at))

    async def _round_html(version: int) -> tuple[int, str]:
        return 200, await text("round.html", v=await view(version), page="board")

    hall.prepare = prepare

    async def view(version: int | None = None) -> hv.HallView:
        """The round's data, made once per version for every page."""
        if version is None:
            version = await hall.current()

        def making() -> Awaitable[hv.HallView]:
            made = hall.built.get(("view",))  # a round being entered: only its results read again
            return run_in_threadpool(hv.hall_view, db, tournament_id, None if made is None else made[1])

        return await hall.latest(("view",), version, making)

    async def round_page(request: Request) -> Response:
        return await hall.page(request, ("round",), _round_html)

    async def names_page(request: Request) -> Response:
        async def build(version: int) -> tuple[int, str]:
            return 200, await text("names.html", v=await view(version), page="name")

        return await hall.page(request, ("names",), build)

    async def standings_page(request: Request) -> Response:
        async def build(version: int) -> tuple[int, str]:
            v = await view(version)
            table = await run_in_threadpool(hv.hall_standings, db, tournament_id)
            return 200, await text("standings.html", v=v, s=table, page="standings")

        return await hall.page(request, ("standings",), build)

    async def player_page(request: Request) -> Response:
        number = request.path_params["number"]

        async def build(version: int) -> tuple[int, str]:
            v = await view(version)
            try:
                card = hv.card_of(v.published, v.players, number)
            except KeyError:
                return 404, await text("missing.html", v=v, what=f"No player has the number {number}.")
            return 200, await text("player.html", v=v, card=card, page="")

        return await hall.page(request, ("player", number), build)

    async def why_page(request: Request) -> Response:
        number = request.path_params["number"]
        v = await view()
        if v.round is None or number not in {p.number for p in v.players}:
            return render("missing.html", 404, v=v, what="No published round pairs this player yet.")
        key = (v.version, v.round.number, number)
        answer = hall.answers.get(key)
        if answer is None:
            try:
                answer = await run_in_threadpool(hv.why_this_pairing, db, tournament_id, v.round.number, number)
            except KeyError:
                return render("missing.html", 404, v=v, what=f"No player has the number {number}.")
            hall.answers[key] = answer
            while len(hall.answers) > 256:
                hall.answers.popitem(last=False)
        player = next(p for p in v.players if p.number == number)
        return render("why.html", v=v, player=player, answer=answer, page="")

    async def screen_page(request: Request) -> Response:
        async def build(version: int) -> tuple[int, str]:
            return 200, await text("screen.html", v=await view(version), seconds=SCREEN_SECONDS)

        return await hall.page(request, ("screen",), build)

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield f"retry: 1000\nevent: version\ndata: {hall.version}\n\n"
            while not hall.stopping.is_set():
                if hall.changed is None:
                    hall.changed = asyncio.Event()
                waiting = hall.changed
                try:  # asleep until a change: two thousand phones cost nothing between changes
                    await asyncio.wait_for(waiting.wait(), timeout=KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield ": keep-alive\n\n"  # a phone gone is found by this write (its stream then ends)
                    continue
                if hall.stopping.is_set():
                    return
                yield f"event: version\ndata: {hall.version}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"x-accel-buffering": "no"})

    async def deputy_page(request: Request) -> Response:
        token = request.path_params["token"]
        message = request.query_params.get("m", "")[:300]
        return await _deputy_page(token, message)

    async def _deputy_page(token: str, message: str, status: int = 200) -> Response:
        v = await view()
        try:
            deputy = await run_in_threadpool(dp.deputy_for_token, db, tournament_id, token)
        except dp.DeputyRefused as refused:
            return render("missing.html", 403, v=v, what=str(refused))
        boards = [] if v.round is None else [b for b in v.round.boards
                                            if deputy.first_board <= b.number <= deputy.last_board]  # fmt: skip
        return render("deputy.html", status, v=v, fixed=True, deputy=deputy, boards=boards, token=token,
                      csrf=hall.csrf(token), message=message)  # fmt: skip

    async def deputy_post(request: Request) -> Response:
        token = request.path_params["token"]
        client = request.client.host if request.client else "?"
        if not (hall.writes.allow(f"ip:{client}") and hall.writes.allow(f"token:{dp.token_hash(token)}")):
            return PlainTextResponse(
                "too many results sent: wait a minute", status_code=429, headers={"retry-after": "60"}
            )
        if not _same_origin(request):
            return PlainTextResponse("refused: the form did not come from this server's page", status_code=403)
        body = await request.body()
        if len(body) > MAX_BODY or request.headers.get("content-type", "").split(";")[0].strip() != (
            "application/x-www-form-urlencoded"
        ):
            return PlainTextResponse("refused: not a result form", status_code=400)
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        if not hmac.compare_digest(form.get("csrf", "").encode(), hall.csrf(token).encode()):
            return PlainTextResponse("refused: the form has expired; load the page again", status_code=403)
        try:
            round_number, board = int(form.get("round", "")), int(form.get("board", ""))
        except ValueError:
            return PlainTextResponse("refused: no round or board", status_code=400)
        try:  # one writer: the file's lock is never waited for by this server
            outcome = await hall.write(dp.DeputyResult(token, round_number, board, form.get("result", "")))
        except ArbiterError as error:
            outcome = error
        if isinstance(outcome, dp.DeputyRefused):
            return await _deputy_page(token, str(outcome), 403)
        message = str(outcome) if isinstance(outcome, ArbiterError) else outcome.message
        if request.headers.get("accept", "").startswith("application/json"):
            return PlainTextResponse(message)
        return RedirectResponse(f"/deputy/{token}?{_query(message)}", status_code=303)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hall.changed = asyncio.Event()
        hall.poked = asyncio.Event()
        task = asyncio.create_task(hall.watch())
        try:
            yield
        finally:
            hall.stopping.set()
            if hall.changed is not None:
                hall.changed.set()  # every stream ends now
            task.cancel()

    routes = [
        Route("/", round_page),
        Route("/names", names_page),
        Route("/standings", standings_page),
        Route("/player/{number:int}", player_page),
        Route("/player/{number:int}/why", why_page),
        Route("/screen", screen_page),
        Route("/events", events),
        Route("/deputy/{token:str}", deputy_page, methods=["GET"]),
        Route("/deputy/{token:str}/result", deputy_post, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(package_dir("static"))), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hall = hall
    app.add_middleware(SecurityHeaders)
    return app


def _query(message: str) -> str:
    from urllib.parse import urlencode

    return urlencode({"m": message})


def _same_origin(request: Request) -> bool:
    """A write comes from a page of this server: its ``Origin`` (else ``Referer``) names this host; a request
    naming neither (an old browser, a script at the desk) is let through on the CSRF field alone."""
    origin = request.headers.get("origin") or request.headers.get("referer")
    if not origin:
        return True
    if origin == "null":
        return False
    return urlsplit(origin).netloc == request.headers.get("host", "")
