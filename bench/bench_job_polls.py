"""Status polls per second against a real `draftguard serve` on SQLite, measured with wrk.

Starts `draftguard serve` (ADK's app + the job API, one uvicorn process, no embedded worker)
on a fresh SQLite job database, stores one completed quiz job, and hammers
`GET /ai/artifact/{job_id}` (API key checked, ownership checked, row read, JSON rendered) with
wrk. Baselines measured in the same run, on the same machine and load tool:

  * ADK's own `GET /list-apps` on the same server (no database, no auth);
  * a bare ASGI handler that reads the same row with synchronous sqlite3 (no framework).

Goal (issue 4): >= 500 polls/s. Needs `wrk` (apt-get install -y wrk) or `hey`.

Then kept-alive latency (issue 11): p50/p99 of polls on kept-alive connections at 1, 100 and
1,000 concurrent connections, for `draftguard serve` and the bare baseline side by side. Each
connection sends its next poll as soon as the last answer arrived, so a server that leaves
Nagle's algorithm on shows ~40 ms per poll here (the client's delayed ACK), whatever its
throughput. Goal: p50 at 1 connection <= 5 ms (Nagle: ~44 ms). Latency needs wrk.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
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
LATENCY_CONNECTIONS = (1, 100, 1000)
LATENCY_DURATION_S = 5
LATENCY_GOAL_MS = 5.0
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


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def _ms(text: str) -> float:
    m = re.fullmatch(r"([\d.]+)(us|ms|s)", text.strip())
    if m is None:
        raise SystemExit(f"wrk: cannot read latency {text!r}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def _latency(url: str, headers: dict[str, str], connections: int) -> dict[str, float]:
    """p50/p99 (ms) and requests/s from wrk over `connections` kept-alive connections."""
    threads = min(2, connections)
    cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{LATENCY_DURATION_S}s",
           "--timeout", "30s", "--latency"]
    for k, v in headers.items():
        cmd += ["-H", f"{k}: {v}"]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if p50 is None or p99 is None or rps is None:
        raise SystemExit(f"wrk: unexpected output:\n{out}")
    errors = re.search(r"Socket errors:.*", out)
    return {"p50_ms": round(_ms(p50.group(1)), 3), "p99_ms": round(_ms(p99.group(1)), 3),
            "rps": round(float(rps.group(1))), "socket_errors": errors.group(0) if errors else ""}


def _raise_fd_limit(wanted: int) -> None:
    """1,000 connections need more descriptors than a shell's usual 1,024 (both ends here)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


async def _seed_job(db: Path) -> str:
    sys.path.insert(0, str(ROOT / "src"))
    from draftguard.jobs import JobStore
    from draftguard.jobs._models import JobOutcome

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
    _raise_fd_limit(8192)  # inherited by the servers and wrk
    tmp = Path(tempfile.mkdtemp(prefix="bench-polls-"))
    db = tmp / "jobs.sqlite3"
    job_id = asyncio.run(_seed_job(db))
    # This checkout's sources first, by absolute path: the servers run from a temporary cwd.
    path = os.pathsep.join([str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "DRAFTGUARD_API_KEYS": f"bench:{KEY}", "DRAFTGUARD_JOBS_DB": str(db),
           "BENCH_DB": str(db), "PYTHONPATH": path}
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
        latency: dict[str, dict[str, dict[str, float]]] = {}
        if shutil.which("wrk"):
            bare_url = f"http://127.0.0.1:{bare_port}/ai/artifact/{job_id}"
            print(f"kept-alive poll latency, {LATENCY_DURATION_S}s per run (wrk, ms)")
            print(f"  {'connections':>11}  {'serve p50':>9} {'p99':>8} {'polls/s':>8}"
                  f"  {'bare p50':>8} {'p99':>8} {'req/s':>8}  {'p50 ratio':>9}")
            for n in LATENCY_CONNECTIONS:
                ours = _latency(poll_url, auth, n)
                base = _latency(bare_url, {}, n)
                latency[str(n)] = {"serve": ours, "bare": base}
                print(f"  {n:>11}  {ours['p50_ms']:>9.2f} {ours['p99_ms']:>8.2f} "
                      f"{ours['rps']:>8.0f}  {base['p50_ms']:>8.2f} {base['p99_ms']:>8.2f} "
                      f"{base['rps']:>8.0f}  {ours['p50_ms'] / max(base['p50_ms'], 1e-3):>9.2f}"
                      + (f"  ({ours['socket_errors']})" if ours["socket_errors"] else ""))
            fast = latency["1"]["serve"]["p50_ms"] <= LATENCY_GOAL_MS
            print(f"goal p50 <= {LATENCY_GOAL_MS:g} ms on one kept-alive connection "
                  f"(Nagle: ~44 ms): {'MET' if fast else 'NOT MET'}")
            met = met and fast
        else:
            print("kept-alive latency skipped: needs wrk (apt-get install -y wrk)")
        print(json.dumps({"polls_per_s": round(polls), "list_apps_per_s": round(list_apps),
                          "bare_sqlite_per_s": round(bare), "ratio_to_bare": round(polls / bare, 2),
                          "non_2xx": bad, "latency": latency, "goal_met": met}))
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
