"""JSON Schema for every artifact contract, as published in `docs/schemas/`.

Regenerate with `python -m draftguard.artifacts._schema_export docs/schemas`; a test fails
when the published files drift from the models.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from draftguard.artifacts._registry import artifact_types, get_spec
from draftguard.textio._atomic_write import write_many_atomic

__all__ = ["export_json_schemas", "json_schema", "schema_files"]

_SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


def json_schema(artifact_type: str) -> dict[str, Any]:
    """The canonical contract of `artifact_type` as JSON Schema (draft 2020-12)."""
    spec = get_spec(artifact_type)
    schema = spec.model.model_json_schema()
    return {"$schema": _SCHEMA_URI, "$id": f"{artifact_type}.schema.json", **schema}


def schema_files() -> dict[str, str]:
    """File name -> text for every artifact type."""
    return {
        f"{name}.schema.json": json.dumps(json_schema(name), indent=2, ensure_ascii=False) + "\n"
        for name in artifact_types()
    }


def export_json_schemas(directory: str | Path) -> list[Path]:
    """Write every schema into `directory` atomically; returns the paths written."""
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    files = {target / name: text for name, text in schema_files().items()}
    write_many_atomic({str(p): t for p, t in files.items()})
    return sorted(files)


if __name__ == "__main__":
    for written in export_json_schemas(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas"):
        print(written)
