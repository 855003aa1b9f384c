"""The claim guard: no reply sentence claims an action, a result or a verdict that did not
happen, or a fact the session does not hold. Framework-free (no ADK here).

    record = TurnRecord(runs=(ToolRun("edit_ops", args, result),), session=SessionFacts(...),
                        claims={"edit_ops": ToolClaims.of("edit_ops", "edit", "save")})
    ClaimGuard().judge("Done! Saved as version 3.", record).supported

(`ToolRun`, `guard_reply` and the judgement's types live in `draftguard.claims._record`,
`_filter` and `_guard`: the face holds what an app needs to declare its tools and facts.)

`ClaimGuard.judge` reads one sentence through the language layer's parse (verb and lemma,
tense and voice, person, negation, hedges and plans, questions) and holds it against the
record; `ClaimFilter` runs it over a streamed reply. See docs/claims.md.
"""

from __future__ import annotations

from draftguard.claims._filter import ClaimFilter
from draftguard.claims._guard import ClaimGuard
from draftguard.claims._record import SessionFacts, ToolClaims, TurnRecord

__all__ = ["ClaimFilter", "ClaimGuard", "SessionFacts", "ToolClaims", "TurnRecord"]
