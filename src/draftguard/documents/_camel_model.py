"""The judge contract's JSON uses camelCase keys; code reads and writes snake_case names."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

__all__ = ["CamelModel", "FrozenCamelModel"]


class CamelModel(BaseModel):
    """Fields dumped by camelCase alias, accepted by either name."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class FrozenCamelModel(CamelModel):
    """A `CamelModel` that cannot change once built."""

    model_config = ConfigDict(frozen=True)
