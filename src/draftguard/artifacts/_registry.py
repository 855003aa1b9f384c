"""Artifact types, found by looking at the modules in `draftguard.artifacts.schemas`."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from draftguard.artifacts import schemas
from draftguard.artifacts._spec import ArtifactSpec, StructuralReport
from draftguard.errors import UnknownArtifactTypeError

__all__ = ["artifact_types", "get_spec", "validate_structure"]


@cache
def _specs() -> dict[str, ArtifactSpec]:
    found: dict[str, ArtifactSpec] = {}
    for info in sorted(pkgutil.iter_modules(schemas.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{schemas.__name__}.{info.name}")
        spec = getattr(module, "SPEC", None)
        if isinstance(spec, ArtifactSpec):
            found[spec.name] = spec
    return found


def artifact_types() -> list[str]:
    """Every artifact type name, sorted."""
    return sorted(_specs())


def get_spec(artifact_type: str) -> ArtifactSpec:
    """The spec for `artifact_type`; raises `UnknownArtifactTypeError` for any other name."""
    try:
        return _specs()[artifact_type]
    except KeyError:
        raise UnknownArtifactTypeError(artifact_type, artifact_types()) from None


def validate_structure(artifact_type: str, data: Any) -> StructuralReport:
    """Run every structural rule of `artifact_type` over parsed JSON `data`. Never calls a model."""
    return get_spec(artifact_type).validate(data)
