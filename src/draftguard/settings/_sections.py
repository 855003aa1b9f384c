"""The typed shape of agents.yaml: one section model per agent, named as in the file.

Each default is written once. The core systems' own models (`DedupeSettings` is itself the
duplicate detector's section, the anchor cutoff is `PatchSettings.score_cutoff`, the preview
sizes are `AnalysisSettings`') live in `_system_settings`, so loading this file stays cheap;
knobs only an adapter reads have their defaults here, and the adapters refer to these models.
"""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    field_validator,
    model_validator,
)

from draftguard.settings._system_settings import (
    DEFAULT_PREVIEW_BUDGET_BYTES,
    AnalysisSettings,
    DedupeSettings,
    PatchSettings,
)
from draftguard.split._check import DEFAULT_GRANULARITY, DEFAULT_LENGTH_TOLERANCE
from draftguard.split._coverage import DEFAULT_FLAG_CUTOFF, DEFAULT_SCORE_CUTOFF
from draftguard.split._meaning import DEFAULT_BLEND, Blend
from draftguard.split._segmentation import Granularity
from draftguard.split._verdict import CoverageMode

__all__ = [
    "MAX_REPAIRS_LIMIT",
    "AgentSection",
    "AgentSections",
    "ArtifactRepairSettings",
    "BloggerSettings",
    "ChatSettings",
    "ContentEditorSettings",
    "ContentSplitterSettings",
    "Defaults",
    "DocumentValidatorSettings",
    "EventPlanningSettings",
    "JobsSettings",
    "ProjectSettings",
    "Section",
]

#: The artifact loop's budget: generate and judge, then at most this many (repair, judge)
#: rounds, so a request never costs more than 6 model calls.
MAX_REPAIRS_LIMIT = 2

_ANALYSIS = AnalysisSettings()


class Section(BaseModel):
    """One mapping of agents.yaml: every key typed, unknown keys and loose types refused.

    Strict types, because a YAML value of the wrong kind ("3" for 3, "yes" for true) is
    more often a mistake than an intent. A key with nothing under it counts as empty.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _empty_is_defaults(cls, data: Any) -> Any:
        return {} if data is None else data


class AgentSection(Section):
    """The section of an agent that calls a model."""

    model: str | None = None
    """Any ADK model string; None lets draftguard choose (see `draftguard.model_choice`)."""


class Defaults(AgentSection):
    """`defaults`: keys every agent section inherits unless it sets its own."""


class BloggerSettings(AgentSection):
    """`blogger`: the blogger's coordinator (the root agent)."""

    max_tool_rounds: int = Field(default=2, ge=1, le=8)
    """Tool results per user turn before the embedded model must answer: 2 lets
    read_content then edit_ops fit in one turn."""


