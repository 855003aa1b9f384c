"""The post's versions read from the parse: "undo that", "put it back how it was", "back to
v0", "restore 1", "take me back to the very first one", "how many saves so far"; and the
lists the author asks to see (the versions, the sources: "which sources have I added?")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from blogger.intents import unclear
from blogger.reading_turn import Turn, told
from draftguard.text import number_value
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import YOU, Clause
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["VersionFrames", "counted_from_one", "version_before"]

_WH = ("WP", "WRB", "WDT")
#: What one step back counts ("back one change", "undo 2 edits").
_STEPS = ("change", "edit", "step")

#: The kinds of change the versions record, by the action that makes them.
_CHANGES = {"action.delete": "delete", "action.insert": "insert", "action.replace": "replace",
            "action.rename": "replace"}

#: Words that count every change made ("any of my changes", "all the edits").
_WHOLE = ("any", "all", "every", "anything", "everything")
_ONE_OF_THEM = ("I can only go back a whole version, and that would bring back every change "
                "made since. Quote the words you want back and where they go (as in: add "
                "'X' after 'Y'), and I will put back just those.")

_ORDINALS = ("position.first", "position.second", "position.third", "position.fourth",
             "position.fifth")
#: What the post has one version of each of: the versions, and the acts that make one (a
#: save, an edit, a change, a cut, an undo).
_VERSION_MAKERS = ("version.noun", "action.keep", "action.replace", "action.delete",
                   "action.insert", "action.rename", "action.undo", "action.rewrite")


class VersionFrames:
    """The version frames of one message (`turn`)."""

    def __init__(self, turn: Turn) -> None:
        self.t = turn

    def counts_versions(self, clause: Clause) -> bool:
        """Whether the clause asks how many of the post's versions, or of the acts that
        made them, there are: a wh-word and a word of quantity, then a plural of a version
        noun or of a verb that makes a version (the tagger may call "saves" a verb)."""
        tokens = clause.tokens
        for i, t in enumerate(tokens[:-2]):
            amount, counted = tokens[i + 1], tokens[i + 2]
            if t.tag_ == "WRB" and t.head == amount and amount.pos_ == "ADJ":
                return counted.tag_ in ("NNS", "VBZ") and self.t.quote(counted) is None and \
                    any(self.t.is_(counted, c) for c in _VERSION_MAKERS)
        return False

    def listing(self, clause: Clause) -> list[Interpretation] | None:
        """The sources or versions asked for ("which sources have I added?", "how many saves
        so far"), or a version named alone ("v1 pls": asked, it is little to act on)."""
        if self._asks_for_sources(clause):
            also = [Interpretation(intent=Intent.VERSIONS)] if clause.has("version.noun") else []
            return [Interpretation(intent=Intent.SOURCES), *also]
        if self.counts_versions(clause) or self.asks_which(clause):
            return [Interpretation(intent=Intent.VERSIONS)]
        return self.named_alone(clause)

    def described_before(self, clause: Clause) -> list[Interpretation] | None:
        """A version named by the change made after it ("the version before the heading
        change", "go back to before I axed that line", "the version before the new sentence
        went in"): going back to before the latest change of that kind (`before`: the kind,
        found among the versions by the app), else None."""
        # "before", "prior to": in time (not "above", "in front of": in place)
        at = next((t for t in clause.tokens if t.lower_ == "before" and
                   self.t.is_(t, "relation.before")), None) or next((
                       self.t.doc[term.end - 1] for term in clause.terms
                       if term.concept == "relation.before" and term.end - term.start == 2
                       and self.t.doc[term.end - 1].lower_ == "to"), None)
        if at is None or any(self.t.quote(t) for t in clause.tokens) or not (
                clause.has("version.noun") or clause.head_concept == "action.undo" or
                clause.has("relation.back") or
                self.back(clause)):
            return None
        if clause.head_concept in ("action.insert", "action.replace") and \
                clause.head is not None and clause.head.i < at.i:
            return None  # "put X before the heading": a place, not a version
        if self._all_changes(clause.after(at)):
            return [Interpretation(intent=Intent.REVERT, slots={"version": 0})]
        change = self._change(clause.after(at))
        if change is None:
            return None
        return [Interpretation(intent=Intent.REVERT, slots={"before": change})]

    def _all_changes(self, said: list[Token]) -> bool:
        """Whether `said` (the words after "before") names every change made, so the time
        before them is the first version: the changes counted whole ("any of my changes",
        "all the edits"), or the author's own act on the whole post ("I touched it", "I
        changed anything"), not on a part of it ("I axed that line")."""
        if any(self.t.is_(t, "position.last") or self.t.is_(t, "version.previous")
               for t in said):
            return False  # "before my last edit": the last change
        whole = any(t.lower_ in _WHOLE for t in said) and any(
            t.pos_ == "NOUN" and any(self.t.is_(t, c) for c in _VERSION_MAKERS) for t in said)
        return whole or any(
            t.pos_ == "VERB" and self._by_author(t) and any(
                c.dep_ == "dobj" and (c.lower_ in (*_WHOLE, "it") or self.t.is_(c, "part.post"))
                for c in t.children) for t in said)

    def _by_author(self, verb: Token) -> bool:
        """Whether the author is the subject of `verb` ("I touched it", "we edited it")."""
        return any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)

    def _as_first_given(self, clause: Clause) -> bool:
        """Whether the clause names the post as the author first gave it: the time they
        kept it ("when I pasted it", "when I first sent it"), its start ("how it was at
        the start"), or how they first had it ("the way I first had it", "as I first wrote
        it")."""
        for t in clause.tokens:
            if t.pos_ != "VERB" or not self._by_author(t) or not any(
                    c.lower_ == "when" for c in t.children):
                continue
            if self.t.is_(t, "action.keep") or any(self.t.is_(c, "position.first")
                                                    for c in t.children):
                return True
        return any(t.pos_ in ("VERB", "AUX") and self._by_author(t) and
                   self.t.concept(t) in (None, "action.keep", "action.create") and
                   t.dep_ in ("relcl", "advcl", "ccomp") and
                   any(c.dep_ == "advmod" and self.t.is_(c, "position.first")
                       for c in t.children) for t in clause.tokens)

    def _change(self, said: list[Token]) -> str | None:
        """The kind of change `said` describes: a part of the post changed ("the heading
        change": "heading"; "title", "tags", "description"), else what was done to it ("I
        axed that line": "delete"; "the new sentence went in": "insert")."""
        for t in said:
            for part in ("heading", "title", "tags"):
                if self.t.is_(t, f"part.{part}"):
                    return part
            if self.t.is_(t, "part.meta"):
                return t.lower_
        if any(self.t.is_(t, "position.last") or self.t.is_(t, "version.previous")
               for t in said):
            return None  # "the version before my last edit": the last change, undone
        for t in said:
            concept = self.t.concept(t) or ""
            if concept in _CHANGES and t.pos_ == "VERB":  # "an edit", "the change": any
                return _CHANGES[concept]
            if concept == "new.fresh" and any(self.t.is_(w, "part.sentence") or
                                              self.t.is_(w, "part.paragraph") for w in said):
                return "insert"  # "the new sentence"
        return None

    def asks_which(self, clause: Clause) -> bool:
        """Whether the clause asks which versions there are: a wh-word on a plural version
        noun that is what the author has or has got ("which versions have I got at this
        point?", "what versions do I have now"), no quotation, no other action."""
        if any(self.t.quote(t) for t in clause.tokens) or clause.head is None or \
                clause.head_concept not in (None, "action.create", "action.list"):
            return False
        return any(self.t.is_(t, "version.noun") and t.tag_ == "NNS" and t.i > 0 and
                   self.t.doc[t.i - 1].tag_ in _WH and t.head.i == clause.head.i
                   for t in clause.tokens)  # the parser may hang "which" on the verb

    def _asks_for_sources(self, clause: Clause) -> bool:
        """"which sources have I added?", "show me all my notes"."""
        notes = [t for t in clause.tokens if self.t.is_(t, "part.notes") and not any(
            c.dep_ == "nummod" for c in t.children)]  # "fifty minutes": a measure
        if not notes:
            return False
        if clause.head is None and all(t.is_punct or self.t.is_(t, "part.notes") or
                                       self.t.is_(t, "discourse.") for t in clause.tokens):
            return True  # "sources?": the collection named alone
        if clause.head is not None and told(clause.head) and not any(
                t.tag_ in _WH for t in clause.tokens):
            # "my aunty saw the post and said it was fifty minutes": told, not asked
            # ("which notes have I given you?" asks)
            return False
        if clause.head_concept == "action.list":
            return True
        return any(t.tag_ in _WH for n in notes for t in self.t.doc[max(0, n.i - 4):n.i])

    def named_alone(self, clause: Clause) -> list[Interpretation] | None:
        """A version marker said alone ("v1 pls", "v0"): one question, going back to it."""
        said = [t for t in clause.tokens if not t.is_punct and not self.t.is_(t, "discourse.")]
        if len(said) != 1 or said[0].lower_[:1] != "v" or not said[0].lower_[1:].isdigit():
            return None
        n = int(said[0].lower_[1:])
        back = Interpretation(intent=Intent.REVERT, slots={"version": n})
        return [ask(f"Do you want me to go back to version {n}? Say yes if so.", (back,),
                    intent=Intent.REVERT)]

    def last_act_removed(self, clause: Clause) -> list[Interpretation] | None:
        """"scratch what you just did", "bin what you've changed", "get rid of what you
        just added": what is to go is what the reader did ("what", "you", a past verb), so
        the last change is undone; a verb the lexicon lacks that is only nearest in meaning
        to removing is asked about. Else None."""
        tokens = clause.tokens
        what = next((i for i, t in enumerate(tokens) if (t.tag_ == "WP" and self._done_by_reader(
            tokens[i + 1:])) or self._the_act(t)), None)
        if what is None:
            return None
        acts = {t.i: term.concept for t in tokens[:what]
                if (term := clause.term_at(t)) is not None and term.concept.startswith("action.")}
        remover = next((t for t in reversed(tokens[:what]) if t.pos_ == "VERB" or
                        t.i in acts), None)
        if remover is None or told(remover) or any(
                c.dep_ == "neg" or (c.dep_ == "nsubj" and c.lower_ not in YOU)
                for c in remover.children):
            return None  # "I love what you did", "don't undo what you did"
        concept = acts.get(remover.i)
        if concept is None:
            concept, ranked = self.t.lexicon.by_meaning(remover.lower_, "action.")
            if concept is None and ranked[:1] in (["action.delete"], ["action.undo"]):
                undo = Interpretation(intent=Intent.UNDO)
                return [ask("Do you want me to undo the last change? Say yes if so.",
                            (undo,), intent=Intent.UNDO)]
        return [Interpretation(intent=Intent.UNDO)] if concept in (
            "action.delete", "action.undo") else None

    def _the_act(self, noun: Token) -> bool:
        """Whether `noun` is the act just done, named as such and no word of the post:
        "that edit", "this change", "the change you made", "my last addition"."""
        view = self.t.view
        if noun.pos_ != "NOUN" or not any(self.t.is_(noun, c) for c in _VERSION_MAKERS) or (
                view is not None and noun.lower_ in view.words):
            return False
        return self._last_done(noun) or any(
            (c.dep_ == "det" and c.lower_ in ("that", "this")) or (c.dep_ == "relcl" and any(
                s.dep_ == "nsubj" and s.lower_ in YOU for s in c.children))
            for c in noun.children)

    def _done_by_reader(self, after: list[Token]) -> bool:
        """Whether `after` (the words after a "what") open with "you" and a past verb,
        adverbs and auxiliaries between ("you just did", "you've changed")."""
        words = [t for t in after if t.pos_ not in ("ADV", "AUX", "PART") or t.tag_ in (
            "VBD", "VBN")]
        return len(words) >= 2 and words[0].lower_ in YOU and words[1].tag_ in ("VBD", "VBN")

    def back(self, clause: Clause) -> bool:
        head = clause.head
        candidates = [t for t in clause.tokens if t.pos_ == "VERB"]
        if head is not None and head.pos_ in ("VERB", "AUX"):
            candidates = [head]
        if head is None:
            said = [t for t in clause.tokens if not t.is_punct and
                    not self.t.is_(t, "discourse.")]
            if said and said[0].lower_ == "back" and any(
                    self.t.is_(t, "version.") or (t.lower_[:1] == "v" and t.lower_[1:].isdigit())
                    or (t.lower_ == "how" and n == 1) for n, t in enumerate(said[2:], 1)):
                return True  # "back to v0", "back to the original", "back to how it was"
            if len(said) == 3 and said[0].lower_ == "back" and said[1].lower_ == "to" and (
                    said[2].like_num or said[2].pos_ == "NUM"):
                return True  # "back to 0": the version numbered
            if said and said[0].lower_ == "back" and len(said) >= 2 and \
                    number_value(said[1].lower_) == 1 and all(
                        t.lower_ in _STEPS for t in said[2:]):
                return True  # "back one", "back 1 step": one step back is an undo
        # ("make this back": "back" may be parsed as a small clause of its own; "make the
        # title Back End of the Horse": a capitalised "Back" inside a sentence is a name's)
        return any(c.dep_ in ("prt", "advmod", "ccomp", "xcomp", "oprd") and c.lower_ == "back"
                   and not (c.is_title and c.i != c.sent.start)
                   for v in candidates if v is not None and not told(v)
                   for c in v.children)

    def names_versions(self, clause: Clause) -> bool:
        """Whether a word of versions in `clause` names the post's versions: not one that
        only qualifies another noun ("the local history society newsletter")."""
        return any(t.concept == "version.noun" and not (
            self.t.doc[t.end - 1].dep_ == "compound" and
            self.t.concept(self.t.doc[t.end - 1].head) != "version.noun")
            for t in clause.terms)

    def chosen_original(self, clause: Clause) -> bool:
        """Whether the author takes the original ("I take the original again", "I'll have
        the original back"): the original the object of a verb that makes or asks for
        something (or one the lexicon lacks), not told, not denied, not asked about."""
        if clause.is_question():
            return False
        return any((self.t.is_(t, "version.original") or any(
                       c.dep_ == "amod" and self.t.is_(c, "version.original")
                       for c in t.children)) and t.dep_ == "dobj" and
                   t.head.pos_ == "VERB" and not told(t.head) and
                   self.t.concept(t.head) in (None, "action.create") and
                   not any(c.dep_ == "neg" for c in t.head.children)
                   for t in clause.tokens)

    def wished_original(self, clause: Clause) -> bool:
        """Whether the clause, with no verb and no part of the post, only names the original
        ("the very first version please", "the untouched version again"): the author wants
        it back; a question about it ("what did the original say?") is no such wish."""
        return clause.has("version.original") and not clause.is_question() and not any(
            t.tag_ in _WH or t.pos_ in ("VERB", "AUX") or self.t.is_(t, "part.")
            for t in clause.tokens)

    def one_of_the_changes(self, clause: Clause) -> bool:
        """Whether the author wants one earlier change undone and another kept ("put the
        first one back but keep the other gone", "bring back the timber line, only that
        one"): an undo and a version both undo every later change, so this is asked."""
        said = [t for t in self.t.doc if not t.is_punct]
        other = any(self.t.is_(t, "position.other") and t.i > clause.tokens[0].i for t in said)
        alone = any(t.lower_ in ("only", "just") for t in said)
        restored = [c for c in clause.tokens if (c.pos_ == "NOUN" and (
            self.t.is_(c, "part.sentence") or self.t.is_(c, "part.paragraph"))) or (
                c.lower_ == "one" and any(self.t.concept(w) in _ORDINALS
                                          for w in c.children))]
        return bool(restored) and (other or alone)

    def undo(self, clause: Clause) -> list[Interpretation]:
        tokens = clause.tokens
        if self.one_of_the_changes(clause):
            return [ask(_ONE_OF_THEM, intent=Intent.REVERT)]
        if clause.has("version.original") or self._as_first_given(clause):
            return [Interpretation(intent=Intent.REVERT, slots={"version": 0})]
        nouns = [i for i, t in enumerate(tokens) if self.t.is_(t, "version.noun")]
        posts = [i for i, t in enumerate(tokens) if self.t.is_(t, "part.post")]
        if any(self.t.is_(w, "position.first") for i in (*nouns, *posts)
               for c in tokens[i].children
               if c.dep_ == "relcl" for w in c.subtree):
            # "the version I first sent you", "the post I started with": told apart by
            # what was done first
            return [Interpretation(intent=Intent.REVERT, slots={"version": 0})]
        for i in nouns:
            for t in tokens[i + 1:i + 3]:
                word = t.lower_.lstrip("v.")
                n = number_value(word) if word else None
                if n is not None:
                    # "all the way back to version one": as far back as it goes, the
                    # author's first (the app counts from 0, and says which it took)
                    far = {"furthest": True} if clause.has("extent.furthest") else {}
                    return [Interpretation(intent=Intent.REVERT,
                                           slots={"version": n, **far})]
        for t in tokens:  # "v3", "v0"
            if t.lower_.startswith("v") and t.lower_[1:].isdigit():
                return [Interpretation(intent=Intent.REVERT,
                                       slots={"version": int(t.lower_[1:])})]
        version = self._bare_number(clause)
        if version is None:
            version = self._ordinal_one(clause)  # "back to the very first one"
        if version is not None:  # "restore 1", "revert to 2 please": the version's slot
            return [Interpretation(intent=Intent.REVERT, slots={"version": version})]
        own = self.t.own_words(tokens)
        # the verb's objects, not the verb itself ("eh scratch that, undo": "undo" may be
        # parsed as the object of the retracted words)
        objects = [t for t in own if t.dep_ in ("dobj", "pobj") and t.pos_ in (
            "NOUN", "PROPN") and self.t.concept(t) != "action.undo" and not self.t.is_(
                t, "discourse.")]  # "undo pls": "pls" parsed as its object
        if objects and all(self.t.is_(t, "position.first") for t in objects) and \
                not clause.has("part."):
            # "go back to the very start", "back to the beginning": no part of the post is
            # named, so the start is the first version
            return [Interpretation(intent=Intent.REVERT, slots={"version": 0})]
        if nouns and not clause.has("version.previous") and not any(
                t.lower_ in ("before", "last", "latest", "previous") for t in tokens):
            return [unclear([Intent.UNDO])]
        if any(not self.t.is_(t, "version.") and not self.t.is_(t, "part.") and
               t.lower_ not in (*_STEPS, "one", "way", "thing") and not self._last_done(t)
               for t in objects) or any(self.t.quote(t) for t in tokens):
            return []  # "put the starter back to 'nine days'": about the post's words
        return [Interpretation(intent=Intent.UNDO)]

    def _last_done(self, noun: Token) -> bool:
        """Whether `noun` names the last thing done, not words of the post ("undo that last
        addition"): said with "last" or "previous", and no word of the post."""
        view = self.t.view
        return any(self.t.is_(c, "position.last") or self.t.is_(c, "version.previous")
                   for c in noun.children if c.dep_ == "amod") and (
            view is None or noun.lower_ not in view.words)

    def _ordinal_one(self, clause: Clause) -> int | None:
        """"the first one", "the very first one", "the second one" after a version verb:
        "one" is a version, numbered from 0 as the versions are."""
        for t in clause.tokens:
            if t.lower_ != "one" or t.dep_ not in ("pobj", "dobj", "npadvmod", "attr"):
                continue
            for child in t.children:
                concept = self.t.concept(child) or ""
                if concept in _ORDINALS:
                    return _ORDINALS.index(concept)
        return None

    def _bare_number(self, clause: Clause) -> int | None:
        """A number standing alone right after the version verb ("restore 1", "roll back
        to 2"), not one counting something ("undo 2 changes")."""
        back = next((t.i + 1 for t in clause.tokens if t.lower_ == "back" and t.i + 1 < len(
            t.doc) and t.nbor(1).lower_ == "to"), None)  # not "back one": a step
        start = clause.head_end if clause.head is not None else back
        if start is None:
            return None  # ("back to 2", "go back to 1": the words after "back")
        said = [t for t in clause.tokens if t.i >= start and not t.is_punct and
                not self.t.is_(t, "discourse.") and t.lower_ not in ("to", "back")]
        if len(said) != 1 or not (said[0].like_num or said[0].pos_ == "NUM"):
            return None
        return number_value(said[0].lower_)


