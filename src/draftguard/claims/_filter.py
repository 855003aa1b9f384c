"""`ClaimFilter`: the claim guard as a streaming text filter (`feed`/`flush`).

It sits in the same chain as the raw-output filter and the duplicate filter, streamed or not:
the text is cut into sentences as it comes (`draftguard.dedupe.UnitScanner`; only the
unfinished sentence is held back), and each finished sentence is judged by `ClaimGuard`
against the turn's record. A supported sentence is shown byte for byte; an unsupported one
is removed, and the first removal of each kind says the short truth in its place:

- an action nothing did: "Nothing was changed." (only when no run changed anything);
- an action the app cannot do at all: "I can't book or reserve anything myself.";
- a verdict no check gave: "No check has run on it yet.";
- a result or fact the record does not hold: the run's own summary, when its tool has one;
- a link the record does not hold (`_links`): nothing; the sentence goes.

In a turn where no tool ran, an outcome or an impossible act told in other words than the
guard reads ("Held it up against your brief and it clears it", "The invitations went out this
morning") goes too, read by likeness (`_outcomes`).

A line that only makes sense after an act ("Say undo to take it back", a bare "All done!")
goes, with nothing in its place, when no run of this turn changed anything or the reply's
claim of an act was removed; a removed sentence that introduces a list or a block takes it
with it (`_follow_on`).

When nothing of the reply is left, the truth is followed by `next_step`: never silence.
A guard that raises lets the rest of the reply through and reports the error (fail safe).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from draftguard.claims._follow_on import ITEM, after_act, introduces
from draftguard.claims._guard import ClaimGuard, ClaimKind, Judgement
from draftguard.claims._outcomes import may_tell, told_outcome
from draftguard.claims._record import TurnRecord
from draftguard.claims._view import RecordView
from draftguard.dedupe import Piece, PieceKind, UnitScanner
from draftguard.language import embed
from draftguard.reply_guard import is_raw

__all__ = [
    "DEFAULT_NEXT_STEP",
    "ClaimFilter",
    "ClaimObserver",
    "GuardedReply",
    "guard_reply",
]

DEFAULT_NEXT_STEP = "Tell me what you would like me to do next."
NOTHING_CHANGED = "Nothing was changed."
NO_CHECK = "No check has run on it yet."
#: What the app cannot do, by the claims lexicon's `impossible.*` concept.
CANNOT = {
    "book": "I can't book or reserve anything myself.",
    "cancel": "I can't cancel anything myself.",
    "email": "I can't send emails or messages.",
    "message": "I can't send emails or messages.",
    "invite": "I can't send emails or messages.",
    "publish": "I can't publish or share anything myself.",
    "pay": "I can't order or pay for anything.",
    "call": "I can't make calls.",
    "confirm": "I can't book, reserve, schedule or confirm anything myself.",
    "request": "I can't ask anyone for anything on your behalf.",
}
#: Removed claims after which the lines that follow an act go too.
_ACTS = frozenset({ClaimKind.ACTION, ClaimKind.IMPOSSIBLE, ClaimKind.VERDICT, ClaimKind.RESULT})
_FOLLOW_ON = Judgement(False, ClaimKind.ACTION, "a line that only follows an act; none was "
                       "done this turn, or the reply's claim of one was removed", "action.follow")
#: An outcome or an impossible act told in other words in a turn where no tool ran.
_UNTOLD = {
    "outcome": Judgement(False, ClaimKind.RESULT, "an outcome of a check or a search; no tool "
                         "ran this turn", "result.untold"),
    "impossible": Judgement(False, ClaimKind.IMPOSSIBLE, "an act the app cannot do, told as "
                            "done; no tool ran this turn", "impossible.untold"),
}
_IN_LIST = Judgement(False, ClaimKind.RESULT, "in the list or block of a removed sentence")
_MARKER = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+")


class ClaimObserver(Protocol):
    """Where the filter reports what it did (an adapter turns it into metrics and logs)."""

    def on_sentence(self, judgement: Judgement, sentence: str) -> None: ...
    def on_error(self, error: BaseException) -> None: ...


@dataclass
class GuardedReply:
    """A whole reply after the guard: the text to show and each sentence's judgement."""

    text: str
    judged: list[tuple[str, Judgement]] = field(default_factory=list)

    @property
    def removed(self) -> list[str]:
        return [s for s, j in self.judged if not j.supported]


