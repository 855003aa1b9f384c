"""What is said of a place in a record of places (`SessionFacts.world_places`: the planner's
one city of venues), in a turn where no tool ran: the only venues and venue facts such a
turn may tell are those the record already holds.

- A name of a place the record does not hold ("Casa Verde on Elm Street", "Try Luigi's
  Kitchen"): a run of proper nouns the entity recogniser does not tag as a place of the
  world, a people, a date or a time, in any mood, not said as where a thing is or comes
  from ("in Fishtown", "from Naples"), and not a person spoken to or of ("Thanks, Priya").
- A fact of a place no text of the record holds ("They do a kids' menu", "There's no charge
  for bringing your own wine", "Corkage there runs about ten quid"): said of a place (its
  subject "they" or "it", an existential "there", or a thing "there"), stated (no modal of
  a hedge or a wish, no question), with a noun of the predicate no text holds. An opinion
  says nothing the catalogue must hold: a sentence with no number that is nearer, by
  `margin`, to short opinions and chat about a place than to exemplars of what a venue
  offers or charges ("It's a great pick for your group"; MiniLM cosine,
  `ExemplarIndex.best`, at least `min_score`), or one with no noun the texts lack ("They'll
  love it").
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from draftguard.claims._acted_by import record_words
from draftguard.claims._folded import words_of
from draftguard.claims._places import world_place
from draftguard.claims._prescreen import CALENDAR, name_runs
from draftguard.language import ExemplarIndex, parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.claims._view import RecordView

__all__ = ["DEFAULT_PLACE_FACT_LIKENESS", "DEFAULT_PLACE_FACT_MARGIN", "PLACE_EXEMPLARS",
           "unheld_place_fact", "unheld_place_name"]

#: The cosine an opinion must reach with its nearest opinion exemplar.
DEFAULT_PLACE_FACT_LIKENESS = 0.3
#: How far ahead of the nearest exemplar of a fact it must be.
DEFAULT_PLACE_FACT_MARGIN = 0.05

#: What a place offers, charges or has; and opinions, chat and general talk, which state
#: none of it.
PLACE_EXEMPLARS: dict[str, tuple[str, ...]] = {
    "fact": ("They charge extra for large groups.", "They serve breakfast all day.",
             "There is a pool table upstairs.", "It costs about thirty dollars a head.",
             "They give a discount on weekdays.", "They have live music on Fridays.",
             "It is an expensive place.", "They let you bring your own drinks.",
             "Entry is free before nine.", "They include a dessert with the set menu."),
    "other": ("It's a great choice for your group.", "They will love it.",
                "It's perfect for a night out.", "It sounds like fun.", "It's a lovely spot.",
                "That's a great idea.", "You'll have a great time there.",
                "It's worth a visit.", "They're usually busy at weekends.",
                "It depends on what you like.", "It's up to you.",
                "There's a lot to consider.", "It's a lively town with plenty to do.",
                "There are loads to choose from.", "There are some things to decide.",
                "Sushi comes from Japan.", "Curry is popular all over Britain."),
}
#: Entities that name no place: a people ("Thai"), a date, a time, a language, a city.
_NO_PLACE = frozenset({"NORP", "DATE", "TIME", "LANGUAGE", "GPE"})
#: Modals that hedge or wish: what they say is no fact of the place ("may", "should").
_HEDGES = frozenset({"may", "might", "could", "would", "should", "'d", "must", "can"})
_PLACE_PRONOUNS = frozenset({"they", "it"})
#: Prepositions that place a name in the world rather than name a venue to go to.
_WHERE = frozenset({"in", "from", "near", "around", "across", "outside", "of", "throughout"})


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(PLACE_EXEMPLARS)


def unheld_place_name(doc: Doc, view: RecordView) -> str | None:
    """The first name of a place in `doc` the record does not hold (module docstring)."""
    runs = name_runs([t.text for t in doc])
    if not runs:
        return None
    tagged = parse(doc.text, entities=True)
    for run in runs:
        name = " ".join(run)
        tokens = [t for t in tagged if t.text in run]
        if (len(run) == 1 and run[0].lower() in CALENDAR) or not any(
                t.pos_ == "PROPN" and t.dep_ != "amod" for t in tokens) or any(
                t.ent_type_ in _NO_PLACE for t in tokens) or _where(tokens) or _greeted(
                tokens) or _kind_of(tokens):
            continue
        if not view.name_backed(name) and not world_place(doc.text, name):
            return name
    return None


def _greeted(tokens: list[Token]) -> bool:
    """A person the reply speaks to or of ("Thanks, Priya", "Say hi to Tom"): a name the
    recogniser tags as a person that is neither the subject or object of the clause nor
    where one goes ("at Kerry's")."""
    head = next((t for t in tokens if t.head not in tokens), None)
    if head is None or not any(t.ent_type_ == "PERSON" for t in tokens):
        return False
    return head.dep_ not in ("nsubj", "nsubjpass", "dobj", "attr") and not (
        head.dep_ == "pobj" and head.head.lower_ == "at")


def _kind_of(tokens: list[Token]) -> bool:
    """The capitalised words only say what kind a common noun is ("Most BBQ places in
    Philadelphia", "Thai spots"): no name of a venue."""
    head = next((t for t in tokens if t.head not in tokens), None)
    return head is not None and head.dep_ in ("compound", "amod") and head.head.pos_ == "NOUN"


def _where(tokens: list[Token]) -> bool:
    """The name says where something is or comes from ("comes from Naples", "spots in
    Fishtown"): a place of the world or a part of town, not a venue one goes to."""
    head = next((t for t in tokens if t.head not in tokens), None)
    return head is not None and head.dep_ == "pobj" and head.head.lower_ in _WHERE


def _of_a_place(root: Token, view: RecordView) -> bool:
    """The clause is said of a place: "they" or "it", an existential "there", a venue the
    record holds by name (not a city or a part of town: "Northern Liberties has plenty of
    bars" is general talk), or a subject with "there" ("Corkage there runs ...")."""
    kids = list(root.children)
    subject = next((k for k in kids if k.dep_ in ("nsubj", "nsubjpass", "expl")), None)
    if subject is None or subject.lower_ in view.record.session.terms:
        return False  # "BYO means ...": what an app's term means (`_terms`)
    return subject.lower_ in _PLACE_PRONOUNS or subject.dep_ == "expl" or (
        subject.pos_ == "PROPN" and _a_venue(
            " ".join(t.text for t in subject.subtree if t.pos_ == "PROPN"), view)) or any(
        t.lower_ == "there" and t.dep_ == "advmod" for t in (*kids, *subject.children))


def unheld_place_fact(doc: Doc, view: RecordView, *,
                      min_score: float = DEFAULT_PLACE_FACT_LIKENESS,
                      margin: float = DEFAULT_PLACE_FACT_MARGIN) -> str | None:
    """The noun of a fact `doc` states of a place that no text of the record holds, or None
    (module docstring)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or doc.text.rstrip().endswith("?") or not _of_a_place(root, view) or any(
            k.dep_ == "aux" and k.lower_ in _HEDGES for k in root.children):
        return None
    subject = {t.i for k in root.children if k.dep_ in ("nsubj", "nsubjpass")
               for t in k.subtree}
    own = record_words(view) | set(view.record.session.collections)  # "your shortlist"
    nouns = frozenset(t.lemma_.lower() for t in doc if t.i not in subject and t.pos_ == "NOUN"
                      and t.lemma_.lower() not in CALENDAR and t.lemma_.lower() not in own)
    missing = view.unsaid(nouns)
    if not missing:
        return None
    if any(t.pos_ == "NUM" and t.i not in subject for t in doc):
        return missing  # "two dollar signs", "fifteen quid a bottle": no opinion counts
    best = _index().best(doc.text, min_score=min_score, margin=margin)
    return None if best is not None and best.label == "other" else missing


def _a_venue(name: str, view: RecordView) -> bool:
    """Whether `name` is one of the venues the session holds (`SessionFacts.names`), its
    words among one name's words."""
    said = set(words_of(name))
    return bool(said) and any(said <= set(words_of(n)) for n in view.record.session.names)
