"""The English parser: spaCy 3.8 with its small English pipeline, loaded lazily, once.

`parse(text)` gives tokens, lemmas, parts of speech, the dependency parse, noun chunks and
named entities (a spaCy `Doc`). The pipeline loads on first use (about 0.6 s on a quiet
2-core machine) and is shared by every reader in the process; parsed texts are cached, so the
same message or post sentence is parsed once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from draftguard.errors import InputTooLargeError
from draftguard.language._availability import PIPELINE_PACKAGE, LanguageUnavailableError

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = ["MAX_PARSE_CHARS", "parse", "parse_many", "pipeline"]

#: The longest text `parse` accepts; readers bound what they read well below it.
MAX_PARSE_CHARS = 200_000
#: Parsed texts kept (a chat message, a post's sentences).
_CACHE_SIZE = 2048
#: Only short texts are cached: a post is parsed once per version by its own view.
_CACHE_MAX_CHARS = 2_000

_lock = threading.Lock()
_loaded: list[Language] = []
_cache: OrderedDict[tuple[str, bool], Doc] = OrderedDict()


def pipeline() -> Language:
    """The loaded spaCy pipeline (loaded on first call, then shared)."""
    if _loaded:
        return _loaded[0]
    with _lock:
        if not _loaded:
            try:
                import spacy

                nlp = spacy.load(PIPELINE_PACKAGE)
            except (ImportError, OSError) as err:
                raise LanguageUnavailableError(
                    f"the English parser is not installed ({err.__class__.__name__}: "
                    f"{err}); install draftguard with the 'language' extra") from None
            nlp.max_length = MAX_PARSE_CHARS + 1
            _loaded.append(nlp)
    return _loaded[0]


def parse(text: str, *, max_chars: int = MAX_PARSE_CHARS, entities: bool = True) -> Doc:
    """`text` parsed; raises `InputTooLargeError` over `max_chars` (checked before any work).
    `entities=False` skips the named-entity recogniser (about half the time of a short text)
    for readers that do not use `doc.ents`."""
    if len(text) > max_chars:
        raise InputTooLargeError(f"text of {len(text)} characters is over the {max_chars} "
                                 "the parser reads")
    cacheable = len(text) <= _CACHE_MAX_CHARS
    key = (text, entities)
    if cacheable:
        with _lock:
            for found in (key, (text, True)):
                doc = _cache.get(found)
                if doc is not None:  # a full parse serves a reader that skips entities
                    _cache.move_to_end(found)
                    return doc
    doc = pipeline()(text) if entities else pipeline()(text, disable=["ner"])
    if cacheable:
        with _lock:
            _cache[key] = doc
            if len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
    return doc


def parse_many(texts: Iterable[str], *, max_chars: int = MAX_PARSE_CHARS,
               entities: bool = True) -> list[Doc]:
    """Each text parsed, batched through the pipeline: several short texts cost little more
    than one, as the pipeline's fixed cost per call is most of a short text's. Cached like
    `parse` (`entities=False`: as there)."""
    items: Sequence[str] = list(texts)
    for text in items:
        if len(text) > max_chars:
            raise InputTooLargeError(f"text of {len(text)} characters is over the "
                                     f"{max_chars} the parser reads")
    out: dict[int, Doc] = {}
    todo: list[int] = []
    with _lock:
        for i, text in enumerate(items):
            doc = _cache.get((text, entities)) or _cache.get((text, True))
            if doc is not None:
                out[i] = doc
            else:
                todo.append(i)
    if todo:
        nlp = pipeline()
        skip = [] if entities else ["ner"]
        for i, doc in zip(todo, nlp.pipe((items[i] for i in todo), disable=skip), strict=True):
            out[i] = doc
            if len(items[i]) <= _CACHE_MAX_CHARS:
                with _lock:
                    _cache[(items[i], entities)] = doc
                    if len(_cache) > _CACHE_SIZE:
                        _cache.popitem(last=False)
    return [out[i] for i in range(len(items))]
