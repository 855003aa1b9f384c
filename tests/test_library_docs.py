"""Every example in docs/library.md runs, and prints what its comments say it prints.

The line marked `# any ADK model` becomes a scripted model answering as the comment above it
describes; nothing else on the page is changed.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from scripted_llm import Call, ScriptedLlm

PAGE = Path(__file__).resolve().parents[1] / "docs" / "library.md"
MODEL_LINE = re.compile(r"^model = .*# any ADK model$", re.MULTILINE)
PRINTED = re.compile(r"^\s*print\(.*\)\s*# (.+)$", re.MULTILINE)

QUIZ = json.loads(
    (Path(__file__).parent / "data" / "artifacts" / "photosynthesis_quiz_repaired.json")
    .read_text(encoding="utf-8"))

# What the model answers in each section's example (the comment above its model line).
SCRIPTS: dict[str, list[Any]] = {
    "The split checker in your LoopAgent": [
        {"draft_ok": "Pasta is boiled.", "draft_not_ok": "My cat sleeps."}],
    "The split checker in a Workflow graph": [
        {"draft_ok": "Pasta is boiled.", "draft_not_ok": "My dog sleeps."},
        {"draft_ok": "Pasta is boiled.", "draft_not_ok": "My cat sleeps."}],
    "The duplicate filter as a plugin on your App": [
        "Try Luigi's for pasta. Try Luigi's for pasta. Book early."],
    "Edit ops as a toolset": [
        Call("edit_ops", {"ops": [{"type": "replace", "anchor": "truly amazing",
                                   "text": "fine"}], "base_version": 0}),
        "Done."],
    "An artifact contract with the repair loop": [QUIZ, {"issues": []}],
    "The artifact contract in a Workflow graph": [
        {"questions": [{**QUIZ["questions"][0], "options": QUIZ["questions"][0]["options"][:3]}]},
        {"questions": [QUIZ["questions"][0]]}],
    "The document summary for your judge": [],
    "Argument guards as a plugin on your App": [
        Call("book_table", {"party_size": 4, "day": "saturday"}), "Booked."],
    "The claim guard as a plugin on your App": [
        "I booked a table for 4 on Friday.",
        Call("book_table", {"party_size": 4}), "I booked a table for 4. I also ordered a cake."],
}


def _examples() -> list[tuple[str, str]]:
    section, found = "", []
    in_code = False
    lines: list[str] = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif line == "```python":
            in_code, lines = True, []
        elif line == "```" and in_code:
            in_code = False
            found.append((section, "\n".join(lines)))
        elif in_code:
            lines.append(line)
    return found


def test_every_section_has_its_example() -> None:
    assert [section for section, _ in _examples()] == list(SCRIPTS)


@pytest.mark.parametrize(("section", "code"), _examples(), ids=[s for s, _ in _examples()])
def test_the_example_runs(section: str, code: str, tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the built-in settings, not this checkout's agents.yaml
    model = ScriptedLlm(SCRIPTS[section])
    runnable, count = MODEL_LINE.subn("model = __scripted_model__", code)
    assert count == (1 if SCRIPTS[section] else 0)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(runnable, f"docs/library.md: {section}", "exec"),
             {"__scripted_model__": model, "__name__": "example"})
    assert out.getvalue().splitlines() == PRINTED.findall(code)
    assert model.remaining == 0


def test_the_install_lines_name_what_exists() -> None:
    """Issue 25: draftguard is not on PyPI, so the page installs from a clone or a wheel,
    and the wheel it names is the one `pip wheel .` builds from this pyproject."""
    import tomllib

    page = PAGE.read_text(encoding="utf-8")
    project = tomllib.loads((PAGE.parents[1] / "pyproject.toml").read_text())["project"]
    bash = re.findall(r"```bash\n(.*?)```", page, re.DOTALL)[0]
    assert not re.search(r"pip install draftguard\b", bash)
    assert "pip install ." in bash
    assert f"dist/{project['name']}-{project['version']}-py3-none-any.whl" in bash
