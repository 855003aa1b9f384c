"""What a sentence says a list of the session holds ("X is on your shortlist", "Only X is left
on your list", "your shortlist has 1 venue"), held against the session's collections."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rapidfuzz import fuzz

from draftguard.claims._folded import fold, name_parts

if TYPE_CHECKING:
    from draftguard.claims._sentence import Reading
    from draftguard.claims._view import RecordView

__all__ = ["list_miss", "list_sizes"]

#: Prepositions of a name taken off a list ("off your shortlist").
_LEAVING = frozenset({"off", "from", "out"})


def list_sizes(view: RecordView, reading: Reading) -> set[float]:
    """The sizes of the collections the sentence names ("your shortlist has 1 venue")."""
    return {float(len(items)) for key, items in view.record.session.collections.items()
            if key in reading.nouns}


def list_miss(view: RecordView, reading: Reading) -> str | None:
    """Why a name the sentence puts in a collection is not in it, or one it says is not in
    it ("Chiang Mai isn't on the shortlist any more") is; None when all are as said."""
    if reading.hedged or any(c.negated for c in reading.claims) or any(
            c.name == "remove" for c in reading.asserted):
        return None
    held = {fold(n) for n in view.record.session.names}
    for key, members in view.record.session.collections.items():
        # "your list" names the shortlist: a noun the key ends with
        said = next((n for n in reading.nouns if n == key or (
            len(n) >= 4 and key.endswith(n))), None)
        if said is None or reading.places.get(said) in _LEAVING:
            continue
        folded = [fold(m) for m in members]

        def listed(name: str, folded: list[str] = folded) -> bool:
            return any(name in m or fuzz.ratio(name, m) >= view.guard.name_cutoff
                       for m in folded)

        if reading.negated:  # said not to be on it: each name must not be
            kept = next((n for n in reading.names if listed(fold(n))), None)
            if kept is not None and not reading.question:
                return f"{kept!r} is on the {key}"
            continue
        for name in reading.names:
            whole = f"the {fold(name)}"
            if name in reading.articled and whole in held and whole not in folded:
                # "The Delaware Catch" is a name of its own beside "Delaware Catch"
                return f"{'The ' + name!r} is not on the {key}"
        named = [m for m in folded if any(p in m for n in reading.names
                                           for p in (fold(n), *name_parts(fold(n))))]
        if reading.only and len(named) < len(members):
            return f"the {key} holds more than {', '.join(sorted(reading.only))}"
        for name in reading.names:
            # "Le Mercier and Brasserie Clément": two names, or one ("Barnes and Noble")
            parts = name_parts(fold(name))
            if not listed(fold(name)) and not all(listed(p) for p in parts):
                return f"{name!r} is not on the {key}"
    return None