def version_before(rows: list[dict[str, Any]], change: str) -> int | None:
    """The version before the latest one whose change is of kind `change` (`rows`: the
    versions, oldest first, each with its "kind", "base_version" and the "changes" or
    front-matter "keys" it made), else None. A title is changed as a field or as the
    heading on top."""
    wanted = {change, "heading"} if change == "title" else {change}
    for row in reversed(rows):
        made = {str(c) for c in (*(row.get("changes") or ()), *(row.get("keys") or ()))}
        base = row.get("base_version")
        if row.get("kind") in ("edit_ops", "edit_metadata") and made & wanted and \
                isinstance(base, int):
            return base
    return None


def counted_from_one(said: int, latest: int | None, *, far: bool = False
                     ) -> tuple[int | None, str | None]:
    """The version the author means by the number `said`, and what to tell them when it is
    not the app's own number (the app counts from 0; many people count from one), given
    the `latest` version. Counting from one is the reading when the app's would change
    nothing (`said` is the version the post is at), when the app has no such version but
    has the one before it, or when `said` is one, said as the furthest back (`far`: "all
    the way back to version one"). Otherwise `said` stands, as the app's own number. The
    version meant being the one the post is at, nothing is brought back (None) and the
    note says so."""
    if latest is None or said < 1:
        return said, None
    if said == latest or said == latest + 1 or (far and said == 1):
        note = f"Counting from one, your version {said} is the one I list as version {said - 1}."
        if said - 1 == latest:
            return None, f"{note} The post is at that version now, so nothing was changed."
        return said - 1, note
    return said, None
