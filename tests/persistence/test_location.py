"""``--db`` and File > Connect to a server: a file path or a PostgreSQL URL, nothing else (issue 32)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import URL

from arbiter_app.cli.arbiter import main
from arbiter_app.persistence import LocationError, parse_location, redacted


@pytest.mark.parametrize("text", ["open.db", "folder/open 2026.db", "C:\\events\\open.db", "./notes:2026.db",
                                  "/tmp/a?b%c.db"])  # fmt: skip
def test_a_path_is_a_file(text: str) -> None:
    assert parse_location(text) == Path(text)


@pytest.mark.parametrize("text", ["postgresql://arbiter@hall/open2026", "postgres://arbiter@hall/open2026",
                                  "postgresql+psycopg://arbiter@hall/open2026"])  # fmt: skip
def test_a_server_url_means_psycopg(text: str) -> None:
    url = parse_location(text)
    assert isinstance(url, URL)
    assert (url.drivername, url.username, url.host, url.database) == ("postgresql+psycopg", "arbiter", "hall",
                                                                       "open2026")  # fmt: skip


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("mysql://root@host/db", "scheme 'mysql'"),
        ("sqlite:///open.db", "scheme 'sqlite'"),
        ("file:open.db", "scheme 'file'"),
        ("postgresq://arbiter@hall/open", "scheme 'postgresq'"),
        ("postgresql+psycopg2://arbiter@hall/open", "scheme 'postgresql+psycopg2'"),
        ("postgresql://arbiter@hall", "names no database"),
    ],
)
def test_anything_else_is_refused(text: str, says: str) -> None:
    with pytest.raises(LocationError, match=re.escape(says)):
        parse_location(text)


def test_the_password_is_never_shown() -> None:
    url = parse_location("postgresql://arbiter:s3cret@hall:5433/open?password=other&sslmode=require")
    assert isinstance(url, URL) and url.password == "s3cret"  # kept to connect
    shown = redacted(url)
    assert shown == "postgresql+psycopg://arbiter@hall:5433/open?sslmode=require"
    with pytest.raises(LocationError) as refused:
        parse_location("mysql://root:s3cret@host/db")
    assert "s3cret" not in str(refused.value)


def test_the_command_line_refuses_a_url_it_cannot_use_and_makes_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["--db", "postgresq://arbiter:s3cret@/hall?host=/tmp/x", "new", "--name", "Open", "--rounds", "5"])
    err = capsys.readouterr().err
    assert exit_.value.code != 0 and "neither a tournament file's path nor a supported database URL" in err
    assert "s3cret" not in err
    assert list(tmp_path.iterdir()) == []  # no folder "postgresq:", no file


def test_an_unreachable_server_is_a_message_without_the_password(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--db", "postgresql://arbiter:s3cret@127.0.0.1:1/open", "show"])
    err = capsys.readouterr().err
    assert code != 0 and "cannot use the database on the server" in err
    assert "postgresql+psycopg://arbiter@127.0.0.1:1/open" in err and "s3cret" not in err


def test_the_window_refuses_it_too_before_it_opens(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter_app.app import _parser

    with pytest.raises(SystemExit):
        _parser().parse_args(["postgresq://arbiter:s3cret@/hall?host=/tmp/x"])
    err = capsys.readouterr().err
    assert "neither a tournament file's path nor a supported database URL" in err and "s3cret" not in err
    url = _parser().parse_args(["postgresql://arbiter@hall/open"]).path
    assert isinstance(url, URL) and url.drivername == "postgresql+psycopg"
