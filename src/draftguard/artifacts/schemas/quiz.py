"""Quiz: `{"questions": [{"question", "options", "correct_answer", "explanation"}]}`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from draftguard.artifacts._fields import item_list, text_field
from draftguard.artifacts._spec import ArtifactSpec, Violation, normalize_key

__all__ = [
    "MIN_OPTIONS", "SPEC", "Quiz", "QuizDraftQuestion", "QuizQuestion", "draft", "from_draft",
]

MIN_OPTIONS = 4

# What a model leaves behind when its JSON goes wrong inside a string: a quote closed by a
# bracket (`more options...']},`) or a key written into the text (`"title": ...`). Brackets
# alone are legitimate (a quiz on code may offer `list[int]`), so only these shapes count.
_JSON_DEBRIS = re.compile(r"""["']\s*[\]}]|"\w+"\s*:""")


class QuizQuestion(BaseModel):
    model_config = ConfigDict(title="QuizQuestion")

    question: str = Field(min_length=1, description="the question, answerable from the source")
    options: list[str] = Field(
        min_length=MIN_OPTIONS, description=f"at least {MIN_OPTIONS} different answers"
    )
    correct_answer: str = Field(min_length=1, description="exactly one of the options")
    explanation: str = Field(min_length=1, description="why, in the source's words")


class Quiz(BaseModel):
    """A multiple-choice quiz."""

    model_config = ConfigDict(title="Quiz")

    questions: list[QuizQuestion] = Field(min_length=1)


_DraftText = Annotated[str, Field(min_length=1, max_length=80)]


# A question as the model writes it: exactly 4 options, bounded lengths, fields in reading
# order (question first, answer after the options), and the answer as an option NUMBER: a
# small model picks 1-4 reliably but does not copy an option's text exactly (measured:
# SmolLM2 wrote "Cellular respiration." beside the option "cellular respiration", three
# times running). No docstring: the schema is shown to the model, descriptions cost tokens.
class QuizDraftQuestion(BaseModel):
    model_config = ConfigDict(title="QuizQuestion")

    question: str = Field(min_length=1, max_length=160)
    options: list[_DraftText] = Field(min_length=MIN_OPTIONS, max_length=MIN_OPTIONS)
    correct_option: Literal[1, 2, 3, 4]
    explanation: str = Field(min_length=1, max_length=160)


def from_draft(data: Any) -> Any:
    """Questions with `correct_option` (1-based option number) get `correct_answer` set to
    that option's text; a number that names no option leaves `correct_answer` missing, which
    the rules report. Questions already carrying `correct_answer` are left as they are."""
    if not isinstance(data, Mapping) or not isinstance(data.get("questions"), list):
        return data
    questions = []
    for q in data["questions"]:
        if isinstance(q, Mapping) and "correct_option" in q and "correct_answer" not in q:
            q = dict(q)
            number = q.pop("correct_option")
            options = q.get("options")
            if (type(number) is int and isinstance(options, list)
                    and 1 <= number <= len(options)):
                q["correct_answer"] = options[number - 1]
            out = {k: q[k] for k in ("question", "options", "correct_answer") if k in q}
            q = {**out, **q}
        questions.append(q)
    return {**data, "questions": questions}


@cache
def draft(count: int) -> type[BaseModel]:
    """The generation schema for exactly `count` questions."""
    model: type[BaseModel] = create_model(
        f"QuizDraft{count}", __config__=ConfigDict(title="Quiz"),
        questions=(list[QuizDraftQuestion], Field(min_length=count, max_length=count)),
    )
    return model


def _key(option: str) -> str:
    # normalize_key, with the common ASCII case inlined: this loop runs per option.
    return " ".join(option.lower().split()) if option.isascii() else normalize_key(option)


def check(data: Any) -> tuple[list[Violation], int, dict[str, Any] | None]:
    out: list[Violation] = []
    questions = item_list(data, "questions", "Quiz", out)
    if questions is None:
        return out, 0, None
    asked: dict[str, tuple[str, int]] = {}
    for i, q in enumerate(questions, 1):
        if type(q) is not dict and not isinstance(q, Mapping):
            out.append(Violation(message=f"Question {i}: must be an object", code="wrong_type",
                                 item=i))
            continue
        answer = _check_texts(q, i, asked, out)
        options = q.get("options")
        if type(options) is not list or not all(type(o) is str for o in options):
            message = (f"Question {i}: missing field 'options'" if "options" not in q
                       else f"Question {i}: options must be a list of strings")
            out.append(Violation(message=message, code="wrong_type", item=i))
            continue
        _check_options(options, answer, i, out)
    return out, len(questions), (dict(data) if not out else None)


