"""Document sizes in bytes and in words people read ("1.5 MB")."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["DocumentSize", "readable_size"]

_UNITS = ("KB", "MB", "GB", "TB")


def readable_size(n: int) -> str:
    """`n` bytes as "512 B", "1.5 KB", "1.5 MB"; units are powers of 1024, one decimal."""
    if n < 1024:
        return f"{n} B"
    value = float(n)
    for unit in _UNITS:
        value /= 1024
        if value < 1024 or unit == _UNITS[-1]:
            return f"{value:.1f} {unit}"
    raise AssertionError("unreachable")


class DocumentSize(BaseModel):
    """A document's size as `{bytes, readable}`: exact bytes, and "1.5 KB" for people."""

    model_config = ConfigDict(frozen=True)

    bytes: int
    readable: str

    @classmethod
    def of(cls, n: int) -> DocumentSize:
        return cls(bytes=n, readable=readable_size(n))
