"""One capability profile per model."""

from __future__ import annotations

from pathlib import Path

from draftguard.model_profile import CAPABLE_GGUF_BYTES, profile_for_model


def test_the_embedded_model_is_small() -> None:
    profile = profile_for_model("local:smollm2", env={})
    assert profile.small and not profile.writes_structured and not profile.judges
    assert not profile.holds_conversation


def test_gemini_is_capable() -> None:
    profile = profile_for_model("gemini-2.5-flash", env={})
    assert not profile.small and profile.judges and profile.holds_conversation


def test_a_gguf_file_is_judged_by_its_size(tmp_path: Path) -> None:
    small = tmp_path / "tiny.gguf"
    small.write_bytes(b"GGUF" + b"\0" * 100)
    big = tmp_path / "big.gguf"
    with big.open("wb") as fh:  # sparse: no disk spent
        fh.truncate(CAPABLE_GGUF_BYTES)
    assert profile_for_model(f"gguf:{small}", env={}).small
    assert not profile_for_model(f"gguf:{big}", env={}).small


def test_the_environment_overrides() -> None:
    env = {"DRAFTGUARD_MODEL_PROFILE": "capable"}
    assert not profile_for_model("local:smollm2", env=env).small
    assert profile_for_model("gemini-2.5-flash", env={"DRAFTGUARD_MODEL_PROFILE": "small"}).small
