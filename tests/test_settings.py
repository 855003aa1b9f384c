"""agents.yaml as typed sections: every key a field, one default each, clear errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from draftguard.dedupe._stream import DedupeSettings
from draftguard.documents._analysis import AnalysisSettings
from draftguard.edits import EditPlan, EditStatus, apply_plan
from draftguard.edits._patcher import line_budget
from draftguard.errors import ConfigError
from draftguard.settings import (
    ArtifactRepairSettings,
    ContentEditorSettings,
    ContentSplitterSettings,
    DocumentValidatorSettings,
    ProjectSettings,
    load_settings,
)
from draftguard.settings._system_settings import PatchSettings
from draftguard.split import check_split

ROOT = Path(__file__).resolve().parents[1]
AGENTS_YAML = ROOT / "agents.yaml"
# A documented default is a commented-out `key: value` line inside a section.
_DOCUMENTED = re.compile(r"(?m)^(\s+)# (?=[a-z_]+: )")


def _documented_yaml() -> dict[str, Any]:
    """The repository's agents.yaml with every documented default uncommented."""
    raw = yaml.safe_load(_DOCUMENTED.sub(r"\1", AGENTS_YAML.read_text(encoding="utf-8")))
    assert isinstance(raw, dict)
    return raw


def _leaf_paths(data: Any, prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    if isinstance(data, dict) and data and prefix[-1:] != ("api_keys",):
        return {p for k, v in data.items() for p in _leaf_paths(v, (*prefix, str(k)))}
    return {prefix}


def _field_paths(model: type[BaseModel], prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    paths: set[tuple[str, ...]] = set()
    for name, field in model.model_fields.items():
        if field.exclude:
            continue
        ann = field.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            paths |= _field_paths(ann, (*prefix, name))
        else:
            paths.add((*prefix, name))
    return paths


def _write(tmp_path: Path, text: str) -> Path:
    cfg = tmp_path / "agents.yaml"
    cfg.write_text(text, encoding="utf-8")
    return cfg


# --- one source per default ---------------------------------------------------------------

def test_every_key_of_agents_yaml_is_a_typed_field_and_every_field_is_documented() -> None:
    assert _leaf_paths(_documented_yaml()) == _field_paths(ProjectSettings)


def test_an_empty_agents_yaml_gives_exactly_the_defaults_documented_in_its_comments(
    tmp_path: Path,
) -> None:
    empty = load_settings(_write(tmp_path, ""))
    documented = ProjectSettings.model_validate(_documented_yaml())
    assert empty.model_dump() == documented.model_dump() == ProjectSettings().model_dump()
    # The repository's file sets nothing: every value in it is a comment.
    assert load_settings(AGENTS_YAML).model_dump() == ProjectSettings().model_dump()


def test_sections_with_nothing_under_them_are_empty_not_errors(tmp_path: Path) -> None:
    text = "defaults:\nagents:\n  blogger:\n  event_planning:\n    duplicate_detector:\n"
    assert load_settings(_write(tmp_path, text)).model_dump() == ProjectSettings().model_dump()


def test_the_code_that_uses_a_setting_defaults_to_the_section_value() -> None:
    """Pins that defaults spelled in signatures and fields are the section's, not copies."""
    from draftguard_adk.artifacts._loop import ArtifactRepairLoop
    from draftguard_adk.dedupe import DuplicateDetector
    from draftguard_adk.documents._validator import DocumentValidator
    from draftguard_adk.split import ContentSplitValidationChecker, SplitInputGuard

    split = ContentSplitterSettings()
    checker = ContentSplitValidationChecker(name="c")
    assert (checker.length_tolerance, checker.granularity) == (
        split.length_tolerance, split.granularity)
    assert SplitInputGuard(name="g").max_draft_bytes == split.max_draft_bytes
    assert check_split("a\n\nb", "a", "b").granularity == split.granularity

    repair = ArtifactRepairSettings()
    loop = ArtifactRepairLoop(name="l")
    assert (loop.max_repairs, loop.call_timeout_s, loop.max_source_chars,
            loop.prompt_example) == (repair.max_repairs, repair.call_timeout_s,
                                     repair.max_source_chars, repair.prompt_example)

    docs = DocumentValidatorSettings()
    validator = DocumentValidator(name="v")
    assert (validator.min_quality, validator.preview_budget_bytes, validator.call_timeout_s,
            validator.prompt_example) == (docs.min_quality, docs.preview_budget_bytes,
                                          docs.call_timeout_s, docs.prompt_example)
    assert docs.analysis() == AnalysisSettings()

    detector = DuplicateDetector()
    assert detector.settings == DedupeSettings()

    editor = ContentEditorSettings()
    assert (editor.score_cutoff, editor.max_changed_lines, editor.max_changed_fraction) == (
        PatchSettings.score_cutoff, PatchSettings.max_changed_lines,
        PatchSettings.max_changed_fraction)
    assert line_budget(1000) == editor.max_changed_lines
    assert line_budget(100) == int(100 * editor.max_changed_fraction)


def test_cli_defaults_come_from_the_same_place() -> None:
    import argparse

    from draftguard_adk.cli import analyze_docs, check_split, dedupe, edit

    def defaults(module: Any) -> dict[str, Any]:
        parser = argparse.ArgumentParser()
        module.register(parser.add_subparsers())
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        only = next(iter(sub.choices.values()))
        return {a.dest: a.default for a in only._actions}

    split, dedup, analysis = ContentSplitterSettings(), DedupeSettings(), AnalysisSettings()
    assert defaults(check_split)["length_tolerance"] == split.length_tolerance
    assert defaults(check_split)["granularity"] == split.granularity.value
    got = defaults(dedupe)
    assert (got["threshold"], got["chunk_threshold"], got["window"], got["min_chars"]) == (
        dedup.content_similarity_threshold, dedup.similarity_threshold,
        dedup.sentence_window_size, dedup.min_sentence_chars)
    assert defaults(edit)["score_cutoff"] == ContentEditorSettings().score_cutoff
    got = defaults(analyze_docs)
    assert (got["full_preview_max_bytes"], got["large_preview_bytes"]) == (
        analysis.full_preview_max_bytes, analysis.large_preview_bytes)


def test_the_patcher_takes_its_settings_whole() -> None:
    doc = "# T\n\nGeno's won, by a whisker.\n"
    plan = EditPlan.model_validate(
        {"ops": [{"type": "replace", "anchor": "Genos won by a whiskr", "text": "x"}]})
    assert apply_plan(doc, plan).status is EditStatus.APPLIED  # fuzzy, above the default 85
    assert apply_plan(doc, plan, settings=PatchSettings(score_cutoff=99.0)).status is (
        EditStatus.REJECTED)


# --- merging and loading once ---------------------------------------------------------------

def test_defaults_fill_every_agent_that_sets_no_model(tmp_path: Path) -> None:
    cfg = _write(tmp_path, "defaults:\n  model: gguf:/all.gguf\n"
                           "agents:\n  artifact_repair:\n    model: local:smollm2\n")
    settings = load_settings(cfg)
    assert settings.agent("blogger").model == "gguf:/all.gguf"
    assert settings.agent("artifact_repair").model == "local:smollm2"
    assert settings.agent("split_planner").model == "gguf:/all.gguf"  # no section of its own
    assert settings.agents.blogger.model is None  # the raw section stays as written


def test_the_file_is_parsed_once_per_version(tmp_path: Path) -> None:
    cfg = _write(tmp_path, "agents:\n  content_splitter:\n    max_iterations: 4\n")
    first = load_settings(cfg)
    assert load_settings(cfg) is first
    assert load_settings(str(cfg)) is first
    cfg.write_text("agents:\n  content_splitter:\n    max_iterations: 5\n    # edited\n")
    again = load_settings(cfg)
    assert again is not first and again.agents.content_splitter.max_iterations == 5
    assert again.source == str(cfg.resolve())


def test_no_file_anywhere_gives_the_built_in_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from draftguard.settings import _loading

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(_loading, "_PACKAGED", tmp_path / "nowhere" / "agents.yaml")
    settings = load_settings()
    assert settings.source is None
    assert settings.model_dump() == ProjectSettings().model_dump()


# --- clear errors ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "where", "hint"),
    [
        ("agent:\n  blogger: {}\n", "agent", "did you mean 'agents'"),
        ("agents:\n  content_spliter: {}\n", "agents.content_spliter",
         "did you mean 'content_splitter'"),
        ("agents:\n  content_splitter:\n    max_iteration: 2\n",
         "agents.content_splitter.max_iteration", "did you mean 'max_iterations'"),
        ("agents:\n  event_planning:\n    duplicate_detector:\n      window: 5\n",
         "agents.event_planning.duplicate_detector.window", "known: similarity_threshold"),
        ("defaults:\n  max_iterations: 5\n", "defaults.max_iterations", "known: model"),
        ("agents:\n  content_editor:\n    model: x\n", "agents.content_editor.model",
         "known: output_dir"),
        ("source: x\n", "source", "unknown key"),
    ],
)
def test_an_unknown_key_is_a_config_error_naming_file_and_key(
    tmp_path: Path, text: str, where: str, hint: str
) -> None:
    cfg = _write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_settings(cfg)
    message = str(caught.value)
    assert message.startswith(f"{cfg.resolve()}: {where}: unknown key")
    assert hint in message and "\n" not in message


@pytest.mark.parametrize(
    ("text", "where", "says"),
    [
        ("agents:\n  content_splitter:\n    max_iterations: three\n",
         "agents.content_splitter.max_iterations", "valid integer, got 'three'"),
        ("agents:\n  content_splitter:\n    max_iterations: '3'\n",
         "agents.content_splitter.max_iterations", "valid integer, got '3'"),
        ("agents:\n  content_splitter:\n    granularity: word\n",
         "agents.content_splitter.granularity", "'paragraph', 'line' or 'sentence'"),
        ("agents:\n  content_splitter:\n    length_tolerance: .nan\n",
         "agents.content_splitter.length_tolerance", "finite number"),
        ("agents:\n  artifact_repair:\n    prompt_example: 'yes'\n",
         "agents.artifact_repair.prompt_example", "valid boolean, got 'yes'"),
        ("agents:\n  artifact_repair:\n    max_repairs: 3\n",
         "agents.artifact_repair.max_repairs", "less than or equal to 2"),
        ("agents:\n  content_editor:\n    score_cutoff: 101\n",
         "agents.content_editor.score_cutoff", "less than or equal to 100"),
        ("agents:\n  jobs:\n    api_keys: [alice]\n", "agents.jobs.api_keys", "valid dictionary"),
        ("agents:\n  document_validator:\n    parse_limit_bytes: 10\n",
         "agents.document_validator", "parse_limit_bytes must be at least"),
        ("agents:\n  blogger: [1]\n", "agents.blogger", "expected a mapping of keys, got [1]"),
    ],
)
def test_a_wrong_value_is_a_config_error_naming_file_and_key(
    tmp_path: Path, text: str, where: str, says: str
) -> None:
    cfg = _write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_settings(cfg)
    message = str(caught.value)
    assert message.startswith(f"{cfg.resolve()}: {where}: ")
    assert says in message and "\n" not in message


@pytest.mark.parametrize("path", sorted(_field_paths(ProjectSettings)), ids=".".join)
def test_every_field_refuses_a_value_of_the_wrong_type(
    tmp_path: Path, path: tuple[str, ...]
) -> None:
    data: dict[str, Any] = {}
    node = data
    for part in path[:-1]:
        node = node.setdefault(part, {})
    node[path[-1]] = [1, 2]  # no key of agents.yaml takes a list
    cfg = _write(tmp_path, yaml.safe_dump(data))
    with pytest.raises(ConfigError, match=re.escape(f": {'.'.join(path)}: ")):
        load_settings(cfg)


def test_a_bad_agents_yaml_is_exit_2_and_one_line_in_the_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from draftguard_adk.cli import main

    cfg = _write(tmp_path, "agents:\n  content_splitter:\n    max_draft_byte: 10\n")
    monkeypatch.setenv("DRAFTGUARD_CONFIG", str(cfg))
    for name in ("raw", "ok", "not_ok"):
        (tmp_path / name).write_text("Para.\n")
    code = main(["check-split", "--raw", str(tmp_path / "raw"), "--ok", str(tmp_path / "ok"),
                 "--not-ok", str(tmp_path / "not_ok")])
    err = capsys.readouterr().err
    assert code == 2
    assert "agents.content_splitter.max_draft_byte: unknown key" in err
    assert "did you mean 'max_draft_bytes'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


# --- the docs state the same defaults -----------------------------------------------------

_ROW = re.compile(r"^\| `(\w+)` \| ([^|]+?) \|", re.M)


def _section(doc: str, heading: str) -> str:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


@pytest.mark.parametrize(
    ("doc", "heading", "section"),
    [
        ("jobs.md", "## Configuration", "jobs"),
        ("artifacts.md", "## Settings", "artifact_repair"),
        ("documents.md", "## Settings", "document_validator"),
    ],
)
def test_the_docs_tables_state_the_real_defaults(doc: str, heading: str, section: str) -> None:
    defaults = getattr(ProjectSettings().agents, section).model_dump()
    rows = dict(_ROW.findall(_section(doc, heading)))
    checked = 0
    for key, cell in rows.items():
        if key not in defaults or key == "model":
            continue
        shown = cell.strip().strip("`")
        value = None if shown in ("–", "null") else yaml.safe_load(shown)
        assert value == (defaults[key] or None), (doc, key)
        checked += 1
    assert checked == len(defaults) - ("model" in defaults)


def test_the_dedupe_page_shows_the_real_defaults() -> None:
    block = re.search(r"```yaml\n(.*?)```", _section("dedupe.md", "## Settings"), re.S)
    assert block is not None
    shown = yaml.safe_load(block.group(1))["agents"]["event_planning"]["duplicate_detector"]
    assert shown == DedupeSettings().model_dump()
