""".ci/start_postgres.sh says whether it started the server, so scripts/test stops only that."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci" / "start_postgres.sh"

pytestmark = pytest.mark.skipif(not glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                                reason="PostgreSQL's server binaries are not installed")


@pytest.fixture
def cluster() -> Iterator[dict[str, str]]:
    """Settings for a throwaway cluster of this test's own (never the shared one)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = tempfile.mkdtemp(prefix="draftguard-pg-test-", dir="/tmp")  # postgres must reach it
    env = {**os.environ, "DRAFTGUARD_PG_PORT": str(port), "DRAFTGUARD_PG_DIR": base}
    yield env
    subprocess.run(["bash", str(SCRIPT), "--stop"], env=env, capture_output=True, timeout=120)
    shutil.rmtree(base, ignore_errors=True)


def _start(env: dict[str, str]) -> dict[str, str]:
    out = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True,
                         timeout=300, check=True).stdout
    return dict(line.removeprefix("export ").split("=", 1) for line in out.splitlines())


def _running(env: dict[str, str]) -> bool:
    pid = Path(env["DRAFTGUARD_PG_DIR"]) / "data" / "postmaster.pid"
    return pid.exists()


def test_started_is_1_only_for_the_call_that_started_it(cluster: dict[str, str]) -> None:
    first = _start(cluster)
    assert first["DRAFTGUARD_PG_STARTED"] == "1"
    assert first["DRAFTGUARD_TEST_DATABASE_URL"].endswith(
        f":{cluster['DRAFTGUARD_PG_PORT']}/draftguard_test")
    assert _start(cluster)["DRAFTGUARD_PG_STARTED"] == "0"
    subprocess.run(["bash", str(SCRIPT), "--stop"], env=cluster, capture_output=True,
                   timeout=120, check=True)
    assert not _running(cluster)
