"""What the blogger can be asked, in its own words: the commands, the capabilities named to a
request code cannot read, and example requests per intent for reading by similarity."""

from __future__ import annotations

from draftguard.commands import CommandSpec
from draftguard.understanding import Intent, Interpretation

__all__ = ["BLOGGER_COMMANDS", "CAPABILITIES", "EXEMPLARS", "SAID", "closest_reply",
           "unclear"]

BLOGGER_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(name="split", usage='/split [draft=NAME] [outline="A; B; C"]',
                summary="split the post (or a file, or OUTLINE:/DRAFT: lines) by the outline",
                options=("draft", "outline")),
    CommandSpec(name="quiz", usage="/quiz [N]", summary="a quiz on the post", max_args=1),
    CommandSpec(name="flashcards", usage="/flashcards [N]", summary="flashcards from the post",
                max_args=1),
    CommandSpec(name="mindmap", usage="/mindmap", summary="a mindmap of the post"),
    CommandSpec(name="edit", usage='/edit replace "X" with "Y" [in SECTION]',
                summary='also delete "X", insert "Y" after "X"', free_text=True),
    CommandSpec(name="undo", usage="/undo", summary="go back to the version before"),
    CommandSpec(name="versions", usage="/versions", summary="list the post's versions"),
    CommandSpec(name="check", usage="/check [goal]",
                summary="judge the post and study material before delivery",
                free_text=True, text_optional=True),
    CommandSpec(name="sources", usage="/sources",
                summary='list your notes and transcripts ("here are my notes:" adds one)'),
    CommandSpec(name="help", usage="/help", summary="this list"),
)

CAPABILITIES = {
    Intent.EDIT: 'change the post: replace "X" with "Y", delete "X", insert "Y" after "X", '
                 "rename the post",
    Intent.QUIZ: "make a quiz, flashcards or a mindmap (/quiz 5)",
    Intent.UNDO: "undo the last change, or list and restore versions",
    Intent.SPLIT: "split the post by an outline",
    Intent.CHECK: "check the post against a brief",
    Intent.SAVE_POST: 'save a post you paste after "save my post:"',
}

#: Each intent as the author would ask for it, for a question naming two readings.
SAID = {
    Intent.HELP: "list what I can do",
    Intent.UNDO: "undo the last change",
    Intent.VERSIONS: "list the post's versions",
    Intent.CHECK: "check the post against a brief",
    Intent.QUIZ: "make a quiz",
    Intent.FLASHCARDS: "make flashcards",
    Intent.MINDMAP: "make a mindmap",
    Intent.SPLIT: "split the post by an outline",
    Intent.SOURCES: "list your notes and transcripts",
    Intent.NEW_POST: "write a new post",
}

#: Example requests per intent ("chat": not a request), for what the lexicon misses.
EXEMPLARS: dict[str, list[str]] = {
    "help": ["what can you do", "what commands are there", "how do I use this app",
             "what can I ask you", "what are your features", "show me the commands",
             "what is this tool for", "help me understand what you can do",
             "what can this app do", "what does this thing do"],
    "versions": ["list the versions", "show me the edit history", "what did I change",
                 "which versions do we have", "what changed since the first draft",
                 "how many versions are there", "show me the earlier drafts"],
    "undo": ["undo that", "put it back the way it was", "go back to how it was before",
             "I preferred it before, reverse the change", "cancel the last change",
             "scrap that change and restore what I had"],
    "check": ["is the post ready to publish", "does the post meet the brief",
              "would this work as a guide for beginners", "check the post for delivery",
              "is this good enough to send", "does this fit what my editor asked for"],
    "chat": ["thanks", "hello there", "how are you", "what do you think of my post",
             "how long should a blog post be", "any tips for writing a good intro",
             "I love baking bread", "lol that is so true", "I'll think about it",
             "why does sourdough need a starter", "what is the word count",
             "tell me about composting", "should I write more about the crust",
             "I'm not sure about the ending yet", "good morning", "nice, that works",
             "how do I make a good quiz", "what is a flashcard"],
}


def closest_reply(closest: list[str]) -> str:
    """The deterministic answer to a request code cannot read: the nearest things it can do."""
    lines = ["I could not read that as something I can do. Closest:"]
    for value in closest:
        intent = Intent(value)
        if intent in CAPABILITIES:
            lines.append(f"- {CAPABILITIES[intent]}")
    lines.append("Type /help for every command.")
    return "\n".join(lines)


def unclear(closest: list[Intent]) -> Interpretation:
    """A request code cannot read, with the closest things the app can do."""
    values = list(dict.fromkeys(c.value for c in closest))
    return Interpretation(intent=Intent.UNCLEAR, slots={"closest": values}, confidence=0.0,
                          question=closest_reply(values))
