"""A message that hands over content: a pasted post, notes or a transcript to keep as a
source, a file to ingest, a draft with its outline. The lead-in is read on the parse with
the lexicon (what it names: a post, notes; what it asks: keep, import); the content below
or after its colon is carried verbatim and never read as requests."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from blogger.intents import unclear
from draftguard.language import Lexicon, parse
from draftguard.textio._message_text import visible_text
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from blogger.reading_turn import Turn
    from draftguard.understanding._frames import Clause

__all__ = ["arranged_by_outline", "cut_into_parts", "read_content", "split_request"]

#: The longest lead-in read as one (a longer first line is content itself).
MAX_LEAD_CHARS = 200
_FILE = re.compile(r"(?<![\w/.=-])(?P<path>(?:[\w.-]+/)*\.?[\w-][\w.-]*"
                   r"\.(?:md|markdown|txt|text|vtt|srt))(?![\w/])", re.I)
# What a lead-in may not ask for: then its colon introduces an argument, not content.
_NOT_CONTENT = ("action.replace", "action.delete", "action.rename", "action.undo",
                "action.check", "action.split", "action.improve", "action.rewrite",
                "action.list", "check.", "part.brief", "part.outline", "part.title",
                "part.heading", "part.meta", "part.tags", "artifact.", "version.",
                "relation.after", "relation.before")


def _markers(text: str) -> set[str]:
    found = set()
    for line in text.splitlines():
        word, colon, _ = line.strip().lstrip("#").strip().partition(":")
        if colon and word.strip().lower() in ("outline", "draft"):
            found.add(word.strip().lower())
    return found


def read_content(text: str, lexicon: Lexicon) -> Interpretation | None:
    """The content a message hands over, as a save, an ingest or a split; else None."""
    if _markers(text) == {"outline", "draft"}:
        return Interpretation(intent=Intent.SPLIT, slots={"text": text})
    paras = [p for p in text.split("\n\n") if p.strip()]
    if text.startswith("# ") and len(paras) >= 2:
        return Interpretation(intent=Intent.SAVE_POST, slots={"text": text.rstrip() + "\n"})
    head, _, body = text.partition("\n")
    # Zero-width characters are no content: a post of only those is not a post.
    one_line = not visible_text(body)
    if one_line and len(head) <= MAX_LEAD_CHARS:
        lead, sep, after = head.partition(":")
        hidden = body if body.strip() else after if sep else ""
        if hidden.strip() and not visible_text(hidden) and _hands_over(lead, lexicon):
            return Interpretation(intent=Intent.SAVE_POST, confidence=0.0, question=(
                "I see no text after your words, only invisible characters (such as "
                "zero-width spaces), so nothing was saved. Paste the text again."))
    if one_line:
        colon = head.find(":")
        head, body = (head[:colon], head[colon + 1:]) if colon >= 0 else (head, "")
    if len(head) > MAX_LEAD_CHARS:
        return None
    if not visible_text(body):
        return _file(head, lexicon) if "\n" not in text else None
    doc = parse(head.strip(), entities=False)
    concepts = [t.concept for t in lexicon.terms(doc)]
    notes = _names_notes(doc, lexicon)
    path = _FILE.fullmatch(body.strip()) if one_line else None
    if notes and path is not None:  # "keep this as a source: notes/lab-visit.md"
        return Interpretation(intent=Intent.INGEST_SOURCE, slots={"path": path["path"]})
    if not any(c.startswith("part.") and c != "part.post" for c in concepts):
        # "after weeks of putting it off": with no part of the post named, "after" and
        # "before" place nothing
        concepts = [c for c in concepts if c not in ("relation.after", "relation.before")]
    if not notes and any(c.startswith(_NOT_CONTENT) for c in concepts) and not (
            "action.keep" in concepts and not one_line):
        return None
    if not notes and "action.insert" in concepts:
        return None
    keep = "action.keep" in concepts
    post = "part.post" in concepts
    words = [t.lower_ for t in doc if t.is_alpha]
    handing = words[:2] in (["here", "is"], ["here", "'s"], ["here", "it"], ["this", "is"],
                            ["here", "you"], ["below", "is"]) or words[:1] == ["heres"]
    if notes:
        return Interpretation(intent=Intent.INGEST_SOURCE, slots={"text": body.strip() + "\n"})
    # On one line, a lead-in that only names the post ("my post: ...") or hands it over
    # ("here is my post: ...") introduces it; any other colon introduces an argument.
    if one_line and not (keep or (post and (len(words) <= 3 or handing))):
        return None
    if one_line and _one_question(body):  # "here is my post: can you shorten it?"
        return None
    if keep or post or handing or (_a_post(body, one_line) and _put_in(doc)):
        # "chuck this one in for me:" and a "# Title" post below: whatever the verb, a
        # lead-in that puts the post in hands it over ("translate this:" asks for more)
        return Interpretation(intent=Intent.SAVE_POST, slots={"text": body.strip() + "\n"})
    return None


#: Where a lead-in puts its words in the post ("at the end", "after X", "at the start").
_PLACING = ("position.", "relation.after", "relation.before")


def _names_notes(doc: Doc, lexicon: Lexicon) -> bool:
    """Whether the lead-in says it hands over reference material: a word of notes that is
    no measure ("forty minutes") and, when the lead-in adds words at a place in the post
    ("add this at the end, it's from the minutes: ..."), is what is added ("add this
    to my sources", "add these notes")."""
    terms = lexicon.terms(doc)
    notes = [doc[t.end - 1] for t in terms if t.concept == "part.notes" and not any(
        c.dep_ == "nummod" for c in doc[t.end - 1].children)]
    concepts = [t.concept for t in terms]
    if not notes or "action.insert" not in concepts or not any(
            c.startswith(_PLACING) for c in concepts):
        return bool(notes)
    inserts = {doc[t.start].i for t in terms if t.concept == "action.insert"}
    return any(n.head.i in inserts or (n.head.dep_ == "prep" and n.head.head.i in inserts)
               for n in notes)


def _a_post(body: str, one_line: bool) -> bool:
    """Whether `body`, on the lines below a lead-in, is a post: a "# " title, then at least
    one paragraph."""
    paras = [p for p in body.strip().split("\n\n") if p.strip()]
    return not one_line and body.strip().startswith("# ") and len(paras) >= 2


#: Where a placing verb puts its object (closed-class words of place, not verbs).
_PLACES = frozenset({("prt", "in"), ("prep", "in"), ("advmod", "somewhere"),
                     ("advmod", "away"), ("prt", "away")})


def _put_in(doc: Doc) -> bool:
    """Whether the lead-in tells to put something somewhere ("chuck this one in", "pop it in
    the system", "bung this somewhere safe"): its verb has an object and a place, "in" as
    its particle or preposition or a place adverb (`_PLACES`)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ != "VERB":
        return False
    # "bung this somewhere safe": the object is the subject of a small clause ("this safe")
    held = any(c.dep_ in ("dobj", "oprd") for c in root.children)
    return held and any((t.dep_, t.lower_) in _PLACES for t in root.subtree)


def _one_question(text: str) -> bool:
    """Whether TEXT is a single sentence asking something (a request, not content)."""
    sentences = list(parse(text.strip(), entities=False).sents)
    return len(sentences) == 1 and text.strip().endswith("?")


def _hands_over(head: str, lexicon: Lexicon) -> bool:
    """Whether a lead-in says it hands over a post or notes ("here is my post:")."""
    concepts = [t.concept for t in lexicon.terms(parse(head.strip(), entities=False))]
    return "part.post" in concepts or "part.notes" in concepts or "action.keep" in concepts


def _file(text: str, lexicon: Lexicon) -> Interpretation | None:
    """"import notes/talk.md", "use podcast.vtt as a source": a workspace file to ingest."""
    found = _FILE.search(text)
    if found is None or "=" in text or len(text) > MAX_LEAD_CHARS:
        return None
    concepts = [t.concept for t in lexicon.terms(parse(text, entities=False))]
    if "action.ingest" in concepts or ("part.notes" in concepts and any(
            c in ("action.insert", "action.keep", "action.create") for c in concepts)):
        return Interpretation(intent=Intent.INGEST_SOURCE, slots={"path": found["path"]})
    return None


def arranged_by_outline(turn: Turn, clause: Clause) -> bool:
    """Whether "sort", "arrange" or "organise" says what to split by: an outline or headings
    named ("sort it by this outline"), parts in the plural ("arrange it into sections"), a
    list after a colon, or the outline on the lines below. Alone ("can you sort it?") it
    means "fix it"."""
    if clause.has("part.outline"):
        return True
    if any(t.text == ":" or (t.tag_ == "NNS" and turn.is_(t, "part.paragraph"))
           for t in clause.tokens):
        return True
    first, _, below = turn.message.partition("\n")
    return first.rstrip().endswith(":") and bool(below.strip())


def cut_into_parts(turn: Turn, clause: Clause) -> bool:
    """Whether a verb of cutting is said of the whole post "into" parts listed after a
    colon ("chop it into these bits: A; B; C"): a split by that outline, not a cut."""
    head = clause.head
    if head is None or clause.head_concept != "action.delete" or not any(
            t.text == ":" for t in clause.tokens if t.i > head.i):
        return False
    whole = any(c.dep_ == "dobj" and (c.lower_ in ("it", "this") or turn.is_(c, "part.post"))
                for c in head.children)
    return whole and any(c.dep_ == "prep" and c.lower_ == "into" for c in head.children)


def split_request(turn: Turn, clause: Clause) -> Interpretation:
    """"split it by this outline: A; B; C", or the outline on the lines below: the split
    with the outline's items as typed."""
    tokens = clause.tokens
    colon = next((i for i, t in enumerate(tokens) if t.text == ":"), None)
    if colon is None:  # "split the post to fit three headings - A, B, C": a dash as a colon
        colon = next((i for i, t in enumerate(tokens) if t.text in ("-", "–", "—") and any(
            turn.is_(w, "part.outline") or turn.is_(w, "part.heading")
            for w in tokens[:i])), None)
    if clause.head is not None and colon is None and any(
            c.pos_ == "NOUN" and turn.is_(c, "part.sentence") for c in clause.head.children):
        # "sort that bit so it says X": a split acts on the whole post, never on a bit of it
        return unclear([Intent.EDIT])
    below = [line.strip().lstrip("-*•").strip() for line in
             turn.message.splitlines()[1:] if line.strip()]
    first = turn.message.partition("\n")[0].partition(":")[2].strip()
    if below:  # the outline on the lines below the request
        items = "\n".join([first, *below] if first else below)
    elif colon is None:
        return Interpretation(intent=Intent.SPLIT)
    else:
        items = turn.words(tokens[colon + 1:]).replace('"', "")
    outline = "\n".join(p for p in map(_unnumbered, _outline_items(items)) if p)
    return Interpretation(intent=Intent.SPLIT, slots={"outline": outline} if outline else {})


#: A list item's own number in front of its words ("1. ", "2) ", "(3) "): a marker.
_ITEM_NUMBER = re.compile(r"\(?\d{1,2}[.)]\s+")


def _unnumbered(item: str) -> str:
    """An outline item without the number it was listed by ("1. The shoebox": "The
    shoebox"); a number that is part of its words ("2024 in review") stays."""
    number = _ITEM_NUMBER.match(item)
    return item[number.end():].strip() if number is not None else item


def _outline_items(items: str) -> list[str]:
    """An outline's items, cut at its strongest separator: lines or semicolons when it has
    them ("The hive and inspections; Honey" keeps its "and"), else commas and "and"."""
    if "\n" in items or ";" in items:
        chunks = items.replace(";", "\n").split("\n")
    else:
        chunks = [p for chunk in items.split(",") for p in chunk.split(" and ")]
    return [p.strip(" .!?") for p in chunks]
