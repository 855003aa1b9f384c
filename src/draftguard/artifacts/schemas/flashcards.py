"""Flashcards: `{"flashcards": [{"front", "back"}]}`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from draftguard.artifacts._fields import item_list, text_field
from draftguard.artifacts._spec import ArtifactSpec, Violation, char_count, normalize_key

__all__ = [
    "MAX_BACK_CHARS", "MIN_FRONT_CHARS", "SPEC", "Flashcard", "FlashcardDraft", "Flashcards",
    "draft",
]

MIN_FRONT_CHARS = 2
MAX_BACK_CHARS = 300


class Flashcard(BaseModel):
    model_config = ConfigDict(title="Flashcard")

    front: str = Field(min_length=MIN_FRONT_CHARS, description="the term")
    back: str = Field(min_length=1, max_length=MAX_BACK_CHARS, description="its definition")


class Flashcards(BaseModel):
    """A deck of term/definition cards."""

    model_config = ConfigDict(title="Flashcards")

    flashcards: list[Flashcard] = Field(min_length=1)


# A card as the model writes it: a short term, a definition within the limit (no docstring:
# the schema is shown to the model).
class FlashcardDraft(BaseModel):
    model_config = ConfigDict(title="Flashcard")

    front: str = Field(min_length=MIN_FRONT_CHARS, max_length=80)
    back: str = Field(min_length=1, max_length=MAX_BACK_CHARS)


@cache
def draft(count: int) -> type[BaseModel]:
    """The generation schema for exactly `count` cards."""
    model: type[BaseModel] = create_model(
        f"FlashcardsDraft{count}", __config__=ConfigDict(title="Flashcards"),
        flashcards=(list[FlashcardDraft], Field(min_length=count, max_length=count)),
    )
    return model


def check(data: Any) -> tuple[list[Violation], int, dict[str, Any] | None]:
    out: list[Violation] = []
    cards = item_list(data, "flashcards", "Flashcards", out)
    if cards is None:
        return out, 0, None
    first_spelling: dict[str, str] = {}
    seen: dict[str, int] = {}
    for i, card in enumerate(cards, 1):
        where = f"Flashcard {i}"
        if not isinstance(card, Mapping):
            out.append(Violation(message=f"{where}: must be an object", code="wrong_type",
                                 item=i))
            continue
        front = text_field(card, "front", where, i, out)
        if front is not None:
            n = char_count(front)
            if n < MIN_FRONT_CHARS:
                out.append(Violation(
                    message=f"{where}: Front too short ({n} chars, min {MIN_FRONT_CHARS})",
                    code="front_too_short", item=i,
                ))
            key = normalize_key(front)
            first_spelling.setdefault(key, front.strip())
            seen[key] = seen.get(key, 0) + 1
        back = text_field(card, "back", where, i, out)
        if back is not None:
            n = char_count(back)
            if n > MAX_BACK_CHARS:
                out.append(Violation(
                    message=f"{where}: Back too long ({n} chars, max {MAX_BACK_CHARS})",
                    code="back_too_long", item=i,
                ))
    for key, count in seen.items():
        if count > 1:
            out.append(Violation(message=f"Duplicate term found: '{first_spelling[key]}'",
                                 code="duplicate_term"))
    return out, len(cards), (dict(data) if not out else None)


def render_items(artifact: Mapping[str, Any]) -> list[str]:
    return [
        f"Flashcard {i}: {c.get('front')}\n  Definition: {c.get('back')}"
        for i, c in enumerate(artifact.get("flashcards", []), 1)
    ]


def item_name(artifact: Mapping[str, Any], index: int) -> str:
    return f"Flashcard {index}"


SPEC = ArtifactSpec(
    name="flashcards",
    title="flashcards",
    item_label="Flashcard",
    item_plural="flashcards",
    model=Flashcards,
    generation_model=Flashcards,
    check=check,
    render_items=render_items,
    item_name=item_name,
    repair_rules=(
        f"Each front (term) MUST have at least {MIN_FRONT_CHARS} characters",
        f"Each back (definition) MUST have at most {MAX_BACK_CHARS} characters",
        "No duplicate terms allowed",
        "Terms and definitions must come from the provided content",
    ),
    generation_rules=(
        "Make one card for each key fact, in the same order",
        "front is a short term from the source; back defines it in one or two sentences",
        f"Keep every back under {MAX_BACK_CHARS} characters",
        "Never repeat a term",
    ),
    judge_kinds=("hallucinated", "inaccurate definition", "not answerable from source"),
    default_count=8,
    draft=draft,
    plan_noun="terms",
    items_key="flashcards",
    content_fields=("front", "back"),
    example={"flashcards": [{  # off-topic on purpose (see quiz.py)
        "front": "Boiling point",
        "back": "The temperature at which a liquid turns into vapour",
    }]},
)