def _check_texts(q: Mapping[str, Any], i: int, asked: dict[str, tuple[str, int]],
                 out: list[Violation]) -> Any:
    """Question `i`'s text fields, and its question against those `asked` before; returns its
    correct answer (None when that field is missing or blank)."""
    where = f"Question {i}"
    answer = q.get("correct_answer")
    text = q.get("question")
    explanation = q.get("explanation")
    # Fast path: three non-blank strings need no per-field bookkeeping.
    if not (type(text) is str and type(answer) is str and type(explanation) is str
            and text.strip() and answer.strip() and explanation.strip()):
        text_field(q, "question", where, i, out)
        answer = text_field(q, "correct_answer", where, i, out)
        text_field(q, "explanation", where, i, out)
    if type(text) is str and text.strip():
        key = _key(text)
        if key in asked:
            first, n = asked[key]
            out.append(Violation(
                message=f"Duplicate question found: '{first}' (questions {n} and {i})",
                code="duplicate_question", item=i))
        else:
            asked[key] = (text, i)
    return answer


def _check_options(options: list[str], answer: Any, i: int, out: list[Violation]) -> None:
    where = f"Question {i}"
    if len(options) < MIN_OPTIONS:
        out.append(Violation(
            message=f"{where}: Must have at least {MIN_OPTIONS} options (has {len(options)})",
            code="too_few_options", item=i,
        ))
    if not all(o.strip() for o in options):
        out.extend(
            Violation(message=f"{where}: option {k} must not be empty", code="empty_field",
                      item=i)
            for k, o in enumerate(options, 1) if not o.strip()
        )
    out.extend(
        Violation(message=f"{where}: option {k} holds leftover JSON ('{o}')",
                  code="json_debris", item=i)
        # Every debris shape holds a quote: most options skip the regex.
        for k, o in enumerate(options, 1)
        if ('"' in o or "'" in o) and _JSON_DEBRIS.search(o)
    )
    if len({_key(o) for o in options}) != len(options):
        out.append(Violation(message=f"{where}: Options must be unique (found duplicates)",
                             code="duplicate_options", item=i))
    if answer is not None and answer not in options:
        near = [o for o in options if _key(o) == _key(answer)]
        hint = f" (closest: '{near[0]}' differs only in case or spacing)" if near else ""
        out.append(Violation(
            message=f"{where}: correct_answer '{answer}' must be one of the options{hint}",
            code="answer_not_in_options", item=i,
        ))


def render_items(artifact: Mapping[str, Any]) -> list[str]:
    lines = []
    for i, q in enumerate(artifact.get("questions", []), 1):
        options = " | ".join(str(o) for o in q.get("options", []))
        lines.append(
            f"Question {i}: {q.get('question')}\n  Options: {options}\n"
            f"  Correct answer: {q.get('correct_answer')}\n  Explanation: {q.get('explanation')}"
        )
    return lines


def item_name(artifact: Mapping[str, Any], index: int) -> str:
    return f"Question {index}"


SPEC = ArtifactSpec(
    name="quiz",
    title="quiz",
    item_label="Question",
    item_plural="questions",
    model=Quiz,
    generation_model=Quiz,
    check=check,
    render_items=render_items,
    item_name=item_name,
    repair_rules=(
        f"Each question MUST have at least {MIN_OPTIONS} options",
        "correct_answer MUST be exactly one of the options",
        "No duplicate options allowed",
        "Questions must be answerable from the provided content",
    ),
    generation_rules=(
        "Write one question for each key fact, in the same order",
        f"Give every question exactly {MIN_OPTIONS} different options",
        "correct_option is the number (1-4) of the right option",
        "The explanation quotes or restates the source",
    ),
    judge_kinds=("not answerable from source", "hallucinated", "wrong answer"),
    default_count=5,
    draft=draft,
    items_key="questions",
    # Options are left out: distractors are wrong on purpose and need not be in the source.
    content_fields=("question", "correct_answer", "explanation"),
    # Off-topic on purpose: a model that copies the example is caught (grounding.py), and
    # the example cannot pass for content of a typical source.
    example={"questions": [{
        "question": "At what temperature does water boil at sea level?",
        "options": ["50 °C", "100 °C", "0 °C", "150 °C"],
        "correct_option": 2,
        "explanation": "Water boils at 100 °C at sea level.",
    }]},
    from_draft=from_draft,
)
