"""The delivered documents as the criteria checks read them: the post and the study material."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from draftguard.documents._analysis import DocumentSummary
from draftguard.markdown import MarkdownMap

__all__ = ["Delivery"]

# The list that holds a kind of study material's items, by kind.
_STUDY = {"quiz": "questions", "flashcards": "flashcards", "mindmap": "nodes"}


@dataclass
class Delivery:
    """The delivered documents as code reads them: the post (markdown or text, the longest
    one) and any study material (quiz, flashcards, mindmap as JSON)."""

    summaries: Sequence[DocumentSummary]
    texts: dict[str, str] = field(default_factory=dict)
    """Full text per readable document (a preview cut short is not full text)."""
    study: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Study material by kind ("quiz", "flashcards", "mindmap"): the parsed JSON."""

    @classmethod
    def read(cls, summaries: Sequence[DocumentSummary]) -> Delivery:
        texts: dict[str, str] = {}
        study: dict[str, dict[str, Any]] = {}
        for s in summaries:
            if s.preview is None or len(s.preview.encode("utf-8")) < s.size.bytes - 3:
                continue  # binary, or only the start of a long document
            texts[s.name] = s.preview
            if s.format == "json":
                kind = _study_kind(s.name, s.preview)
                if kind is not None:
                    study[kind] = json.loads(s.preview)
        return cls(summaries, texts, study)

    @property
    def post_name(self) -> str | None:
        prose = [n for n, s in ((s.name, s) for s in self.summaries)
                 if n in self.texts and s.format in ("md", "txt", "html", "rst", "markdown")]
        return max(prose, key=lambda n: len(self.texts[n]), default=None)

    @property
    def post(self) -> str | None:
        name = self.post_name
        return self.texts[name] if name is not None else None

    def all_text(self) -> str:
        parts = [t for n, t in self.texts.items() if n == self.post_name]
        parts += [_study_text(kind, data) for kind, data in self.study.items()]
        parts += [t for n, t in self.texts.items()
                  if n != self.post_name and not any(n.startswith(k) for k in self.study)]
        return "\n\n".join(parts)


def post_map(d: Delivery) -> MarkdownMap | None:
    """The post's blocks, or None when no post was delivered."""
    return MarkdownMap(d.post) if d.post is not None else None


def _study_kind(name: str, text: str) -> str | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    for kind, key in _STUDY.items():
        if name.lower().startswith(kind) or isinstance(data.get(key), list):
            return kind if isinstance(data.get(key), list) else None
    if isinstance(data.get("root"), dict):
        return "mindmap"
    return None


def study_items(kind: str, data: dict[str, Any]) -> list[str]:
    """One text per item: a question with its options, a card's two sides, a node label."""
    if kind == "mindmap" and isinstance(data.get("root"), dict):
        out: list[str] = []
        stack = [data["root"]]
        while stack:
            node = stack.pop()
            out.append(str(node.get("label", "")))
            stack += [c for c in node.get("children") or [] if isinstance(c, dict)]
        return out
    items = data.get(_STUDY[kind]) or []
    texts = []
    if kind == "quiz":
        # A question and its answer: distractors are wrong on purpose and need not be in
        # the post.
        for item in items:
            if not isinstance(item, dict):
                texts.append(str(item))
                continue
            answer = item.get("correct_answer", item.get("answer", ""))
            options = item.get("options") or []
            if isinstance(answer, int) and 0 <= answer < len(options):
                answer = options[answer]
            texts.append(f"{item.get('question', '')} {answer}")
        return texts
    for item in items:
        if isinstance(item, dict):
            texts.append(" ".join(str(v) for v in item.values() if isinstance(v, str | list)
                                  for v in ([v] if isinstance(v, str) else v)))
        else:
            texts.append(str(item))
    return texts


def _study_text(kind: str, data: dict[str, Any]) -> str:
    return "\n".join(study_items(kind, data))
