"""No credential in what `serve` and `worker` print: every form a database URL or an API key
can take is masked by the one redaction function, and the CLI's error lines go through it."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from draftguard.errors import ConfigError
from draftguard.jobs import load_job_settings
from draftguard.jobs._config import ApiKeys, normalize_database_url
from draftguard.jobs._redact import redact
from draftguard_adk.cli import main

# Printable, no whitespace or quotes (a URL cannot hold them raw); '@', ':', '/', '?', '#'
# and '%' included: the characters that break naive userinfo parsing.
_PASSWORD = st.text(
    alphabet=st.characters(min_codepoint=33, max_codepoint=126, exclude_characters="\"'<>`\\"),
    min_size=1, max_size=40,
)


@given(password=_PASSWORD)
def test_a_userinfo_password_is_masked_whatever_it_holds(password: str) -> None:
    url = f"postgresql+asyncpg://alice:{password}@db.example:5432/jobs?sslmode=require"
    assert redact(url) == "postgresql+asyncpg://alice:***@db.example:5432/jobs?sslmode=require"
    encoded = f"postgresql://alice:{quote(password, safe='')}@db.example/jobs"
    assert redact(encoded) == "postgresql://alice:***@db.example/jobs"


@given(password=_PASSWORD, key=st.sampled_from(
    ["password", "PASSWORD", "sslpassword", "sslkey", "sslcert", "passfile", "token"]))
def test_a_query_credential_is_masked_and_other_parameters_kept(password: str, key: str) -> None:
    value = quote(password, safe="")
    url = f"postgresql://alice@db.example/jobs?sslmode=require&{key}={value}&application_name=x"
    assert redact(url) == (
        f"postgresql://alice@db.example/jobs?sslmode=require&{key}=***&application_name=x")
    first = f"postgresql://db.example/jobs?{key}={value};connect_timeout=5"
    assert redact(first) == f"postgresql://db.example/jobs?{key}=***;connect_timeout=5"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("postgresql://:hunter22@h/d", "postgresql://:***@h/d"),
        ("connect to postgres://u:hunter22@h/d failed", "connect to postgres://u:***@h/d failed"),
        ("host=db user=u password=hunter22 sslmode=require",
         "host=db user=u password=*** sslmode=require"),
        ("host=db password='hunter 22' port=5432", "host=db password=*** port=5432"),
        ("sqlite+aiosqlite:////srv/jobs.sqlite3", "sqlite+aiosqlite:////srv/jobs.sqlite3"),
        ("postgresql://u@h/d?sslmode=require", "postgresql://u@h/d?sslmode=require"),
    ],
)
def test_every_other_form_is_masked_and_harmless_text_is_kept(text: str, shown: str) -> None:
    assert redact(text) == shown


def test_known_secrets_are_masked_longest_first() -> None:
    key = "alice-key-0123456789"
    assert redact(f"got {key} and {key}-2", secrets=[key, f"{key}-2"]) == "got *** and ***"


def test_bad_url_errors_never_echo_the_url() -> None:
    for url in ("user:hunter22@db/jobs", "password=hunter22 host=db",
                "postgresql://u:hunter22@db:port/jobs", "postgresql://u:hunter22@db:99999/jobs"):
        with pytest.raises(ConfigError) as info:
            normalize_database_url(url)
        assert "hunter22" not in str(info.value), str(info.value)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ("alice-key-0123456789", "entry 1 is not 'user:key'"),
        ("bob:bob-key-0123456789,alice-key-0123456789", "entry 2 is not 'user:key'"),
        ("alice:", "entry 1 is not 'user:key'"),
    ],
)
def test_a_malformed_key_entry_is_named_by_position_never_echoed(env: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as info:
        load_job_settings({"DRAFTGUARD_API_KEYS": env})
    assert "alice-key" not in str(info.value)


@pytest.mark.parametrize("digest", ["zz", "ab" * 31 + "zz", "0" * 63, "0" * 65])
def test_a_bad_sha256_digest_is_a_config_error_without_the_digest(digest: str) -> None:
    with pytest.raises(ConfigError, match="64 hex characters") as info:
        ApiKeys({"alice": f"sha256:{digest}"})
    assert digest not in str(info.value)


@pytest.mark.parametrize("command", [["worker", "--once"], ["serve", "--port", "0"]])
@pytest.mark.parametrize(
    "url",
    [
        "postgresql://alice:hunter22secret@127.0.0.1:1/jobs",
        "postgresql://alice@127.0.0.1:1/jobs?password=hunter22secret",
        "postgresql://alice@127.0.0.1:1/jobs?sslmode=disable&sslpassword=hunter22secret",
    ],
)
def test_the_cli_never_prints_a_database_password(
    url: str, command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("DRAFTGUARD_API_KEYS", "alice:alice-key-0123456789")
    assert main(command) == 2
    out = capsys.readouterr()
    assert "cannot open the job database" in out.err
    assert "hunter22secret" not in out.err + out.out
