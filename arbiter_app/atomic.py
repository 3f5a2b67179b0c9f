"""Writing an output file whole or not at all, and never over what the arbiter entered.

An output is written to a temporary file beside its target (``.NAME.XXXX.part``) and renamed onto it once
complete: a full disk, a file-size limit or any error part-way leaves the target as it was (absent, or the
previous version) and no temporary file; the error names the file being written, not the tournament file.
A writer killed part-way leaves its ``.part`` file behind: :func:`remove_leftovers` removes those of writers
that are gone (each writer holds a lock on its temporary file while it writes) at the next start.

Before anything is written the target is checked (:func:`check_target`):

* a tournament file (any SQLite database: a tournament, the rating list) or a file beside one that SQLite
  keeps (``-wal``, ``-shm``, ``-journal``) is never replaced by an export, whatever the path that names it
  (``t.db``, ``../x/t.db``, a symbolic link, a hard link);
* the open tournament file is never the target of anything, a copy included;
* an existing file is replaced only when the caller says so (``replace``: ``--force`` on the command line,
  the arbiter's answer to a question in the window); the replaced file keeps its permissions.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from arbiter_app.errors import ArbiterError

PART_SUFFIX = ".part"
SQLITE_HEADER = b"SQLite format 3\x00"
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database while it is in use."""
LEFTOVER_AGE_S = 24 * 3600
"""Where no lock can be taken (Windows), a ``.part`` file this old is a leftover."""

try:  # POSIX: a writer holds an advisory lock on its temporary file
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class OutputRefused(ArbiterError):
    """The target of an output is a tournament file, the open file, a folder, or exists and may not be replaced."""

    def __init__(self, path: str | os.PathLike[str], why: str) -> None:
        super().__init__(f"{path}: {why}; nothing was written")
        self.path = Path(path)


class OutputExists(OutputRefused):
    """The target exists and the caller did not say to replace it."""


def is_sqlite_file(path: str | os.PathLike[str]) -> bool:
    """``path`` (followed if a link) is an SQLite database: a tournament file, a rating list, another program's."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def sqlite_base(path: str | os.PathLike[str]) -> Path | None:
    """The SQLite database whose side file ``path`` is (``t.db-wal`` -> ``t.db``), else None."""
    name = Path(path).name
    for suffix in SQLITE_COMPANIONS:
        if name.endswith(suffix) and len(name) > len(suffix):
            base = Path(path).with_name(name[: -len(suffix)])
            if is_sqlite_file(base):
                return base
    return None


def check_target(
    path: str | os.PathLike[str],
    *,
    replace: bool = False,
    protect: Iterable[str | os.PathLike[str] | None] = (),
    database: bool = False,
) -> Path:
    """Refuse (:class:`OutputRefused`) a target that would destroy what the arbiter entered; returns the path.

    ``protect``: files never replaced (the open tournament file); ``database``: the output is itself a database
    (a copy of the tournament), which may replace another database when ``replace`` says so."""
    target = Path(path)
    if not target.name or target.is_dir():
        raise OutputRefused(path, "is a folder; give the name of the file to write")
    for kept in protect:
        if kept is None:
            continue
        kept = Path(kept)
        beside = [kept.with_name(kept.name + s) for s in SQLITE_COMPANIONS]
        if any(_same_file(target, k) for k in (kept, *beside) if k.exists() or k == kept):
            raise OutputRefused(path, "this is the open tournament file (or a file SQLite keeps beside it)")
    base = sqlite_base(target)
    if base is not None:
        raise OutputRefused(path, f"SQLite keeps this file beside the database {base.name}; choose another name")
    exists = os.path.lexists(target)
    if exists and is_sqlite_file(target) and not database:
        raise OutputRefused(path, "is a tournament file (an SQLite database): an export never replaces it")
    if exists and not replace:
        what = "another tournament file" if is_sqlite_file(target) else "the file"
        raise OutputExists(path, f"{what} already exists; choose another name, or say to replace it (--force)")
    return target


def _named(error: OSError, path: Path) -> OSError:
    if error.filename:
        return error
    named = OSError(error.errno, error.strerror or str(error), str(path))
    named.__cause__ = error
    return named


def _lock(fd: int) -> None:
    if fcntl is not None:
        with suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _mode_for(target: Path) -> int:
    """The permissions of the file replaced (kept), else those of a new file."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