class ContentSplitterSettings(AgentSection):
    """`content_splitter`: the split loop (splitter plus split checker)."""

    max_iterations: int = Field(default=3, ge=1)
    """Attempts before the loop gives up with a failure verdict."""
    length_tolerance: float = Field(default=DEFAULT_LENGTH_TOLERANCE, ge=0.0)
    """Allowed relative length change of the split."""
    granularity: Granularity = Field(default=DEFAULT_GRANULARITY, strict=False)
    """paragraph | line | sentence (the YAML string names the enum member)."""
    max_draft_bytes: int = Field(default=1024 * 1024, ge=1)
    """Drafts above this are refused as bad input."""
    coverage: CoverageMode = Field(default=CoverageMode.ADVISORY_ON_LAST, strict=False)
    """blocking | advisory | advisory_on_last: whether an outline item without a draft_ok
    paragraph rejects the attempt (advisory_on_last: every attempt but the last)."""
    coverage_score_cutoff: float = Field(default=DEFAULT_SCORE_CUTOFF, ge=0.0, le=100.0)
    """A paragraph relates to an outline item from this score (share of its stems, 0-100)."""
    coverage_flag_cutoff: float = Field(default=DEFAULT_FLAG_CUTOFF, ge=0.0, le=100.0)
    """A draft_not_ok paragraph scoring this for an outline item is flagged."""
    candidates_only: StrictBool | None = None
    """The planner may pick only paragraphs the coverage check relates to an outline item;
    None: only for the embedded model (which copies the schema's id list)."""
    meaning: StrictBool = True
    """Blend meaning (the language layer's sentence similarity) into the proposal's and the
    coverage check's scores when the `language` extra is installed; off, or without it,
    the scores are lexical."""
    meaning_weight: float = Field(default=DEFAULT_BLEND.meaning_weight, ge=0.0, le=1.0)
    """The share of the score that meaning decides (the rest: shared words)."""
    similarity_floor: float = Field(default=DEFAULT_BLEND.similarity_floor, ge=-1.0, le=1.0)
    """A cosine at or below this counts as no meaning in common."""
    similarity_full: float = Field(default=DEFAULT_BLEND.similarity_full, ge=-1.0, le=1.0)
    """A cosine at or above this counts as the same topic."""
    similarity_contrast: float = Field(default=DEFAULT_BLEND.contrast, ge=0.0, le=1.0)
    """This share of a paragraph's mean cosine with the other outline items is taken off its
    cosine with an item (an intro is close to every item, a paragraph about one is not)."""
    coverage_best_floor: float = Field(default=DEFAULT_BLEND.best_floor, ge=0.0, le=100.0)
    """With meaning, an item is also covered by the draft's best paragraph for it, kept in
    draft_ok, from this blended score (0-100)."""
    coverage_order_floor: float = Field(default=DEFAULT_BLEND.order_floor, ge=0.0, le=100.0)
    """With meaning, an item is also covered by its paragraph in the outline's order, kept
    in draft_ok, from this score (blended without the contrast, 0-100) when no paragraph
    left out scores as much."""

    @model_validator(mode="after")
    def _blend_holds(self) -> ContentSplitterSettings:
        self.blend()  # similarity_floor must lie below similarity_full
        return self

    def blend(self) -> Blend:
        """The meaning weights and thresholds, as the core's scorers take them."""
        return Blend(meaning_weight=self.meaning_weight,
                     similarity_floor=self.similarity_floor,
                     similarity_full=self.similarity_full,
                     contrast=self.similarity_contrast, best_floor=self.coverage_best_floor,
                     order_floor=self.coverage_order_floor)


class ArtifactRepairSettings(AgentSection):
    """`artifact_repair`: the quiz / flashcards / mindmap loop (generate, validate, repair)."""

    max_repairs: int = Field(default=MAX_REPAIRS_LIMIT, ge=0, le=MAX_REPAIRS_LIMIT)
    """Repair attempts after the first judge."""
    call_timeout_s: float = Field(default=300.0, gt=0)
    """Each model call is abandoned (the job fails, reason given) after this."""
    max_source_chars: int = Field(default=12_000, ge=200)
    """Source text shown to the model; longer sources are cut at a paragraph."""
    prompt_example: StrictBool | None = None
    """Format example in the generate prompt; None: off for the embedded model."""
    semantic_judge: StrictBool | None = None
    """The LLM judge after the structural rules; None: off for the embedded model, whose judge
    rejects good items and costs up to three calls (the deterministic checks always run)."""


# Durations a lease or timeout may take: a week is far beyond any real job, and far below what
# a timestamp can hold (an unbounded lease overflows the date arithmetic of every claim).
_WEEK = 7 * 24 * 3600.0


