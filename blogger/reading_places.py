"""Where an edit request points in the post, read from its words: the place it is confined
to ("in the conclusion", "in the tyres paragraph", "in the Gear section"), and the sentence
or paragraph it describes ("the paragraph about the hostel wifi", "the last line", "the
worms sentence", "the second sentence of the tyres section", "the one that starts with
'Patience'")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from blogger.reading_items import list_blocks, named_list, names_a_list
from blogger.reading_turn import Turn
from draftguard.language import parse
from draftguard.understanding._frames import Clause
from draftguard.understanding._locate import Span

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["Place", "UnitRef", "antecedent", "find_place", "said_there", "topic_goes_on",
           "unit_ref", "where_it_says"]

_INDEX = {"position.first": 0, "position.second": 1, "position.third": 2,
          "position.fourth": 3, "position.fifth": 4, "position.penultimate": -2,
          "position.last": -1}
#: The part of the post a word names, as the unit it ends in ("the ending sentence").
_EDGES = {"part.conclusion": -1, "part.intro": 0}
_PART_WORDS = ("part.paragraph", "part.sentence", "part.heading")


@dataclass
class Place:
    """A part of the post: the patcher's scope (a natural scope or a heading), the stretch
    of text it covers, and the words that named it."""

    scope: str | None
    region: Span | None
    missing: bool = False


@dataclass
class UnitRef:
    """A sentence or paragraph described: by position, by topic, or by its first words."""

    kind: str  # "sentence" or "paragraph"
    index: int | None = None
    description: str = ""
    starts_with: str | None = None
    ends_with: str | None = None
    region: Span | None = None
    missing_region: bool = False
    #: Named by a word that fits a sentence or a paragraph ("the bit about ...").
    vague: bool = False
    #: The unit the last edit wrote in ("after that sentence", "the line I just changed").
    last_written: bool = False


def _position(turn: Turn, clause: Clause, tokens: list[Token]) -> int | None:
    for term in clause.terms:
        if term.concept in _INDEX and any(t.i == term.start for t in tokens):
            return _INDEX[term.concept]
    for t in tokens:  # words of another clause ("it": the unit named the sentence before)
        if clause.term_at(t) is None and turn.concept(t) in _INDEX:
            return _INDEX[turn.concept(t) or ""]
    return None


def find_place(turn: Turn, clause: Clause, tokens: list[Token]) -> Place | None:
    """The part of the post `tokens` (a place phrase, "the" and all) name, or None when they
    name none (then they are not a place: "in Lisbon" may be new words)."""
    view = turn.view
    words = turn.trim(tokens, clause, determiners=True)
    if view is None or not words:
        return None
    concepts = [c for c in clause.concepts() if any(
        t.start <= w.i < t.end for t in clause.terms if t.concept == c for w in words)]
    if names_a_list(turn, words) and list_blocks(view):  # "the list of tools", "that list"
        block = named_list(turn, words)
        return Place(None, block) if block is not None else Place(None, None, missing=True)
    if any(c.startswith("part.post") for c in concepts) and len(words) <= 3:
        return Place(None, None)
    natural = None
    if "part.conclusion" in concepts:
        natural = "conclusion"
    elif "part.intro" in concepts:
        natural = "intro"
    elif "part.paragraph" in concepts and _position(turn, clause, words) in (0, -1):
        natural = "first paragraph" if _position(turn, clause, words) == 0 else \
            "last paragraph"
    elif "position.last" in concepts and len(words) <= 3:
        natural = "conclusion" if words[-1].lower_ in ("ending", "end") else None
    if natural is not None:
        region = view.region(natural)
        return Place(natural if region is not None else None, region, region is None)
    index = _position(turn, clause, words)
    if index is not None and "part.paragraph" in concepts:
        paras = view.paragraphs
        if -len(paras) <= index < len(paras):
            return Place(None, paras[index])
        return Place(None, None, missing=True)
    about = next((i for i, w in enumerate(words) if turn.is_(w, "relation.about")), None)
    # "the part about the concert": the heading is named by what the part is about
    name_tokens = [w for w in words[about + 1 if about is not None else 0:]
                   if not turn.is_(w, "part.paragraph") and not turn.is_(w, "part.heading")
                   and not w.is_punct]
    quoted = turn.lone_quote(words, clause)
    name = quoted or turn.words(name_tokens).strip()
    if name:
        heading = view.heading(name)
        if heading is not None:
            region = view.region(heading.text)
            if region is not None:
                return Place(heading.text, region)
    if "part.paragraph" in concepts:
        ref = unit_ref(turn, clause, words)
        if ref is not None and ref.description:
            found = view.describe(ref.description, "paragraph")
            if found.span is not None:
                return Place(None, found.span)
        return Place(None, None, missing=True)
    return None


def split_place(turn: Turn, clause: Clause,
                tokens: list[Token]) -> tuple[list[Token], Place | None]:
    """`tokens` without the place phrase they hold ("in the last paragraph", "in the tyres
    paragraph," in front), and that place. A phrase that names no part stays in `tokens`."""
    while tokens and tokens[-1].is_punct:
        tokens = tokens[:-1]
    scope_at = [i for i, t in enumerate(tokens) if turn.is_(t, "relation.scope")]
    for i in reversed(scope_at):
        end = next((j for j in range(i + 1, len(tokens)) if tokens[j].text in (",", ";")),
                   len(tokens))
        if end < len(tokens) and i > 0:
            continue  # a place phrase in the middle is part of the words
        edge = turn.trim(tokens[i + 1:end], clause, determiners=True)
        if len(edge) > 2 and turn.is_(edge[0], "position.") and edge[1].lower_ == "of":
            continue  # "in the end of the practice part": an edge of a part, read with it
        place = find_place(turn, clause, tokens[i + 1:end])
        if place is not None:
            return tokens[:i] + tokens[end:], place
    return tokens, None


def unit_ref(turn: Turn, clause: Clause, tokens: list[Token]) -> UnitRef | None:
    """The sentence or paragraph `tokens` describe, or None when they describe none."""
    nouns = [t for t in tokens if turn.is_(t, "part.sentence") or turn.is_(t, "part.paragraph")
             or (t.lower_ == "one" and (t.i > tokens[0].i or t.pos_ == "NOUN")
                 and not _in_number(t))]
    if not nouns or any(turn.quote(t) for t in tokens[:tokens.index(nouns[0])]):
        return None
    noun = nouns[0]
    named = noun
    if noun.lower_ == "one":  # "... and the one about socks": the unit named before
        named = next((t for t in clause.tokens if turn.is_(t, "part.sentence") or
                      turn.is_(t, "part.paragraph")), noun)
    kind = "paragraph" if turn.is_(named, "part.paragraph") and named.lower_ not in (
        "part", "chunk") else "sentence"
    before = [t for t in tokens if t.i < noun.i]
    after = [t for t in tokens if t.i > noun.i and not (turn.is_(t, "part.sentence") and
                                                       t.i == noun.i + 1)]
    index = _position(turn, clause, before)
    if index is None and before and not after:
        # "the ending sentence", "the intro paragraph": the part's end names the unit
        edge = [_EDGES[c] for t in before for c in (turn.concept(t),) if c in _EDGES]
        index = edge[-1] if edge else None
    ref = UnitRef(kind, index=index,
                  vague=named.lower_ in ("bit", "part", "stuff", "chunk"))
    if _just_written(turn, before, after):
        ref.last_written = True  # "straight after that sentence", just edited
        return ref
    # "the worms sentence", "the wool socks line": the topic before the noun.
    topic = [t for t in turn.trim(before, clause, determiners=True)
             if turn.concept(t) is None or turn.is_(t, "part.word")]
    if topic and ref.index is None:
        ref.description = turn.words(topic)
    if not after:
        return ref if ref.index is not None or ref.description else (
            ref if noun.lower_ not in ("one", "part", "bit") else None)
    head = after[0]
    if _edge_quoted(turn, clause, ref, after):
        return ref
    if head.lower_ in ("of", "in", "within", "from") and ref.index is not None:
        place = find_place(turn, clause, after[1:])
        ref.region = place.region if place is not None else None
        ref.missing_region = place is None or place.region is None
        return ref
    about = clause.term_at(head)
    if about is not None and about.concept == "relation.about":
        rest = [t for t in after if t.i >= about.end]
        ref.description = turn.clean(_gist(turn, clause, rest), clause)
        return ref if ref.description else None
    if head.lower_ in ("where", "that", "which", "when", "with"):
        ref.description = turn.clean(_gist(turn, clause, after[1:]), clause)
        return ref if ref.description else None
    if head.tag_ == "VBG":  # "the bit moaning about X": what the part does, found by meaning
        ref.description = turn.clean(after, clause)
        return ref if ref.description else None
    return ref if ref.index is not None or ref.description else None


def _just_written(turn: Turn, before: list[Token], after: list[Token]) -> bool:
    """Whether a unit is named as the one the last edit wrote in, when there was one:
    "that sentence" with nothing after it, or "the line I just changed"."""
    if not turn.memory.written or turn.memory.intent != "edit":
        return False
    said = [t for t in before if not turn.is_(t, "discourse.") and not t.is_punct]
    after = [t for t in after if not t.is_punct and (  # "you" is a request's word too
        t.lower_ in ("i", "you", "u") or not turn.is_(t, "discourse."))]
    if not after:
        return [t.lower_ for t in said] in (["that"], ["this"])
    return after[0].lower_ in ("i", "you", "u") and any(
        turn.is_(t, "action.replace") or turn.is_(t, "action.improve") or
        t.lemma_ in ("edit", "fix") for t in after[1:3])


def _in_number(word: Token) -> bool:
    """Whether `word` ends a number joined by a hyphen ("ninety-one"): no unit's "one"."""
    return word.i >= 2 and word.nbor(-1).text in ("-", "–") and \
        not word.nbor(-2).whitespace_ and not word.nbor(-1).whitespace_ and \
        (word.nbor(-2).like_num or word.nbor(-2).pos_ == "NUM")


def _describing(verb: Token, noun: Token) -> bool:
    """Whether `verb` describes `noun` rather than acting on it: it heads a clause about
    the noun ("the bit moaning", "the line where I say") or stands in one ("the line where
    I say I cried": "cried" is of the description)."""
    return verb.dep_ in ("relcl", "pcomp", "acl") or verb.tag_ == "VBG" or any(
        a.dep_ in ("relcl", "acl") and a.i > noun.i for a in verb.ancestors)


def antecedent(turn: Turn, clause: Clause) -> list[Token]:
    """What "it" stands for: the unit or quotation the clause before named."""
    for i, tok in enumerate(clause.tokens):
        if turn.is_(tok, "part.sentence") or turn.is_(tok, "part.paragraph") or \
                turn.quote(tok) or (tok.lower_ == "one" and tok.pos_ == "NOUN" and any(
                    turn.is_(t, "relation.about") for t in clause.tokens[i + 1:i + 2])):
            start = i
            while start > 0 and (clause.tokens[start - 1].pos_ in (
                    "DET", "ADJ", "NOUN", "PROPN", "NUM") or (turn.concept(
                        clause.tokens[start - 1]) or "").startswith("position.")):
                start -= 1  # "the ending sentence": the parser may make "ending" a verb
            end = next((j for j in range(i + 1, len(clause.tokens))
                        if (clause.tokens[j].pos_ in ("AUX", "VERB") and
                            not _describing(clause.tokens[j], tok))
                        or clause.tokens[j].text in (",", ".", "-", "—", ":")),
                       len(clause.tokens))
            return clause.tokens[start:end]
    return []


def _gist(turn: Turn, clause: Clause, words: list[Token]) -> list[Token]:
    """What a part described by how the author speaks in it is about: "where I carry on
    about the wet weather" is about the wet weather, "where I say I don't believe X" about
    not believing X. The author's own verb of speaking (its subject "I" or "we") says how,
    not what, and its words would pull the search towards every sentence the author speaks
    in. Other descriptions ("where the dog ate the map") are kept whole."""
    inside = {t.i for t in words}
    verb = next((t for t in words if t.pos_ in ("VERB", "AUX") and t.head.i not in inside), None)
    if verb is None or not any(c.dep_ == "nsubj" and "1" in c.morph.get("Person", [])
                               for c in verb.children):
        return words
    for c in verb.children:
        if c.dep_ == "prep" and turn.is_(c, "relation.about"):
            gist = [t for t in words if t.i > c.i and t.i in {d.i for d in c.subtree}]
            if gist:
                return gist
        if c.dep_ == "ccomp":
            gist = [t for t in words if t.i in {d.i for d in c.subtree}]
            if gist:
                return gist
    return words


def _edge_quoted(turn: Turn, clause: Clause, ref: UnitRef, after: list[Token]) -> bool:
    """Whether the words after the unit's noun quote how it starts or ends ("the one that
    starts with 'X'", "the paragraph beginning 'X'", "that ends 'X'"); `ref` records it."""
    said = after[1:] if after[0].lower_ in ("that", "which") else after
    opening = said[1 + (len(said) > 1 and said[1].lower_ == "with"):]
    # the parser may make "beginning" a noun: its lemma is then the word itself
    verb = said[0].lemma_ if said else ""
    verb = {"beginning": "begin", "starting": "start", "ending": "end"}.get(verb, verb)
    quote = turn.lone_quote(opening, clause) if verb in ("start", "begin", "end") else None
    if quote is None:
        return False
    if verb == "end":
        ref.ends_with = quote
    else:
        ref.starts_with = quote
    return True


def units_for(turn: Turn, ref: UnitRef, region: Span | None) -> list[Span] | None:
    """The units a reference picks by position or first words (None: it needs a search)."""
    view = turn.view
    assert view is not None
    region = ref.region or region
    units = view.units(ref.kind, region)
    if ref.last_written and turn.memory.written:
        return [u for u in units if view.occurrences(turn.memory.written, u)]
    if ref.index is not None and not ref.description:
        if -len(units) <= ref.index < len(units):
            return [units[ref.index]]
        return []
    edge = ref.starts_with or ref.ends_with
    if edge is not None:
        folded = " ".join(edge.casefold().split()).rstrip(".!?")
        return [u for u in units if (" ".join(u.text.casefold().split()).startswith(folded)
                                     if ref.starts_with else
                                     " ".join(u.text.casefold().split()).rstrip(".!?")
                                     .endswith(folded))]
    return None


def where_it_says(turn: Turn, verb: Token) -> bool:
    """Whether `verb` is a saying verb in a clause that names a place by what stands
    there ("where it says 'X'", "where it reads 'X'"): its subject "it", and "where"."""
    return turn.is_(verb, "relation.be") and any(
        c.dep_ == "advmod" and c.tag_ == "WRB" for c in verb.children) and any(
        c.dep_ == "nsubj" and c.lower_ in ("it", "this") for c in verb.children)


def said_there(turn: Turn, tokens: list[Token]) -> list[Token]:
    """The post's words unquoted after "where it says" in `tokens` ("where it says
    forty minutes"), up to a stop or a verb, when they stand in the post as typed."""
    verb = next((t for t in tokens if where_it_says(turn, t)), None)
    said: list[Token] = []
    for t in tokens:
        if verb is None or t.i <= verb.i or turn.quote(t):
            continue
        if t.is_punct or t.pos_ in ("VERB", "AUX"):
            break
        said.append(t)
    view = turn.view
    return said if said and view is not None and view.occurrences(
        turn.words(said)) else []


#: Parts of speech whose words say what a description is about.
_TOPIC_WORDS = ("NOUN", "PROPN", "VERB", "ADJ")


def topic_goes_on(description: str, others: list[str]) -> bool:
    """Whether a word of `description` (by its lemma) stands in `others`, the paragraph's
    other sentences: not one sentence's whole subject ("the bit about the pancake")."""
    said = {t.lemma_.casefold() for t in parse(description, entities=False)
            if t.pos_ in _TOPIC_WORDS and not t.is_stop}
    return any(t.lemma_.casefold() in said for o in others for t in parse(o, entities=False))
