"""Status polls per second against a real `draftguard serve` on SQLite, measured with wrk.

Starts `draftguard serve` (ADK's app + the job API, one uvicorn process, no embedded worker)
on a fresh SQLite job database, stores one completed quiz job, and hammers
`GET /ai/artifact/{job_id}` (API key checked, ownership checked, row read, JSON rendered) with
wrk. Baselines measured in the same run, on the same machine and load tool:

  * ADK's own `GET /list-apps` on the same server (no database, no auth);
  * a bare ASGI handler that reads the same row with synchronous sqlite3 (no framework).

Goal (issue 4): >= 500 polls/s. Needs `wrk` (apt-get install -y wrk) or `hey`.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 500.0
DURATION_S = 8
CONNECTIONS = 32
KEY = "bench-key-0123456789abcdef"
ROOT = Path(__file__).resolve().parents[1]

BARE_APP = '''
import json, os, sqlite3
DB = os.environ["BENCH_DB"]

async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            msg = await receive()
            if msg["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            else:
                await send({"type": "lifespan.shutdown.complete"})
                return
    job_id = scope["path"].rsplit("/", 1)[-1]
    con = sqlite3.connect(DB)
    try:
        row = con.execute(
            "SELECT id, status, progress, artifact_type, created_at, updated_at, attempts, "
            "result FROM draftguard_jobs WHERE id = ?", (job_id,)).fetchone()
    finally:
        con.close()
    body = json.dumps({"job_id": row[0], "status": row[1], "progress": row[2],
                       "artifact_type": row[3], "created_at": row[4], "updated_at": row[5],
                       "attempts": row[6], "result": json.loads(row[7])}).encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})
'''

QUIZ = {"questions": [
    {"question": f"Question {i}: where does photosynthesis occur?",
     "options": ["Mitochondria", "Chloroplasts", "Nucleus", "Cell wall"],
     "correct_answer": "Chloroplasts",
     "explanation": "Chloroplasts contain chlorophyll and are the site of photosynthesis."}
    for i in range(1, 6)
]}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_http(url: str, headers: dict[str, str] | None = None, timeout: float = 90) -> None:
    import httpx

    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(url, headers=headers, timeout=5).status_code < 500:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"server at {url} did not come up")
        time.sleep(0.2)


def _load(url: str, headers: dict[str, str]) -> tuple[float, int]:
    """(requests/s, non-2xx responses) from wrk, or hey if wrk is missing."""
    if shutil.which("wrk"):
        cmd = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{DURATION_S}s", "--latency"]
        for k, v in headers.items():
            cmd += ["-H", f"{k}: {v}"]
        out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
        bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
        errors = re.search(r"Socket errors:.*", out)
        if errors:
            print(f"    wrk: {errors.group(0)}")
        return rps, int(bad.group(1)) if bad else 0
    if shutil.which("hey"):
        cmd = ["hey", "-z", f"{DURATION_S}s", "-c", str(CONNECTIONS)]
        for k, v in headers.items():
            cmd += ["-H", f"{k}: {v}"]
        out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
        codes = re.findall(r"\[(\d{3})\]\s+(\d+) responses", out)
        return rps, sum(int(n) for code, n in codes if not code.startswith("2"))
    raise SystemExit("no load tool: apt-get install -y wrk (or install hey)")


async def _seed_job(db: Path) -> str:
    sys.path.insert(0, str(ROOT / "src"))
    from draftguard.jobs import JobOutcome, JobStore

    store = JobStore(f"sqlite+aiosqlite:///{db}")
    await store.create_schema()
    job = await store.create(owner="bench", artifact_type="quiz",
                             source="Photosynthesis occurs in chloroplasts.", request="quiz")
    claimed = await store.claim("bench", lease_seconds=60)
    assert claimed is not None
    await store.finish(claimed, JobOutcome(ok=True, result=QUIZ, attempts=1))
    await store.close()
    return job.id


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-polls-"))
    db = tmp / "jobs.sqlite3"
    job_id = asyncio.run(_seed_job(db))
    env = {**os.environ, "DRAFTGUARD_API_KEYS": f"bench:{KEY}", "DRAFTGUARD_JOBS_DB": str(db),
           "BENCH_DB": str(db)}
    env.pop("DATABASE_URL", None)
    port, bare_port = _free_port(), _free_port()
    (tmp / "bare_app.py").write_text(BARE_APP)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", "from draftguard_adk.cli import main; raise SystemExit(main())",
             "serve", "--port", str(port), "--workers", "0", "--no-web"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp,
        ),
        subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "bare_app:app", "--port", str(bare_port),
             "--log-level", "warning", "--no-access-log"],
            env={**env, "PYTHONPATH": str(tmp)}, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, cwd=tmp,
        ),
    ]
    try:
        auth = {"X-API-Key": KEY}
        poll_url = f"http://127.0.0.1:{port}/ai/artifact/{job_id}"
        _wait_http(poll_url, auth)
        _wait_http(f"http://127.0.0.1:{bare_port}/ai/artifact/{job_id}")
        import httpx

        body = httpx.get(poll_url, headers=auth).json()
        assert body["status"] == "completed" and body["result"] == QUIZ, body

        print(f"job status polls, {CONNECTIONS} connections, {DURATION_S}s each, "
              f"1 uvicorn process, SQLite, 2-core machine shared with the load tool")
        polls, bad = _load(poll_url, auth)
        list_apps, _ = _load(f"http://127.0.0.1:{port}/list-apps", {})
        bare, _ = _load(f"http://127.0.0.1:{bare_port}/ai/artifact/{job_id}", {})
        print(f"  draftguard serve GET /ai/artifact/{{id}}: {polls:9.0f} polls/s"
              f"  (non-2xx: {bad})")
        print(f"  baseline ADK GET /list-apps, same server: {list_apps:9.0f} req/s"
              f"  ratio {polls / list_apps:.2f}")
        print(f"  baseline bare ASGI + sync sqlite3:        {bare:9.0f} req/s"
              f"  ratio {polls / bare:.2f}")
        met = polls >= GOAL and bad == 0
        print(f"goal >= {GOAL:.0f} polls/s with no errors: {'MET' if met else 'NOT MET'}")
        print(json.dumps({"polls_per_s": round(polls), "list_apps_per_s": round(list_apps),
                          "bare_sqlite_per_s": round(bare), "non_2xx": bad, "goal_met": met}))
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