class JobsSettings(Section):
    """`jobs`: durable polled jobs (`draftguard serve`, `draftguard worker`).

    `draftguard.jobs.JobServiceSettings` adds what the environment decides (the database URL,
    API keys from `DRAFTGUARD_API_KEYS`) on top of this section.
    """

    sqlite_path: str = ".draftguard/jobs.sqlite3"
    """The default store, relative to agents.yaml."""
    database_url: str | None = None
    """PostgreSQL (or SQLite) URL used instead of `sqlite_path`."""
    lease_seconds: float = Field(default=30.0, gt=0, le=_WEEK)
    """A worker that stops heartbeating loses its job after this."""
    heartbeat_seconds: float = Field(default=10.0, gt=0, le=_WEEK)
    """Lease renewal interval (must be shorter than the lease)."""
    poll_seconds: float = Field(default=0.5, gt=0, le=3600)
    """An idle worker's first wait between claims (backs off to 5 s)."""
    job_timeout_seconds: float = Field(default=600.0, gt=0, le=_WEEK)
    """A job running longer fails with "job timed out"."""
    max_claims: int = Field(default=3, ge=1, le=1000)
    """A job whose worker died this many times fails ("worker lost")."""
    concurrency: int = Field(default=1, ge=1, le=1000)
    """Jobs one worker runs at once."""
    max_request_bytes: int = Field(default=256 * 1024, ge=1024)
    """POST bodies above this get 413."""
    max_source_chars: int = Field(default=200_000, ge=1)
    """A longer `source` gets 422."""
    max_request_chars: int = Field(default=2_000, ge=1)
    """A longer `request` gets 422."""
    request_read_seconds: float = Field(default=15.0, gt=0, le=3600)
    """`draftguard serve` closes a connection that has not sent a whole request (headers
    and body) this long after its first byte: slow clients cannot hold connections open."""
    api_keys: dict[str, str] = Field(default_factory=dict)
    """user: "sha256:<hex of the key>", so the file never holds a key in clear."""

    @model_validator(mode="after")
    def _heartbeat_within_lease(self) -> JobsSettings:
        if self.heartbeat_seconds >= self.lease_seconds:
            raise ValueError(
                f"heartbeat_seconds ({self.heartbeat_seconds}) must be shorter than "
                f"lease_seconds ({self.lease_seconds}), or every lease would lapse"
            )
        return self


class EventPlanningSettings(AgentSection):
    """`event_planning`: the event planner and its streaming duplicate detector."""

    duplicate_detector: DedupeSettings = Field(default_factory=DedupeSettings)

    @field_validator("duplicate_detector", mode="before")
    @classmethod
    def _empty_detector_is_defaults(cls, value: Any) -> Any:
        # DedupeSettings is the core's model, so this section's "nothing under it" rule is here.
        return {} if value is None else value


class ContentEditorSettings(Section):
    """`content_editor`: the content tools (content_write, edit_ops, edit_metadata, ...)."""

    output_dir: str | None = None
    """Folder each saved version is also written to, per user and session (None: artifacts
    only)."""
    score_cutoff: float = Field(default=PatchSettings.score_cutoff, ge=0.0, le=100.0)
    """Fuzzy anchor match threshold (0-100); below it: "did you mean"."""
    max_changed_lines: int = Field(default=PatchSettings.max_changed_lines, ge=1)
    """Line budget cap per plan ..."""
    max_changed_fraction: float = Field(
        default=PatchSettings.max_changed_fraction, gt=0.0, le=1.0
    )
    """... or this share of the post's lines, whichever is smaller."""

    def patch_settings(self) -> PatchSettings:
        """The patcher's settings, with this section's thresholds and budget."""
        return PatchSettings(
            score_cutoff=self.score_cutoff,
            max_changed_lines=self.max_changed_lines,
            max_changed_fraction=self.max_changed_fraction,
        )


