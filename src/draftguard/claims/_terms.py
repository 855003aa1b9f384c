"""What a sentence says a term of the app is ("BYOB is also known for its use of multiple
instruments"), held against the meaning the app gives it (`SessionFacts.terms`).

Found in `adk web`: asked "what does BYOB mean exactly?", the embedded model answered with a
music genre. A sentence whose subject is a term the app defines says what the term is; what
it says of it (the sentence without its subject) must be like the term's meaning, by MiniLM
cosine at least `min_likeness`. A question, a hedge or an opinion ("BYOB is great for a
birthday") says nothing of what it is; a term inside another noun ("BYOB venues") is not
the subject.
"""

from __future__ import annotations

from collections.abc import Mapping

from draftguard.language import parse, similarity

__all__ = ["DEFAULT_TERM_LIKENESS", "untrue_of_term"]

#: How like the term's meaning what a sentence says of it must be (MiniLM cosine). Measured:
#: "means you can bring your own bottle" 0.61 and "stands for bring your own booze" 0.53
#: against BYOB's words; "is also known for its use of multiple instruments" 0.09, "is a
#: popular band from Ohio" 0.08.
DEFAULT_TERM_LIKENESS = 0.3
_SKIP = frozenset({"det", "poss", "punct"})


def untrue_of_term(text: str, terms: Mapping[str, str], *, min_likeness: float) -> str | None:
    """The term `text` says something of that is unlike the meaning `terms` gives it, else
    None. `terms`: each term, lowercase, to its meaning."""
    words = {w.strip(".,!?:;\"'()").lower() for w in text.split()}
    if not terms or text.rstrip().endswith("?") or not words & set(terms):
        return None
    doc = parse(text, entities=False)
    for token in doc:
        if token.dep_ not in ("nsubj", "nsubjpass") or token.head.dep_ != "ROOT":
            continue
        span = [t for t in token.subtree if t.dep_ not in _SKIP]
        said = " ".join(t.lower_ for t in span)
        meaning = terms.get(said)
        if meaning is None:
            continue
        root = token.head
        if any(k.dep_ == "aux" and k.tag_ == "MD" for k in root.children):
            continue  # a hedge ("BYOB may mean ...")
        if root.lemma_ == "be" and not any(k.dep_ == "attr" for k in root.children):
            continue  # an opinion of it ("BYOB is great for a birthday"), no meaning
        start, end = min(t.i for t in token.subtree), max(t.i for t in token.subtree)
        rest = " ".join(t.text for t in doc if not start <= t.i <= end)
        if similarity(rest, meaning) < min_likeness:
            return said
    return None
