"""Writing an output file whole or not at all: a temporary file in the same folder, then a rename.

A full disk, a file-size limit or any error part-way leaves the target as it
was (absent, or the previous version) and no temporary file; the error names
the file being written, not the tournament file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path


def _named(error: OSError, path: Path) -> OSError:
    if error.filename:
        return error
    named = OSError(error.errno, error.strerror or str(error), str(path))
    named.__cause__ = error
    return named


@contextmanager
def replacing(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path beside ``path``: renamed onto ``path`` when the block succeeds, removed otherwise."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as error:
        raise _named(error, target) from error
    os.close(fd)
    temporary = Path(name)
    try:
        yield temporary
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        with suppress(OSError):
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as error:
        with suppress(OSError):
            temporary.unlink()
        raise _named(error, target) from error
    except BaseException:
        with suppress(OSError):
            temporary.unlink()
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all."""
    with replacing(path) as temporary, open(temporary, "wb") as out:
        out.write(data)
        out.flush()


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` whole or not at all."""
    write_bytes(path, text.encode("utf-8"))


def write_with(path: str | os.PathLike[str], writer: Callable[[Path], object], check: Callable[[Path], bool]) -> None:
    """Let ``writer`` write the temporary file; ``check`` says the result is whole (else ENOSPC-like failure)."""
    with replacing(path) as temporary:
        writer(temporary)
        if not check(temporary):
            raise OSError(28, "the file could not be written completely (is the disk full?)", str(path))
