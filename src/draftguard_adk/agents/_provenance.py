"""Which calls and replies are code's: marks a model cannot forge.

The chat routers answer clear requests by code: they send a tool call in the model's place,
then write the reply from the tool's result. Both carry a mark, so the rest of the app can
tell code's work from a model's without any session-state key:

- a call code makes has the function-call id `dg-<nonce>-<mac>`, where the MAC (HMAC-SHA256
  under a secret made once per process) covers the invocation, the tool and its arguments;
  ADK keeps an id a callback sets, and hands it to the tool's callbacks as
  `tool_context.function_call_id` and back on the function response;
- a reply code writes carries `custom_metadata["draftguard"] = {"by": "code", "mac": ...}`
  over the invocation and its text, which ADK copies onto the event;
- a model's answer to a call code made for itself (`ask_json`: JSON for code to parse, never
  shown to a person) carries `custom_metadata["draftguard_structured"]`, a MAC over the
  invocation, so the filters of replies to people (raw output, claims, duplicates) let it
  through to the code that parses it.

A model's look-alike of either (an id it made up, a confirmation it imitated) fails the check.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from functools import cache
from typing import Any

__all__ = [
    "PROVENANCE_KEY",
    "code_call_id",
    "code_reply_metadata",
    "is_code_call",
    "is_code_reply",
    "is_structured_answer",
    "structured_answer_metadata",
]

#: The `custom_metadata` key of a reply's mark.
PROVENANCE_KEY = "draftguard"
#: The `custom_metadata` key of a structured answer's mark.
STRUCTURED_KEY = "draftguard_structured"
_PREFIX = "dg-"


@cache
def _secret() -> bytes:
    return secrets.token_bytes(32)


def _mac(*parts: str) -> str:
    message = "\x1f".join(parts).encode("utf-8", "surrogatepass")
    return hmac.new(_secret(), message, hashlib.sha256).hexdigest()[:32]


def _canonical(args: Mapping[str, Any]) -> str:
    return json.dumps(args, sort_keys=True, ensure_ascii=True, default=str)


def code_call_id(invocation_id: str, tool: str, args: Mapping[str, Any]) -> str:
    """The id of a call code makes with exactly these arguments in this invocation."""
    nonce = secrets.token_hex(6)
    return f"{_PREFIX}{nonce}-{_mac(invocation_id, nonce, tool, _canonical(args))}"


def is_code_call(call_id: str | None, invocation_id: str, tool: str,
                 args: Mapping[str, Any]) -> bool:
    """Whether the call `call_id` is one code made, unchanged (tool and arguments)."""
    if not call_id or not call_id.startswith(_PREFIX):
        return False
    nonce, _, mac = call_id[len(_PREFIX):].partition("-")
    return hmac.compare_digest(mac, _mac(invocation_id, nonce, tool, _canonical(args)))


def code_reply_metadata(invocation_id: str, text: str) -> dict[str, Any]:
    """The `custom_metadata` that marks `text` as a reply code wrote in this invocation."""
    return {PROVENANCE_KEY: {"by": "code", "mac": _mac(invocation_id, "reply", text)}}


def is_code_reply(metadata: Mapping[str, Any] | None, invocation_id: str, text: str) -> bool:
    """Whether `text` (a response's whole text) is a reply code wrote, unchanged."""
    mark = (metadata or {}).get(PROVENANCE_KEY)
    if not isinstance(mark, Mapping) or mark.get("by") != "code":
        return False
    return hmac.compare_digest(str(mark.get("mac")), _mac(invocation_id, "reply", text))


def structured_answer_metadata(invocation_id: str) -> dict[str, str]:
    """The mark of a model's answer to a call code made for itself in this invocation."""
    return {STRUCTURED_KEY: _mac(invocation_id, "structured")}


def is_structured_answer(metadata: Mapping[str, Any] | None, invocation_id: str) -> bool:
    """Whether a response is a structured answer for code in this invocation (no reply)."""
    mark = (metadata or {}).get(STRUCTURED_KEY)
    return isinstance(mark, str) and hmac.compare_digest(mark, _mac(invocation_id,
                                                                     "structured"))
