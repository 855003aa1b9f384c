"""`serve` and `worker` refuse a database or key they cannot use with one line and exit 2,
before listening or claiming: no traceback, no secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftguard.jobs._config import normalize_database_url
from draftguard_adk.cli import main

KEY = "alice-key-0123456789"
# Port 1 on loopback: nothing listens there, so the connection is refused at once.
DOWN = "postgresql://u:p@127.0.0.1:1/none"


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DRAFTGUARD_JOBS_DB", str(tmp_path / "jobs.sqlite3"))
    monkeypatch.setenv("DRAFTGUARD_API_KEYS", f"alice:{KEY}")


@pytest.mark.parametrize(
    ("argv", "env", "message"),
    [
        (["worker", "--once"], {"DATABASE_URL": DOWN + "?sslmode=require"},
         "cannot open the job database"),
        (["worker", "--once"], {"DATABASE_URL": DOWN + "?sslmode=bogus"},
         "sslmode must be one of"),
        (["worker", "--once"], {"DATABASE_URL": DOWN + "?no_such_option=1"},
         "cannot open the job database"),
        (["worker", "--once"], {"DATABASE_URL": "postgresql://u:p@127.0.0.1:99999/x"},
         "port must be 1..65535, got 99999"),
        (["worker", "--once"], {"DATABASE_URL": "postgresql://u:p@127.0.0.1:abc/x"},
         "database URL does not parse"),
        (["worker", "--once", "--database-url", "postgresql://u:p@127.0.0.1:0/x"], {},
         "port must be 1..65535, got 0"),
        (["serve", "--port", "0"], {"DATABASE_URL": DOWN}, "cannot open the job database"),
        (["serve", "--port", "0"], {"DRAFTGUARD_API_KEYS": "alice:sha256:zz"},
         "api key for 'alice': a sha256 digest must be 64 hex characters"),
        (["serve", "--port", "0"], {"DRAFTGUARD_API_KEYS": "alice"}, "entry 1 is not"),
    ],
)
def test_unusable_database_or_key_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    argv: list[str], env: dict[str, str], message: str,
) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert main(argv) == 2
    out = capsys.readouterr()
    assert message in out.err, out.err
    assert "Traceback" not in out.err and len(out.err.strip().splitlines()) == 1
    assert out.out == ""


@pytest.mark.parametrize("mode", ["disable", "prefer", "require", "verify-full"])
def test_libpq_sslmode_is_handed_to_asyncpg_as_ssl(mode: str) -> None:
    assert normalize_database_url(f"postgresql://u@h:5432/d?sslmode={mode}&x=1") == \
        f"postgresql+asyncpg://u@h:5432/d?ssl={mode}&x=1"


def test_serve_refuses_an_unreachable_database_before_listening(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("DATABASE_URL", DOWN)
    assert main(["serve", "--port", str(port)]) == 2
    with socket.socket() as again:  # the port was never taken: nothing bound it
        again.bind(("127.0.0.1", port))
    assert "cannot open the job database" in capsys.readouterr().err
