"""The planner's reading by example: a request the lexical reading missed ("where are we
at?") compared with the app's example requests; a clear best label is read, two close ones
are one question naming both."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from draftguard.understanding._planner_meant import ask
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["EXAMPLE_LABELS", "ExampleReader", "best_example"]

#: An app's reading by example: text -> (label, score) best first, labels from
#: `EXAMPLE_LABELS`, scores the cosine with the label's nearest example request.
ExampleReader = Callable[[str], Sequence[tuple[str, float]]]
#: What an example reader may answer: the requests that are not preferences.
EXAMPLE_LABELS = ("plan", "compare", "shortlist_add", "shortlist_remove", "help")
#: Messages shorter than this ("ok", "lol ok", "nvm") are not compared with examples.
_MIN_EXAMPLE_WORDS = 3
_EXAMPLE_WORDS = {"plan": "show the plan so far", "compare": "compare venues",
                  "shortlist_add": "add a venue to the shortlist",
                  "shortlist_remove": "take a venue off the shortlist", "help": "say what I can do"}


def best_example(examples: ExampleReader | None, rest: str, *, score: float, margin: float,
                 ask_score: float) -> tuple[str, float] | Interpretation | None:
    """(label, its score) when one label is at least `score` and `margin` ahead of the
    next; one question naming the two best when the best is at least `ask_score`; else
    None (no examples, a message of fewer than three words, nothing near)."""
    if examples is None or len(rest.split()) < _MIN_EXAMPLE_WORDS:
        return None
    ranked = [(label, s) for label, s in examples(rest) if label in EXAMPLE_LABELS]
    if not ranked or ranked[0][1] < ask_score:
        return None
    (best, top), runner_up = ranked[0], ranked[1] if len(ranked) > 1 else ("", 0.0)
    if top >= score and top - runner_up[1] >= margin:
        return best, top
    if not runner_up[0]:
        return None
    first, second = _EXAMPLE_WORDS[best], _EXAMPLE_WORDS[runner_up[0]]
    return ask(Intent.UNCLEAR, f"Do you want me to {first}, or {second}?", confidence=top)
