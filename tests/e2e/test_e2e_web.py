"""The five tasks in `adk web`, as a user does them: headless Chromium typing into the dev UI.

The server is the real `adk web` on a free loopback port, started from the repository root
on the embedded model; Debian's chromium and chromedriver drive its UI through selenium (the
driver's path is given, so selenium-manager never downloads one). The checks read the session
and artifacts back through the same server's REST API. Screenshots of every turn are kept in
the test's temporary folder, named in the log.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from e2e_harness import (
    ADK,
    CHROMEDRIVER,
    CHROMIUM,
    REPO,
    SEEDED,
    TASK_GROUPS,
    TURN_TIMEOUT_S,
    ModelCalls,
    Recorder,
    app_env,
    free_port,
    log_printer,
    markdown_part,
    part_text,
    require,
    require_local_model,
    tool_paths,
    wait_for,
)
from google.adk.sessions import Session
from google.genai import types

pytestmark = pytest.mark.e2e

USER = "user"  # the dev UI's user id
PAGE_LINES = 80  # of the page's text printed when a wait times out
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,1000",
    # The dev UI asks for web fonts; offline, that must fail at once, not wait on DNS.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)


@pytest.fixture(scope="module")
def adk_web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, ModelCalls]]:
    for name, present in tool_paths()[:2]:
        require(name, present)
    require_local_model()
    require("adk", ADK.exists())
    work = tmp_path_factory.mktemp("adk_web")
    calls = ModelCalls(work / "model_calls.jsonl")
    port = free_port()
    log = (work / "server.log").open("wb")
    proc = subprocess.Popen(
        [str(ADK), "web", "--host", "127.0.0.1", "--port", str(port), "."],
        cwd=REPO, env=app_env(calls.path), stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        if proc.poll() is not None:
            raise AssertionError(f"adk web exited ({proc.returncode}); see {log.name}")
        try:
            return httpx.get(f"{base}/list-apps", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        try:
            wait_for(up, timeout=120, what="adk web did not start")
        except TimeoutError:
            log.flush()
            tail = Path(log.name).read_text(encoding="utf-8", errors="replace")[-4000:]
            print(f"adk web did not start; the end of its log:\n{tail}")
            raise
        yield base, calls
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        log.close()
        print(f"adk web log: {log.name}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    for name, present in tool_paths()[:2]:
        require(name, present)
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        require("selenium (the dev extra)", False)
        raise
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    profile = tempfile.mkdtemp(prefix="draftguard-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


class WebStore:
    """The session and its artifacts, read through the server's REST API."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.app = ""
        self.session_id = ""

    def _url(self, tail: str = "") -> str:
        return f"{self.base}/apps/{self.app}/users/{USER}/sessions/{self.session_id}{tail}"

    def _get(self, tail: str = "", **params: Any) -> Any:
        response = httpx.get(self._url(tail), params=params, timeout=30)
        if response.status_code == 404:
            return None
        response.raise_for_status()
        return response.json()

    def session(self) -> Session:
        assert self.session_id, "no session yet: nothing was sent"
        return Session.model_validate(self._get())

    def versions(self, name: str) -> list[int]:
        if not self.session_id:
            return []
        return sorted(self._get(f"/artifacts/{name}/versions") or [])

    def artifact(self, name: str, version: int | None = None) -> str | None:
        params = {"version": version} if version is not None else {}
        data = self._get(f"/artifacts/{name}", **params)
        return part_text(types.Part.model_validate(data)) if data else None

    def seed_post(self, text: str) -> None:
        body = {"filename": "draft.md", "customMetadata": SEEDED,
                "artifact": markdown_part(text).model_dump(mode="json", by_alias=True,
                                                           exclude_none=True)}
        httpx.post(self._url("/artifacts"), json=body, timeout=30).raise_for_status()


