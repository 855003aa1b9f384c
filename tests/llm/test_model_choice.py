"""Model choice order, agents.yaml loading and how model strings resolve in ADK."""

from __future__ import annotations

from pathlib import Path

import pytest
from google.adk.models.registry import LLMRegistry

from draftguard.errors import ConfigError, ModelUnavailableError
from draftguard.model_choice import choose_model
from draftguard.settings import ProjectSettings, load_settings
from draftguard_adk.llm._gguf_locator import resolve_gguf
from draftguard_adk.llm._local_llm import LocalLlm, register_local_models

YAML = ProjectSettings.model_validate({"agents": {"content_splitter": {"model": "gguf:/m/x.gguf"}}})


def test_environment_override_wins_over_everything() -> None:
    env = {"DRAFTGUARD_MODEL": "local:smollm2", "GOOGLE_API_KEY": "k"}
    choice = choose_model("content_splitter", settings=YAML, env=env)
    assert (choice.model, choice.source) == ("local:smollm2", "env")


def test_per_agent_environment_override_beats_the_global_one() -> None:
    env = {"DRAFTGUARD_MODEL": "a", "DRAFTGUARD_MODEL_CONTENT_SPLITTER": "b"}
    assert choose_model("content_splitter", settings=YAML, env=env).model == "b"
    assert choose_model("blogger", settings=YAML, env=env).model == "a"


def test_agents_yaml_comes_before_gemini() -> None:
    choice = choose_model("content_splitter", settings=YAML, env={"GOOGLE_API_KEY": "k"})
    assert (choice.model, choice.source) == ("gguf:/m/x.gguf", "agents.yaml")


@pytest.mark.parametrize(
    "env",
    [
        {"GOOGLE_API_KEY": "k"},
        {"GOOGLE_GENAI_USE_VERTEXAI": "true", "GOOGLE_CLOUD_PROJECT": "p"},
    ],
)
def test_gemini_when_keys_or_vertex_are_configured(env: dict[str, str]) -> None:
    choice = choose_model("blogger", settings=YAML, env=env)
    assert (choice.model, choice.source) == ("gemini-2.5-flash", "gemini")
    over = choose_model("blogger", settings=YAML, env={**env, "DRAFTGUARD_GEMINI_MODEL": "g2"})
    assert over.model == "g2"


def test_vertex_flag_without_a_project_is_not_enough() -> None:
    env = {"GOOGLE_GENAI_USE_VERTEXAI": "true"}
    assert choose_model("blogger", settings=YAML, env=env).source == "local"


def test_embedded_model_otherwise() -> None:
    choice = choose_model("blogger", settings=ProjectSettings(), env={})
    assert (choice.model, choice.source) == ("local:smollm2", "local")


def test_agents_yaml_defaults_merge_under_agent_sections(tmp_path: Path) -> None:
    # `defaults` holds what every agent shares (the model); a key only some sections have,
    # like max_iterations, belongs in those sections (see test_settings.py).
    cfg = tmp_path / "agents.yaml"
    cfg.write_text(
        "defaults:\n  model: gguf:/all.gguf\n"
        "agents:\n  content_splitter:\n    max_iterations: 2\n    granularity: line\n"
        "    model: gguf:/own.gguf\n"
    )
    settings = load_settings(cfg)
    assert settings.agents.content_splitter.max_iterations == 2
    assert settings.agents.content_splitter.granularity == "line"
    assert settings.agent("blogger").model == "gguf:/all.gguf"
    assert settings.agent("content_splitter").model == "gguf:/own.gguf"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("agents: [1, 2]\n", "agents"),
        ("- just a list\n", "expected a mapping"),
        ("agents:\n  content_splitter:\n    max_iterations: 0\n", "max_iterations"),
        ("defaults: {model: [\n", "cannot read settings"),
    ],
)
def test_bad_agents_yaml_is_a_config_error(tmp_path: Path, text: str, message: str) -> None:
    cfg = tmp_path / "agents.yaml"
    cfg.write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_settings(cfg)


def test_repository_agents_yaml_is_valid() -> None:
    settings = load_settings(Path(__file__).resolve().parents[2] / "agents.yaml")
    assert settings.agents.content_splitter.max_iterations == 3


def test_the_model_choice_reads_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL", "gguf:/elsewhere.gguf")
    assert choose_model("blogger", settings=load_settings()).model == "gguf:/elsewhere.gguf"


def test_local_and_gguf_strings_resolve_to_local_llm() -> None:
    register_local_models()
    assert LLMRegistry.resolve("local:smollm2") is LocalLlm
    assert LLMRegistry.resolve("gguf:/any/file.gguf") is LocalLlm
    llm = LLMRegistry.new_llm("gguf:/any/file.gguf")
    assert isinstance(llm, LocalLlm)


def test_any_gguf_file_is_accepted_and_other_files_are_refused(tmp_path: Path) -> None:
    good = tmp_path / "m.gguf"
    good.write_bytes(b"GGUF" + b"\x00" * 16)
    assert resolve_gguf(f"gguf:{good}") == good
    bad = tmp_path / "m.bin"
    bad.write_bytes(b"not a model")
    with pytest.raises(ModelUnavailableError, match="not a GGUF file"):
        resolve_gguf(f"gguf:{bad}")
    with pytest.raises(ModelUnavailableError, match="not found"):
        resolve_gguf(f"gguf:{tmp_path / 'missing.gguf'}")
    with pytest.raises(ModelUnavailableError, match="unknown local model 'llama9'"):
        resolve_gguf("local:llama9")
