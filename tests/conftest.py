"""Shared fixtures: no network, no Gemini, no stray configuration from the developer's shell."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest

# Variables that would make a test pick a real model or another config file.
_MODEL_ENV = (
    "DRAFTGUARD_MODEL",
    "DRAFTGUARD_CONFIG",
    "DRAFTGUARD_GEMINI_MODEL",
    "DRAFTGUARD_LOCAL_MODEL",
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_GENAI_USE_ENTERPRISE",
    "GOOGLE_CLOUD_PROJECT",
)


@pytest.fixture(autouse=True)
def _isolated_model_env(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for var in _MODEL_ENV:
        monkeypatch.delenv(var, raising=False)
    for var in list(os.environ):
        if var.startswith("DRAFTGUARD_MODEL_"):
            monkeypatch.delenv(var, raising=False)


def _is_local(address: Any) -> bool:
    if not isinstance(address, tuple):
        return True  # AF_UNIX paths
    host = address[0]
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Any connection to a non-loopback address fails the test at once."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def guarded(self: socket.socket, address: Any) -> Any:
        if not _is_local(address):
            raise AssertionError(f"test tried to reach the network: {address!r}")
        return real_connect(self, address)

    def guarded_ex(self: socket.socket, address: Any) -> Any:
        if not _is_local(address):
            raise AssertionError(f"test tried to reach the network: {address!r}")
        return real_connect_ex(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded_ex)
    yield


def local_model_available() -> bool:
    """True when llama-cpp-python and the embedded GGUF are installed."""
    try:
        import llama_cpp  # noqa: F401

        from draftguard_adk.llm._gguf_locator import bundled_gguf

        bundled_gguf()
    except Exception:
        return False
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    import os

    if local_model_available():
        return
    # In CI the embedded model is part of the product: its absence is a failure, not a skip.
    if os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="embedded model not installed (pip install -e '.[local]')")
    for item in items:
        if "local_model" in item.keywords:
            item.add_marker(skip)