class ChatSettings(Section):
    """`chat`: how both apps read a message before any model."""

    max_message_chars: int = Field(default=200_000, ge=1)
    """A longer message is not read: the person is told the limit (a pasted post this long is
    better given as a file)."""
    max_request_chars: int = Field(default=4_000, ge=1)
    """An app that reads only requests (the planner: no post is ever pasted to it) reads a
    message up to this long; a longer one is told the limit, unread."""
    max_requests_per_message: int = Field(default=8, ge=1, le=64)
    """A message asking for more things than this at once is not acted on: the person is
    asked to send them in parts."""
    min_confidence_to_act: float = Field(default=0.85, ge=0.0, le=1.0)
    """On a capable model, code acts only on readings this sure; the rest go to the model
    with code's readings as context (a small model is never handed them)."""
    prose_max_tokens: int = Field(default=160, ge=16)
    """A small model answering a message that asks for nothing writes at most this many
    tokens (an unfinished last sentence is dropped); a thanks or a hello is answered by code."""


class DocumentValidatorSettings(AgentSection):
    """`document_validator`: the generic document validator and `draftguard analyze-docs`."""

    min_quality: float = Field(default=0.5, ge=0.0, le=1.0)
    """The judge's qualityScore below this fails even if it says success."""
    full_preview_max_bytes: int = Field(default=_ANALYSIS.full_preview_max_bytes, ge=0)
    """Text and structured documents up to this are shown in full."""
    large_preview_bytes: int = Field(default=_ANALYSIS.large_preview_bytes, ge=0)
    """Larger ones show this many leading bytes plus their size."""
    parse_limit_bytes: int = Field(default=_ANALYSIS.parse_limit_bytes, ge=0)
    """JSON/XML/YAML/base64 are parsed in full up to this size."""
    preview_budget_bytes: int = Field(default=DEFAULT_PREVIEW_BUDGET_BYTES, ge=256)
    """All previews together in one prompt (fits small models)."""
    call_timeout_s: float = Field(default=120.0, gt=0)
    """A judge call is abandoned (error verdict) after this."""
    prompt_example: StrictBool | None = None
    """The example answer in the prompt; None: off for the embedded local models."""

    @model_validator(mode="after")
    def _analysis_is_consistent(self) -> DocumentValidatorSettings:
        try:
            self.analysis()
        except ValidationError as err:
            raise ValueError(err.errors()[0]["msg"].removeprefix("Value error, ")) from None
        return self

    def analysis(self) -> AnalysisSettings:
        """The preview and parse limits as the core's document analysis takes them."""
        return AnalysisSettings(
            full_preview_max_bytes=self.full_preview_max_bytes,
            large_preview_bytes=self.large_preview_bytes,
            parse_limit_bytes=self.parse_limit_bytes,
        )


class AgentSections(Section):
    """`agents`: one section per agent; a name not listed here is refused."""

    blogger: BloggerSettings = Field(default_factory=BloggerSettings)
    content_splitter: ContentSplitterSettings = Field(default_factory=ContentSplitterSettings)
    artifact_repair: ArtifactRepairSettings = Field(default_factory=ArtifactRepairSettings)
    jobs: JobsSettings = Field(default_factory=JobsSettings)
    event_planning: EventPlanningSettings = Field(default_factory=EventPlanningSettings)
    content_editor: ContentEditorSettings = Field(default_factory=ContentEditorSettings)
    chat: ChatSettings = Field(default_factory=ChatSettings)
    document_validator: DocumentValidatorSettings = Field(
        default_factory=DocumentValidatorSettings
    )


class ProjectSettings(Section):
    """The whole of agents.yaml: `defaults` apply to every agent, `agents` override them."""

    defaults: Defaults = Field(default_factory=Defaults)
    agents: AgentSections = Field(default_factory=AgentSections)
    source: str | None = Field(default=None, exclude=True)
    """The file these settings came from (None: built-in defaults); not a key of the file."""

    def agent(self, name: str) -> AgentSection:
        """Agent `name`'s section with `defaults` filled in where it sets nothing.

        A name with no section of its own (a sub-agent, say) gets `defaults` alone.
        """
        own = getattr(self.agents, name, None) if name in AgentSections.model_fields else None
        section = own if isinstance(own, AgentSection) else AgentSection()
        if section.model is None and self.defaults.model is not None:
            section = section.model_copy(update={"model": self.defaults.model})
        return section