class WebChat:
    """The dev UI's chat box, driven like a person: type, press Enter, wait for the reply."""

    multiline = True

    def __init__(self, driver: Any, store: WebStore, shots: Path, emit: Any) -> None:
        self.driver = driver
        self.store = store
        self.shots = shots
        self.emit = emit
        self.turn = 0
        self.timeouts = 0

    def _by(self) -> Any:
        from selenium.webdriver.common.by import By

        return By

    def new_session(self, app: str) -> None:
        By = self._by()
        self.store.app, self.store.session_id = app, ""
        self.driver.get(f"{self.store.base}/dev-ui/?app={app}")
        box = self._wait(lambda: self.driver.find_elements(By.CSS_SELECTOR,
                                                           "textarea.chat-input-box"),
                         timeout=60, what="the dev UI shows no message box")
        assert box
        # The UI asks once per browser profile about usage data; the answer is no.
        for _ in range(6):
            refuse = [b for b in self.driver.find_elements(By.TAG_NAME, "button")
                      if b.text.strip() == "No Thanks"]
            if refuse:
                refuse[0].click()
                break
            time.sleep(0.5)

    def _wait(self, predicate: Callable[[], Any], *, timeout: float, what: str) -> Any:
        """`wait_for`; on a timeout, a screenshot and the page's text go into the log first."""
        try:
            return wait_for(predicate, timeout=timeout, what=what)
        except TimeoutError:
            self.timeouts += 1
            shot = self.shots / f"timeout{self.timeouts:02d}-{self.store.app or 'ui'}.png"
            self.driver.save_screenshot(str(shot))
            By = self._by()
            page = "\n".join(el.text for el in self.driver.find_elements(By.TAG_NAME, "body"))
            shown = "\n".join(f"  | {ln}" for ln in page.strip().splitlines()[-PAGE_LINES:])
            self.emit(f"[web {self.store.app}] timed out: {what}; screenshot {shot}; "
                      f"the page ({self.driver.current_url}):\n{shown}")
            raise

    def _session_from_url(self) -> str:
        query = parse_qs(urlparse(self.driver.current_url).query)
        return (query.get("session") or [""])[0]

    def _idle(self) -> bool:
        By = self._by()
        busy = self.driver.find_elements(By.CSS_SELECTOR,
                                         ".stop-message-btn, .agent-loading-indicator")
        box = self.driver.find_elements(By.CSS_SELECTOR, "textarea.chat-input-box")
        return not busy and bool(box) and box[0].is_enabled()

    def _user_event_stored(self, text: str) -> bool:
        self.store.session_id = self.store.session_id or self._session_from_url()
        if not self.store.session_id:
            return False
        session = self.store.session()
        return any(e.author == "user" and e.content is not None and
                   any((p.text or "").strip() == text.strip() for p in e.content.parts or [])
                   for e in session.events)

    def send(self, text: str) -> str:
        from selenium.webdriver.common.keys import Keys

        By = self._by()
        self.turn += 1
        # A turn the last task gave up on may still be running: a person waits for it too.
        self._wait(self._idle, timeout=TURN_TIMEOUT_S, what="the previous turn never ended")
        box = self.driver.find_element(By.CSS_SELECTOR, "textarea.chat-input-box")
        box.click()
        lines = text.split("\n")
        for i, line in enumerate(lines):
            box.send_keys(line)
            if i < len(lines) - 1:
                box.send_keys(Keys.SHIFT, Keys.ENTER)
        box.send_keys(Keys.ENTER)
        try:
            self._wait(lambda: self._user_event_stored(text), timeout=60,
                       what=f"the message was not stored: {text[:40]!r}")
            # Two idle looks a second apart: the UI is idle for an instant between events.
            self._wait(lambda: self._idle() and (time.sleep(1.0) or self._idle()),
                       timeout=TURN_TIMEOUT_S, what=f"no reply to {text[:40]!r}")
        finally:
            shot = self.shots / f"turn{self.turn:02d}-{self.store.app}.png"
            self.driver.save_screenshot(str(shot))
        seen = self._last_reply()
        self.emit(f"[web {self.store.app} #{self.turn}] > {text[:100]}\n{seen}\n"
                  f"  (screenshot {shot})")
        return seen

    def _last_reply(self) -> str:
        """The rows the UI shows after the user's last message: replies and tool chips."""
        By = self._by()
        rows = self.driver.find_elements(By.CSS_SELECTOR, "app-event-row")
        users = [i for i, row in enumerate(rows)
                 if "user" in (row.get_attribute("class") or "").split()]
        start = users[-1] + 1 if users else 0
        return "\n".join(f"  {row.text}" for row in rows[start:])


@pytest.fixture
def web(adk_web: tuple[str, ModelCalls], browser: Any, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[WebChat, WebStore, Recorder]]:
    base, calls = adk_web
    emit = log_printer(capsys)
    store = WebStore(base)
    yield WebChat(browser, store, tmp_path, emit), store, Recorder("adk web", calls, emit)



@pytest.mark.parametrize("group", list(TASK_GROUPS))
def test_user_tasks(group: str, web: tuple[WebChat, WebStore, Recorder]) -> None:
    chat, store, rec = web
    TASK_GROUPS[group](chat, store, rec)
    rec.assert_all_ok()
