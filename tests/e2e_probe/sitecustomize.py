"""Counts the embedded model's completions in a process the end-to-end tests start.

The e2e tests put this folder on PYTHONPATH of `adk web` / `adk run`, and Python imports
`sitecustomize` at start-up. Every llama.cpp chat completion (the agents' own calls, and the
ones tools make inside, such as the quiz generator's) then appends one line to the file named
by DRAFTGUARD_E2E_CALLS_FILE, so a test can count model calls per task without relying on
what the apps choose to log. Nothing happens when that variable is unset.
"""

from __future__ import annotations

import functools
import json
import os
import time
from typing import Any


def _install(path: str) -> None:
    try:
        from llama_cpp import Llama
    except ImportError:  # no embedded model: nothing to count
        return
    original = Llama.create_chat_completion

    @functools.wraps(original)
    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"t": time.time(), "pid": os.getpid()}) + "\n")
        return original(self, *args, **kwargs)

    Llama.create_chat_completion = counted  # type: ignore[method-assign]


if os.environ.get("DRAFTGUARD_E2E_CALLS_FILE"):
    _install(os.environ["DRAFTGUARD_E2E_CALLS_FILE"])