class ClaimFilter:
    """Removes the sentences of a reply its record does not back (module docstring)."""

    def __init__(
        self,
        record: TurnRecord,
        *,
        guard: ClaimGuard | None = None,
        next_step: str = DEFAULT_NEXT_STEP,
        observer: ClaimObserver | None = None,
    ) -> None:
        self.record = record
        self.guard = guard or ClaimGuard()
        self.next_step = next_step
        self.observer = observer
        self.judged: list[tuple[str, Judgement]] = []
        self._scanner = UnitScanner()
        self._broken = False
        self._kept = 0
        self._said: list[str] = []
        self._at_line_start = True
        self._dropped: str | None = None
        self._tail = ""
        self._raw = False
        #: After a removed sentence: "maybe" (a list may follow), "header" (it ended with
        #: ":"), "first" (the header's first block), "list" (items are being dropped).
        self._block: str | None = None
        self._gap = ""
        self._act_removed = False
        self._view = RecordView(record, self.guard)

    # -- the TextFilter protocol --------------------------------------------------------------
    def feed(self, chunk: str) -> str:
        if self._broken:
            return chunk
        try:
            pieces = self._scanner.feed(chunk)
        except Exception as err:
            return self._fail(err, self._scanner.held + chunk)
        return self._shown(self._judge_all(pieces))

    def flush(self) -> str:
        if self._broken:
            return ""
        try:
            pieces = self._scanner.finish()
        except Exception as err:
            return self._fail(err, self._scanner.held)
        out = self._judge_all(pieces)
        if self._kept == 0 and self.judged and not self._broken:
            # Nothing of the reply is left: the truth (unless a replacement said it
            # already) and the next step, never silence.
            ending = self.next_step if self._said else f"{self._truth()} {self.next_step}"
            shown = self._tail + out
            # After raw text the ending starts a paragraph, so the cut of that line keeps it.
            gap = "\n\n" if self._raw else " "
            out += ("" if not shown.strip() or (shown[-1].isspace() and not self._raw)
                    else gap) + ending.strip()
        return self._shown(out)

    def _shown(self, out: str) -> str:
        if out:
            self._tail = out[-1]
        return out

    # -- judging ------------------------------------------------------------------------------
    def _fail(self, err: BaseException, unshown: str) -> str:
        self._broken = True
        if self.observer is not None:
            self.observer.on_error(err)
        return unshown

    def _judge_all(self, pieces: Sequence[Piece]) -> str:
        try:  # the finished sentences parsed in one batch (a speed-up only; fail safe)
            sentences = [_MARKER.sub("", p.text) for p in pieces if p.kind is PieceKind.SENTENCE]
            self.guard.prepare(sentences, self.record)
            # what may tell an outcome is embedded in one batch
            told = [s.strip() for s in sentences if may_tell(s, self.record, self._view)]
            if len(told) > 1:
                embed(told)
        except Exception as err:
            return self._fail(err, "".join(p.text for p in pieces) + self._scanner.held)
        out: list[str] = []
        for i, piece in enumerate(pieces):
            try:
                out.append(self._piece(piece))
            except Exception as err:
                # This piece and the rest go out unjudged, and so does the rest of the stream.
                rest = "".join(p.text for p in pieces[i:]) + self._scanner.held
                out.append(self._fail(err, rest))
                break
        return "".join(out)

    def _piece(self, piece: Piece) -> str:
        at_line_start = self._at_line_start
        self._at_line_start = piece.text.endswith("\n")
        if piece.kind is PieceKind.SEPARATOR:
            if self._block is not None:
                self._gap += piece.text
                return ""
            return self._separator(piece.text)
        if self._block is not None:
            if self._in_block(piece, at_line_start):
                self._drop_item(piece.text)
                return ""
            shown = self._end_block()
            self._at_line_start = at_line_start
            return shown + self._piece(piece)
        self._dropped = None
        if piece.kind in (PieceKind.CODE, PieceKind.TABLE):
            self._kept += 1
            return piece.text
        if is_raw(piece.text):
            # Internals (a tool result, JSON) are the raw-output guard's to cut, later in
            # the chain; they are no reply the person reads, so they count as nothing kept.
            self._raw = True
            return piece.text
        sentence = _MARKER.sub("", piece.text)
        judgement = self.guard.judge(sentence, self.record)
        if judgement.supported and (self._act_removed or not self._changed()) and \
                after_act(sentence, self.guard.lexicon):
            judgement = _FOLLOW_ON
        elif judgement.supported:
            told = told_outcome(sentence, self.record, view=self._view)
            judgement = judgement if told is None else _UNTOLD[told]
        self.judged.append((piece.text, judgement))
        if self.observer is not None:
            self.observer.on_sentence(judgement, piece.text)
        if judgement.supported:
            self._kept += 1
            return piece.text
        self._act_removed |= judgement.kind is not None and judgement.kind in _ACTS
        # What it introduces goes with it: a list below it, or what its colon opens; an item
        # of a list takes no other item with it.
        self._block = "header" if introduces(sentence) else \
            None if ITEM.match(piece.text) else "maybe"
        self._gap = ""
        replacement = self._replacement(judgement)
        if replacement:
            self._said.append(replacement)
            return replacement
        self._dropped = "line" if at_line_start else "sentence"
        return ""

    def _separator(self, text: str) -> str:
        dropped, self._dropped = self._dropped, None
        if dropped == "line" and text.startswith("\n"):
            self._at_line_start = True
            return text[1:]
        return text.lstrip(" \t") if dropped is not None else text

    def _in_block(self, piece: Piece, at_line_start: bool) -> bool:
        """Whether `piece` belongs to the list or block of the removed sentence before it."""
        block, broken = self._block, "\n\n" in self._gap
        if block == "header":  # what a colon introduces: its first block, whatever it is
            self._block = "first" if piece.kind is PieceKind.SENTENCE else "list"
            return True
        item = at_line_start and piece.kind is PieceKind.SENTENCE and \
            ITEM.match(piece.text) is not None
        if block == "maybe" or item:  # a list right below the removed sentence, or its item
            self._block = "list" if item else block
            return item
        if not at_line_start or (block == "first" and not broken):
            return True  # the rest of the line, or of the header's first block
        # A line with no mark of an item: the list's own line when no blank line came
        # before it (a wrapped item, its options), else the reply goes on.
        return block in ("list", "first") and not broken

    def _drop_item(self, text: str) -> None:
        self._gap = ""
        self.judged.append((text, _IN_LIST))
        if self.observer is not None:
            self.observer.on_sentence(_IN_LIST, text)

    def _end_block(self) -> str:
        """What to show of the gap when the list of a removed sentence ends."""
        block, gap = self._block, self._gap
        self._block, self._gap = None, ""
        if block == "maybe":  # no list came: the gap as after any removed sentence
            return self._separator(gap)
        self._dropped = None
        return "" if not self._tail or self._tail.isspace() else gap

    def _changed(self) -> bool:
        guard = self.guard
        return any(self.record.declared(r.tool, guard.concept_of).changes
                   and self.record.declared(r.tool, guard.concept_of).success(r.result)
                   for r in self.record.runs)

    def _truth(self) -> str:
        """What did happen this turn, in one short true sentence."""
        summaries = []
        for run in self.record.runs:
            declared = self.record.declared(run.tool, self.guard.concept_of)
            if declared.summary is not None and declared.success(run.result):
                said = declared.summary(run.result)
                if said:
                    summaries.append(said)
        if summaries:
            return " ".join(summaries)
        return "" if self._changed() else NOTHING_CHANGED

    def _replacement(self, judgement: Judgement) -> str:
        """The short true sentence for the first removal of its kind, else ""."""
        if judgement.kind in (ClaimKind.LINK, ClaimKind.TERM) or judgement is _FOLLOW_ON:
            return ""  # a made-up link or meaning goes; no truth stands in for it
        if judgement.kind is ClaimKind.IMPOSSIBLE:
            said = CANNOT.get(judgement.concept.partition(".")[2], "")
            if not said:
                said = NOTHING_CHANGED if not self._changed() else ""
        elif (judgement.kind is ClaimKind.VERDICT or judgement.concept == "action.check") \
                and not any(self.record.declared(r.tool, self.guard.concept_of).verdict_field
                            for r in self.record.runs):
            said = NO_CHECK  # "I reviewed it against your brief": no check, not "no change"
        else:
            said = self._truth()
        if not said or said in self._said:
            return ""
        return said


def guard_reply(
    text: str, record: TurnRecord, *, guard: ClaimGuard | None = None,
    next_step: str = DEFAULT_NEXT_STEP,
) -> GuardedReply:
    """A whole reply through `ClaimFilter` at once."""
    flt = ClaimFilter(record, guard=guard, next_step=next_step)
    out = flt.feed(text) + flt.flush()
    return GuardedReply(out.rstrip() if out.strip() else out, flt.judged)
