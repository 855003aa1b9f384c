"""One message being read: its masked, parsed words and what it is read against (the post,
the memory of the last turn, the blogger's lexicon), with the word-level helpers the
blogger's readers share."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from draftguard.language import Lexicon
from draftguard.understanding._frames import YOU, Clause, text_of
from draftguard.understanding._locate import PostView
from draftguard.understanding._quotes import Masked
from draftguard.understanding._types import Memory

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["LEXICON_PATH", "REQUESTED", "Turn", "blogger_lexicon", "told", "view_of"]

LEXICON_PATH = Path(__file__).with_name("lexicon.toml")
#: A word at least this common in English (Zipf; "bake" is 4.4) is never read as a typo.
TYPO_MAX_ZIPF = 3.0
#: The lexicon's nouns that ask for something by themselves ("..., plus a quiz", "... and
#: tag it B").
REQUESTED = ("artifact.quiz", "artifact.flashcards", "artifact.mindmap", "part.tags")
_DETERMINERS = ("the", "a", "an", "my", "this", "that", "these", "those", "our", "its", "his",
                "her", "your", "every", "each", "all")

#: Words saying all of a part, before its name ("the whole X paragraph").
_WHOLE = ("whole", "entire")


def _under(concept: str, name: str) -> bool:
    return concept == name or (name.endswith(".") and concept.startswith(name))


def told(verb: Token) -> bool:
    """Whether `verb` tells of something done ("I was reading back over it", "she went
    back"): a past or progressive verb with a subject other than the reader."""
    return verb.tag_ in ("VBD", "VBG", "VBN") and any(
        c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in YOU for c in verb.children)


@cache
def blogger_lexicon() -> Lexicon:
    """The blogger's lexicon (`lexicon.toml`), read once."""
    return Lexicon.from_toml(LEXICON_PATH, typo_max_zipf=TYPO_MAX_ZIPF)


@lru_cache(maxsize=16)
def view_of(post: str) -> PostView:
    """One view per post text: the post's parts are split and scored once per version."""
    return PostView(post)


#: Parts of speech that only frame a quoted value ("to 'X'", "+ 'X'", "'X' only").
_AROUND_A_QUOTE = frozenset({"ADP", "ADV", "PART", "CCONJ", "SYM", "PUNCT", "DET", "X"})
_MAX_AFTER_A_QUOTE = 2  # words after a quoted value that are an aside, not part of it


@dataclass
class Turn:
    """A message being read."""

    masked: Masked
    doc: Doc
    view: PostView | None
    memory: Memory
    lexicon: Lexicon
    #: The whole message (lines below the request part included).
    message: str = ""

    def quote(self, token: Token) -> str | None:
        return self.masked.quote(token)

    def concept(self, token: Token) -> str | None:
        return self.lexicon.concept(token.lemma_) or self.lexicon.concept(token.lower_)

    def is_(self, token: Token, name: str) -> bool:
        """Whether `token` is a word of concept `name` ("part.title"), or of a concept
        under it when `name` ends with a dot ("part.")."""
        return _under(self.concept(token) or "", name)

    def words(self, tokens: list[Token]) -> str:
        """The author's words for `tokens`, quotations put back as typed."""
        if not tokens:
            return ""
        return self.masked.unmask(text_of(tokens), tokens[0].idx)

    def trim(self, tokens: list[Token], clause: Clause | None = None, *,
             determiners: bool = False) -> list[Token]:
        """`tokens` without the punctuation and the politeness at either end ("please",
        "thanks", "for me"), and the determiner in front when asked."""
        drop: set[int] = set()
        if clause is not None:
            for term in clause.terms:
                if term.concept.startswith(("discourse.", "relation.instead", "relation.meant",
                                            "relation.everywhere")):
                    drop.update(range(term.start, term.end))
        out = list(tokens)
        while out and (out[-1].is_punct or out[-1].i in drop or out[-1].is_space
                       or out[-1].text in ("🙂", "🙏")):
            out.pop()
        while out and (out[0].is_punct or out[0].i in drop or out[0].is_space or
                       (determiners and out[0].lower_ in _DETERMINERS and len(out) > 1) or
                       (determiners and out[0].lower_ in _WHOLE and len(out) > 2)):
            out.pop(0)  # ("the whole hard parts paragraph"; "the whole thing" is the post)
        return out

    def clean(self, tokens: list[Token], clause: Clause | None = None, *,
              determiners: bool = False) -> str:
        return self.words(self.trim(tokens, clause, determiners=determiners)).strip()

    def own_words(self, tokens: list[Token]) -> list[Token]:
        """`tokens` up to a comma that starts a clause of its own ("cut 'x', it's obvious",
        "remove the bit about y, nobody cares"), or an aside after a quotation that quotes
        nothing more ("swap 'x' for 'y', my bad", "... 'y', yaar")."""
        for i, tok in enumerate(tokens):
            if tok.text == "(" and i > 0:
                return tokens[:i]  # "(no accent, my CMS chokes on it)": an aside
            if i > 0 and self.quote(tokens[i - 1]) and tok.dep_ == "mark" and \
                    tok.head.pos_ in ("VERB", "AUX") and tok.head.i > tok.i:
                return tokens[:i]  # "... to 'Y' because it is bigger": the reason, no words
            if tok.text in (".", "!", "?") and tok.is_sent_end and i + 1 < len(tokens):
                return tokens[:i]  # "brief: a guide to X. does it pass?": a new sentence
            if tok.text in (",", "—", "-") and i + 1 < len(tokens) and not (
                    tok.tag_ == "HYPH" and not tok.whitespace_ and i > 0 and
                    not tokens[i - 1].whitespace_):  # "first-timer's": a word's own hyphen
                rest = tokens[i + 1:]
                end = i  # "swap 'a' for 'b' would ya, the little one counts": asking
                while end > 1 and self.is_(tokens[end - 1], "discourse."):  # words aside
                    end -= 1
                if end > 0 and self.quote(tokens[end - 1]) and not any(self.quote(t)
                                                                       for t in rest):
                    return tokens[:end]
                if any(t.dep_ in ("nsubj", "nsubjpass", "expl") and t.head.pos_ in (
                        "VERB", "AUX") and t.head in rest for t in rest):
                    return tokens[:i]
        return tokens

    def lone_quote(self, tokens: list[Token], clause: Clause | None = None) -> str | None:
        """The quotation `tokens` are, when they are one placeholder (politeness aside)."""
        kept = self.trim(tokens, clause, determiners=True)
        kept = [t for t in kept if not self.is_(t, "part.word")]
        if len(kept) == 1:
            return self.quote(kept[0])
        return None

    def the_quotation(self, value: list[Token]) -> list[Token]:
        """The one quotation in `value` when the rest are only words of grammar around it
        ("to 'X'", "+ 'X'", "'X' only") or a word or two after it ("'X' lah"): the value is
        what the author quoted."""
        quoted = [t for t in value if self.quote(t)]
        if quoted:
            # "'X', it was nowhere near Y": an aside after the quotation is no part of it
            value = self.own_words(value)
            quoted = [t for t in value if self.quote(t)]
        at = value.index(quoted[0]) if len(quoted) == 1 else 0
        aside = len(value) - at - 1 <= _MAX_AFTER_A_QUOTE  # "'X' lah": the author's own
        grammar = [t.pos_ in _AROUND_A_QUOTE for t in value]
        return quoted if len(quoted) == 1 and all(grammar[:at]) and (
            aside or all(grammar[at + 1:])) else value
