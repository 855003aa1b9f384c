"""Session-state keys: one style, one home per package, and never shown to a person."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

import blogger.state_keys
import event_planning.state_keys
from draftguard.reply_guard import is_raw

ROOT = Path(__file__).resolve().parents[1]
HOMES = (blogger.state_keys, event_planning.state_keys)
STYLE = re.compile(r"^(?:temp:)?draftguard:[a-z][a-z_]*$")
# Other engineers own these packages' keys (artifacts, documents) or they are a documented
# contract (the split loop's `raw_draft`, `outline`, ...).
NOT_OURS = ("artifacts", "documents", "split", "sources")


def _keys(module: ModuleType) -> dict[str, str]:
    return {name: getattr(module, name) for name in module.__all__}


@pytest.mark.parametrize("module", HOMES, ids=lambda m: m.__name__)
def test_every_key_has_the_one_style(module: ModuleType) -> None:
    keys = _keys(module)
    assert keys and all(STYLE.match(value) for value in keys.values()), keys


def test_no_two_constants_share_a_key() -> None:
    values = [v for module in HOMES for v in _keys(module).values()]
    assert len(values) == len(set(values))


@pytest.mark.parametrize("key", [v for m in HOMES for v in _keys(m).values()])
def test_a_key_in_a_reply_is_cut(key: str) -> None:
    assert is_raw(f"I kept that in {key} for you.")


def test_no_key_is_spelt_outside_its_home() -> None:
    homes = {Path(m.__file__ or "").resolve() for m in HOMES}
    spelt = re.compile(r"[\"'](?:temp:|draftguard:)[a-z_:]+[\"']")
    found = []
    for folder in ("src/draftguard_adk", "blogger", "event_planning"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.resolve() in homes or any(part in NOT_OURS for part in path.parts):
                continue
            found += [f"{path.relative_to(ROOT)}: {m.group()}"
                      for m in spelt.finditer(path.read_text(encoding="utf-8"))]
    assert found == []