@contextmanager
def replacing(
    path: str | os.PathLike[str],
    *,
    replace: bool = False,
    protect: Iterable[str | os.PathLike[str] | None] = (),
    database: bool = False,
) -> Iterator[Path]:
    """A temporary path beside ``path``: renamed onto ``path`` when the block succeeds, removed otherwise.

    The target is checked first (:func:`check_target`, with ``replace``, ``protect`` and ``database``)."""
    target = check_target(path, replace=replace, protect=protect, database=database)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=PART_SUFFIX, dir=folder)
    except OSError as error:
        raise _named(error, target) from error
    _lock(fd)
    temporary = Path(name)
    try:
        yield temporary
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        with suppress(OSError):
            os.chmod(temporary, _mode_for(target))
        if not replace and os.path.lexists(target):  # another writer was quicker
            raise OutputExists(path, "the file appeared while it was being written; nothing was replaced")
        os.replace(temporary, target)
    except OSError as error:
        with suppress(OSError):
            temporary.unlink()
        raise _named(error, target) from error
    except BaseException:
        with suppress(OSError):
            temporary.unlink()
        raise
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    replace: bool = False,
    protect: Iterable[str | os.PathLike[str] | None] = (),
) -> None:
    """Write ``data`` to ``path`` whole or not at all (an existing file only with ``replace``)."""
    with replacing(path, replace=replace, protect=protect) as temporary, open(temporary, "wb") as out:
        out.write(data)
        out.flush()


def write_text(
    path: str | os.PathLike[str],
    text: str,
    *,
    replace: bool = False,
    protect: Iterable[str | os.PathLike[str] | None] = (),
) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` whole or not at all (an existing file only with
    ``replace``)."""
    write_bytes(path, text.encode("utf-8"), replace=replace, protect=protect)


def write_with(
    path: str | os.PathLike[str],
    writer: Callable[[Path], object],
    check: Callable[[Path], bool],
    *,
    replace: bool = False,
    protect: Iterable[str | os.PathLike[str] | None] = (),
) -> None:
    """Let ``writer`` write the temporary file; ``check`` says the result is whole (else ENOSPC-like failure)."""
    with replacing(path, replace=replace, protect=protect) as temporary:
        writer(temporary)
        if not check(temporary):
            raise OSError(28, "the file could not be written completely (is the disk full?)", str(path))


def _abandoned(part: Path) -> bool:
    """No writer holds the ``.part`` file any more."""
    if fcntl is None:  # pragma: no cover - Windows
        try:
            return time.time() - part.stat().st_mtime > LEFTOVER_AGE_S
        except OSError:
            return False
    try:
        fd = os.open(part, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # a writer is at work
    else:
        return True
    finally:
        os.close(fd)


def remove_leftovers(folders: Iterable[str | os.PathLike[str]]) -> tuple[Path, ...]:
    """Remove the ``.NAME.XXXX.part`` files that writers killed part-way left in ``folders``; returns them."""
    removed: list[Path] = []
    for folder in dict.fromkeys(Path(f) for f in folders):
        try:
            candidates = [p for p in folder.glob(f".*{PART_SUFFIX}") if p.is_file() and not p.is_symlink()]
        except OSError:
            continue
        for part in candidates:
            if part.name.count(".") >= 3 and _abandoned(part):
                with suppress(OSError):
                    part.unlink()
                    removed.append(part)
    return tuple(removed)
