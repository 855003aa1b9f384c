"""One clause of a blogger message read as requests: by its verb (the lexicon's concept of
it), the verb's objects and the nouns of the post's parts and artifacts. Edits go to the
edit frames (`reading_edits`); a clause whose verb asks for something no frame can fill
gets the closest capabilities; a clause with nothing the lexicon knows is left to
similarity (`None`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.intents import unclear
from blogger.reading_artifacts import ARTIFACTS, artifact_requests
from blogger.reading_asked import (
    added,
    asked_not_to,
    before_a_purpose,
    help_question,
    pass_to_clear_verb,
    placed_after,
    tells,
    wished,
)
from blogger.reading_checks import CheckFrames
from blogger.reading_content import arranged_by_outline, cut_into_parts, split_request
from blogger.reading_counts import count_only
from blogger.reading_cuts import cut_inside
from blogger.reading_edits import EditFrames, refers_back
from blogger.reading_inserts import InsertFrames
from blogger.reading_names import renamed_throughout
from blogger.reading_pairs import SaidPairs
from blogger.reading_picks import discussed
from blogger.reading_places import Place, find_place
from blogger.reading_subjects import said_of_target
from blogger.reading_turn import Turn, told
from blogger.reading_versions import VersionFrames
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import Clause
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["ClauseReader"]

_WANTING = ("want", "need", "like", "help", "love")
_EDITS = ("action.replace", "action.delete", "action.insert", "action.rename")
#: Where a verb hangs when it only describes something ("a guide to making coffee").
_DESCRIBING = ("pcomp", "acl", "relcl", "advcl", "xcomp")
#: Where a verb hangs inside a description ("a post about fixing a puncture").
_EMBEDDED = ("pcomp", "acl", "relcl", "amod", "pobj", "nmod", "advcl", "csubj")
_NOT_FOUND = "I could not find that part of the post. Which section do you mean?"
_REDO_QUESTION = ("Do you want me to write the post again from scratch? Say yes if so. To bring "
                  "back the change you just undid, say “go back to version N” (“what versions "
                  "are there?” lists them).")



def _bare_past(verb: Token) -> bool:
    """Whether `verb` is a past form alone ("sorted?", "all sorted", "sorted, cheers"): no
    object, complement or auxiliary, so it tells or asks how things stand, never asks for
    an act (an imperative is the base form)."""
    return verb.tag_ in ("VBD", "VBN") and all(
        c.dep_ in ("punct", "nsubj", "advmod", "intj", "npadvmod") and c.pos_ != "NOUN"
        for c in verb.children)

class ClauseReader:
    """Reads the clauses of one message (`turn`)."""

    def __init__(self, turn: Turn) -> None:
        self.t = turn
        self.edits = EditFrames(turn)
        self.inserts = InsertFrames(self.edits)
        self.pairs = SaidPairs(self.edits)
        self.checks = CheckFrames(turn)
        self.versions = VersionFrames(turn)

    def read_all(self, found: list[Clause]) -> list[Interpretation] | None:
        """The requests of every clause in order; None when no clause holds anything the
        lexicon reads (the caller then reads the message by similarity)."""
        renamed = renamed_throughout(self.t)  # "call her Mei instead of Aiko"
        if renamed is not None:
            return renamed
        out: list[Interpretation] = []
        known = False
        previous: Clause | None = None
        for clause in found:
            if clause.has("discourse.retract") and (out or len(found) > 1 or not [
                    t for t in clause.tokens if not t.is_punct and not self.t.is_(
                        t, "discourse.")]):
                out, known = [], True  # "monstera -> X? no wait, forget that. Just ..."
                previous = clause
                continue
            self._pass_to_complement(clause)
            pass_to_clear_verb(self.t, clause)
            # "... a quiz? Six questions will do": a count of its own sizes the artifact
            got = count_only(self.t, clause, out)
            if got is None:
                got = self.read(clause, previous)
            if got is None:
                got = self.checks.goal_after(clause, out)
            if got is not None:
                known = True
                out.extend(got)
            previous = clause
        unique: list[Interpretation] = []
        for request in out:  # "the last paragraph, the one about X": one request
            if not any((u.intent, u.slots, u.question) == (request.intent, request.slots,
                                                           request.question) for u in unique):
                unique.append(request)
        return unique if known else None

    def _pass_to_complement(self, clause: Clause) -> None:
        """"I want to delete X", "help me write a post": the wanted verb is the request."""
        head = clause.head
        if head is None or head.lemma_ not in _WANTING:
            return
        for child in head.children:
            if child.dep_ in ("xcomp", "ccomp") and child.pos_ in ("VERB", "AUX"):
                concept = self.t.concept(child)
                term = clause.term_at(child)
                if concept is not None and concept.startswith("action.") and term is not None:
                    clause.head, clause.head_concept = child, concept
                    clause.head_end = term.end
                    clause.extra["wanted"] = True
                    return
        # "I want return to version 1", "I want delete it": the verb without its "to",
        # which the tagger may call a noun or an adjective
        after = [t for t in clause.tokens if t.i == head.i + 1]
        term = clause.term_at(after[0]) if after else None
        if term is not None and term.concept.startswith("action.") and \
                term.concept != "action.create" and any(
                    c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in head.children):
            clause.head, clause.head_concept = after[0], term.concept
            clause.head_end = term.end
            clause.extra["wanted"] = True

    # -- one clause --------------------------------------------------------------------------
    def read(self, clause: Clause, previous: Clause | None) -> list[Interpretation] | None:
        if (purpose := before_a_purpose(clause)) is not None:  # "... so my sister sees it"
            return artifact_requests(self.t, purpose, asked=True)
        concept = clause.head_concept or ""
        listed = self.versions.listing(clause) or self.versions.described_before(clause) or \
            self.versions.last_act_removed(clause)
        if listed is not None:
            return listed
        wanted = self._there_should_be(clause)
        if wanted is not None:  # "shouldn't there be some flashcards too?"
            return wanted
        if any(t.concept in ARTIFACTS and wished(self.t.doc[t.end - 1])
               for t in clause.terms):  # "my nephew wants to test me, so a quiz would be handy"
            return artifact_requests(self.t, clause, asked=True)
        if concept.startswith("action.") and clause.head and (
                asked_not_to(self.t, clause.head) or _bare_past(clause.head) or (
                    clause.head.dep_ == "relcl" and told(clause.head))):
            # "don't change anything", "never delete it": asked not to act; "sorted?", "all
            # sorted": told, no request; but "it was X she wanted, not Y" corrects
            return (self.pairs.said_pair(clause) if clause.head.dep_ == "relcl" else None) or []
        found = cut_inside(self.t, clause) or self._said_around(clause, previous)
        if found is not None:  # "end the sentence at 'X'": the rest of it goes
            return found
        if tells(clause, wanting=_WANTING) and not placed_after(self.t, clause):
            return self._statement(clause)
        said = self.pairs.said_pair(clause)
        if said is not None:
            return said
        if clause.has("artifact.") and not concept.startswith(("action.delete",
                                                                "action.undo")) and \
                self._makes_artifact(clause, concept):
            found = artifact_requests(self.t, clause)
            if found is not None:
                return found
        if concept == "action.undo" or self.versions.back(clause) or \
                self.versions.chosen_original(clause) or (  # "the very first version pls"
                    not concept and self.versions.wished_original(clause)):
            return self.versions.undo(clause)
        if self.versions.names_versions(clause) and concept in ("", "action.list"):
            return [Interpretation(intent=Intent.VERSIONS)]
        if concept == "action.check" or clause.has("check.") or clause.has("part.brief") or \
                self.checks.serves_as(clause) is not None:
            found = self.checks.read(clause)
            if found is not None:
                return found
        if concept == "action.split" or (concept == "action.arrange" and arranged_by_outline(
                self.t, clause)) or cut_into_parts(self.t, clause):  # "chop it into: A; B"
            return [split_request(self.t, clause)]
        if concept == "action.help" and len(clause.tokens) <= 4:
            return [Interpretation(intent=Intent.HELP)]
        post = self._new_post(clause, concept)
        if post is not None:
            return post
        found = self.inserts.verbless(clause) if not concept or (  # "one more item at the
            clause.head is not None and clause.head.pos_ == "NOUN") else None  # end of X: Y"
        if found is not None:  # "pop 'X' right after ...", "open the last paragraph with 'X'"
            return found
        return self._edit(clause, concept, previous)

    def _said_around(self, clause: Clause,
                     previous: Clause | None) -> list[Interpretation] | None:
        """Said of its target ("the bit about X can go"), a help question, or described."""
        target = said_of_target(self.edits, clause, previous)
        if target is not None:
            found = self.versions.undo(clause) if target.concept == "action.undo" else target.found
            if found is None and target.concept == "action.insert" and clause.head is not None:
                found = added(clause, clause.head, self.t, self.inserts)
            if found is not None:
                return found
        helped = help_question(self.t, clause)
        return helped if helped is not None else self._described(clause)

    def _described(self, clause: Clause) -> list[Interpretation] | None:
        """A request whose action verb only describes something: the topic of a new post,
        the goal of a check."""
        head = clause.head
        if head is not None and head.dep_ in _EMBEDDED and any(
                self.t.is_(t, "part.post") and t.pos_ == "VERB" and t.dep_ == "ROOT"
                for t in clause.tokens):
            # "can you draft me a post about fixing a puncture": the verb of the request is
            # the post's own word, the action verb only describes the topic
            found = self._new_post(Clause(clause.tokens, clause.terms), "")
            if found is not None:
                return found
        if head is not None and head.dep_ in _DESCRIBING and self.checks.about_the_post(clause):
            # "would this work as a guide to making coffee?": the verb describes the goal
            return self.checks.read(clause)
        return None

    def _makes_artifact(self, clause: Clause, concept: str) -> bool:
        """An edit verb makes an artifact only into one ("turn the post into flashcards");
        "change the price of the card" is an edit."""
        if concept not in _EDITS:
            return True
        first = next(t for t in clause.terms if t.concept.startswith("artifact."))
        return any(self.t.is_(t, "relation.new") and t.i < first.start
                   for t in clause.tokens)

    def _there_should_be(self, clause: Clause) -> list[Interpretation] | None:
        """What "there should be" asks for: an artifact ("shouldn't there be some flashcards
        too?"), or words at a place ("there should be something at the very end, like: X"),
        said with a modal; else None ("there is a typo" tells)."""
        for t in clause.tokens:
            be = t.head
            if t.dep_ != "expl" or be.lemma_ != "be" or not any(
                    c.dep_ == "aux" and c.tag_ == "MD" for c in be.children):
                continue
            wanted = next((c for c in be.children if c.dep_ == "attr"), None)
            if wanted is None:
                return None
            if self.t.is_(wanted, "artifact."):
                return artifact_requests(self.t, clause, asked=True)
            colon = next((w.i for w in clause.tokens if w.text == ":" and w.i > wanted.i),
                         None)
            if colon is not None:  # the place the words go, then the words after the colon
                place = [w for c in wanted.children if c.dep_ == "prep" for w in c.subtree]
                return self.inserts.insert(clause, [*place, *(w for w in clause.tokens
                                                              if w.i >= colon)])
        return None

    def _statement(self, clause: Clause) -> list[Interpretation] | None:
        """A verb not said to the reader ("I changed it", "how do I make a quiz?"): only
        "I meant 'X'" and its kin read as requests; the rest is left to similarity."""
        if self.checks.serves_as(clause) is not None:  # "would it do as a guide to X?"
            checked = self.checks.read(clause)
            if checked is not None:
                return checked
        said = self.pairs.said_pair(clause)
        if said is None and self._asks_advice(clause):
            return []  # "or must I change it?", "should we cut the intro?": advice asked
        return said

    def _asks_advice(self, clause: Clause) -> bool:
        """A question whose verb the author ("I", "we") is obliged to do, by a modal that
        is not one of asking ("must", "should"; "can I ..." asks): what the author should
        do is asked, not an act of the reader's."""
        head = clause.head
        return head is not None and clause.is_question() and any(
            c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in head.children) and any(
            c.dep_ == "aux" and c.tag_ == "MD" and not self.t.is_(c, "discourse.ask")
            for c in head.children)

    def _edit(self, clause: Clause, concept: str,
              previous: Clause | None) -> list[Interpretation] | None:
        value = self.edits.fields.tagging.taken_off_after(clause, previous) or \
            self.edits.fields.value(clause)
        if value is not None:
            return [value]
        head = clause.head
        body = [t for t in clause.tokens if t.i >= clause.head_end] if head is not None \
            else clause.tokens
        place = None
        lead: list[Token] = []
        if head is not None:
            lead = clause.before(head)
            body = [t for t in body if not (t.dep_ == "prt" and head in (t.head, t.head.head))]
            placed = self._place_first(clause, lead, body)
            if placed is None:
                return [ask(_NOT_FOUND)]
            place, lead = placed
        found: list[Interpretation] | None = None
        if concept in ("action.replace", "action.create", "action.improve"):
            # "change it to 'X'" just after the app quoted a sentence, or after an edit
            found = discussed_anew(self.edits, clause, body) or self.pairs.again(
                clause, body, previous)
        if found is not None:
            return found
        if concept == "action.publish" or (head is None and any(
                self.t.is_(t, "part.post") and t.pos_ == "VERB" and t.dep_ == "ROOT"
                for t in clause.tokens)):
            return [unclear([Intent.CHECK])]  # "post this on my blog tonight"
        arrow = any(t.concept == "relation.new" and not t.text.isalpha() for t in clause.terms)
        if concept == "action.replace" or (not concept and arrow):
            found = self.edits.replace(clause, body, place=place, previous=previous, lead=lead)
            if found is None and arrow and not concept:
                return [ask("I could not find those words in the post. Quote the words to "
                            "change and the new ones, like: replace \"X\" with \"Y\".")]
        elif concept == "action.delete":
            found = self.edits.delete(clause, body, previous, place=place, lead=lead)
        elif concept == "action.insert":
            found = self.inserts.insert(clause, body, place=place, lead=lead,
                                        previous=previous)
        elif concept == "action.rename":
            one = self.edits.fields.rename(clause, body)
            found = [one] if one is not None else None
        elif not concept and self.t.memory.intent == "edit" and any(
                self.t.quote(t) for t in clause.tokens):
            found = self.edits.replace(clause, clause.tokens)  # "and 'beans' to 'peas'"
        if found is not None:
            return found
        if concept == "action.create" and head is not None and self._reshapes(head, body):
            return [unclear([Intent.EDIT])]  # "make it sound more like me"
        if concept in _EDITS or concept in ("action.improve", "action.arrange") or (
                concept == "action.create" and (clause.has("part.") or clause.has(
                    "relation.new"))):
            if clause.has("part.notes"):
                return None
            return [unclear([Intent.EDIT])]
        return None

    def _place_first(self, clause: Clause, lead: list[Token], body: list[Token]
                     ) -> tuple[Place | None, list[Token]] | None:
        """"In the tyres paragraph, replace ...": the place said before the verb, and the
        words before the verb that are left; None when the place is named but not found."""
        scope_at = next((i for i, t in enumerate(lead) if self.t.is_(t, "relation.scope")),
                        None)
        if scope_at is None:
            return None, lead
        end = next((i for i in range(scope_at + 1, len(lead)) if lead[i].text == ","),
                   len(lead))
        place = find_place(self.t, clause, self.t.trim(lead[scope_at + 1:end]))
        place = self.edits.unless_needless(clause, body, place)
        if place is not None and place.missing:
            return None
        if place is not None and scope_at == 0 and end < len(lead):
            # "In the kit section, the sentence with X, delete it": the place said first,
            # then the part it holds
            return place, lead[end + 1:]
        return place, lead

    def _rewritten_as(self, clause: Clause) -> list[Interpretation] | None:
        """"rewrite the line about X as: <the new line>": that part replaced by the words
        after the colon."""
        colon = next((i for i, t in enumerate(clause.tokens) if t.text == ":"), None)
        if colon is None or clause.head is None:
            return None
        old = [t for t in clause.tokens[:colon] if t.i >= clause.head_end]
        while old and self.t.is_(old[-1], "relation.new"):
            old.pop()
        one = self.edits.replace_one(clause, old, clause.tokens[colon:], None)
        return [one] if one is not None else None

    def _reshapes(self, head: Token, body: list[Token]) -> bool:
        """"make it sound more like me", "make the ending more inspiring": the post or a part
        of it (a part's word whatever the tagger made of it: "ending") made some way."""
        return any(c.dep_ in ("ccomp", "xcomp", "acomp", "oprd") for c in head.children) and \
            any(t.lower_ in ("it", "this") or self.t.is_(t, "part.") or (
                self.t.lexicon.concept(t.lower_) or "").startswith("part.") for t in body[:3])

    def _new_post(self, clause: Clause, concept: str) -> list[Interpretation] | None:
        head = clause.head
        posts = [t for t in clause.tokens if self.t.is_(t, "part.post")]
        if concept == "action.rewrite":
            # What is rewritten is the verb's own object: "rewrite the practice section so
            # it sounds ..." rewrites a section ("it" is in the purpose clause), not the post.
            objects = [t for t in clause.tokens if head is None or t.head == head]
            if any(self.t.is_(t, "part.") and not self.t.is_(t, "part.post") and
                   t.dep_ in ("dobj", "nsubjpass", "nsubj") for t in objects):
                return self._rewritten_as(clause) or [unclear([Intent.EDIT])]
            if posts or len(clause.tokens) <= 3 or any(
                    t.lower_ in ("it", "this") for t in objects):
                if not posts and self.t.memory.intent == Intent.UNDO.value:
                    # "redo it" right after an undo may mean the change undone, which no
                    # rewrite brings back: asked, never a new post written over it
                    rewrite = Interpretation(intent=Intent.NEW_POST, slots={"rewrite": True})
                    return [ask(_REDO_QUESTION, (rewrite,), intent=Intent.NEW_POST)]
                return [Interpretation(intent=Intent.NEW_POST, slots={"rewrite": True})]
        if not posts:
            return None
        nouns = [t for t in posts if t.pos_ != "VERB"]
        noun = nouns[0] if nouns else posts[-1]
        fresh = any(self.t.is_(c, "new.") for c in noun.children)
        root = clause.tokens[0].sent.root
        # "draft a new post", "start a new post", "a new post about my allotment"
        written = posts[0].pos_ == "VERB" and not any(
            (c.dep_ == "dobj" and (c.pos_ == "PRON" or (self.t.is_(c, "part.post") and any(
                d.dep_ == "poss" or d.morph.get("Definite", []) == ["Def"] or
                d.morph.get("PronType", []) == ["Dem"] for d in c.children))))
            # "draft me a post", not "post it to my Facebook" nor "post to insta" (a place
            # it goes to: publishing)
            or (c.dep_ in ("prep", "xcomp") and c.lower_ != "about") for c in posts[0].children)
        begun = head is None and (written or fresh or (
            root.pos_ == "VERB" and self.t.is_(root, "position.first")))
        if not (concept == "action.create" or begun):
            return None
        dets = [c.lower_ for c in noun.children if c.dep_ in ("det", "poss")]
        if any(d in ("the", "my", "this", "that", "your") for d in dets) and not fresh:
            return None
        topic: list[Token] = []
        for i, t in enumerate(clause.tokens):
            if t.i > noun.i and t.lower_ in ("about", "on", "covering", "for", "regarding"):
                topic = clause.tokens[i + 1:]
                break
        words = self.t.clean(self.t.own_words(topic), clause)
        return [Interpretation(intent=Intent.NEW_POST, slots={"topic": words} if words else {})]


def discussed_anew(edits: EditFrames, clause: Clause,
                   body: list[Token]) -> list[Interpretation] | None:
    """The sentence the app last quoted, replaced by the new words said for "it" ("change it
    to 'X'", "reword it to 'X'"), else None."""
    turn = edits.t
    if turn.memory.discussed is None or not refers_back(turn.trim(
            [t for t in body if not turn.is_(t, "relation.new") and t.i < _new_at(turn, body)],
            clause, determiners=True)):
        return None
    text, _quoted = edits.new_words(clause, [t for t in body if t.i > _new_at(turn, body)])
    return discussed(turn, None, text) if text else None


def _new_at(turn: Turn, body: list[Token]) -> int:
    """Where the new words start in `body`: after its first relation word ("to", "into")."""
    return next((t.i for t in body if turn.is_(t, "relation.new")), body[-1].i + 1 if body else 0)
