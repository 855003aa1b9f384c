"""The phrases the blogger's reader knows, as compiled patterns (`_blogger.py` reads with them).

Each pattern is a class of phrasing, not a sentence: verbs and their synonyms, politeness
around them, the ways people name a place in a post. Matched case-insensitively against a
message whose quoted spans are masked (`«0»`).
"""

from __future__ import annotations

import re

_I = re.I
POST_NOUN = r"(?:blog\s+)?(?:post|draft|article|piece|essay|text|write-?up|blog)"
LEAD_VERB = re.compile(
    r"\b(?:save|keep|store|hang on to|hold on to|hold onto|remember|use|here is|here's|heres|"
    r"here it is|here you go|here goes|"
    r"this is|below is|paste|pasted|take|work (?:with|on)|hang onto|stash|file)\b", _I)
SAVE_LEAD = re.compile(r"^(?:please\s+)?(?:save|keep|store|hang\s+on\s+to|hold\s+on\s+to|remember)"
                        r"\s+(?:this|my|the)\s+(?:new\s+)?(?:blog\s+)?(?:post|draft|article)"
                        r"(?:\s+(?:for\s+me|please))*[.!:]?$", _I)
MY_POST = re.compile(r"^(?:(?:here'?s|this\s+is)\s+)?(?:my|the)\s+(?:new\s+|latest\s+)?"
                      r"(?:blog\s+)?(?:post|draft|article)\s*:$", _I)
LEAD_NOUN = re.compile(r"\b(?:post|draft|article|piece|essay|blog|wrote|written|text|it|this)\b",
                        _I)
MARKERS = re.compile(r"^[ \t]*(?:#+[ \t]*)?(outline|draft)[ \t]*:", _I | re.M)
ARTIFACT = re.compile(
    r"(?P<kind>quizz?(?:es|zes)?|tests?|flash[- ]?cards?|cards|mind[- ]?maps?|concept[- ]?maps?)\b",
    _I)
CHANGE_ARTIFACT = re.compile(
    r"\b(?:the|that|this|my)\s+(?:quiz|flash\s*cards?|cards|mind\s*map)\s+"
    r"(?!(?:for|from|of|on|about|please|now|again|too)\b)\w", _I)
ARTIFACT_VERB = re.compile(
    r"\b(?:make|makes|create|generate|build|give|write|produce|turn|do|get|have|want|need|"
    r"like|prepare|whip up|put together|set up|quiz me|spin up|come up with|could use)\b"
    r"|^(?:a\s+|an\s+|some\s+)?(?:\S+[- ])?(?:quiz|flash|mind|cards)", _I)
QUESTION = re.compile(
    r"^(?:how|why|what(?:'s| is| are| do| does| makes| would| could| should| can)|when|who|"
    r"is it (?:ok|okay|good|bad)|"
    r"do you think|what do you think|any (?:tips|advice|ideas)|should i|is there|"
    r"tell me about|explain)\b", _I)
HELP = re.compile(
    r"^(?:/?help|\?+|what can you do|what (?:can|do) you (?:do|offer|help with)|"
    r"what (?:are )?(?:the |your )?commands|show (?:me )?(?:the )?commands|commands|"
    r"what can i (?:ask|say|do)(?: here)?|how do i use (?:this|you|the app)|"
    r"what do you (?:understand|support)|what are your (?:features|options)|"
    r"what (?:can|does) (?:this|the) (?:app|tool|bot|thing|assistant)(?: do)?)"
    r"(?:\s+(?:are\s+there|do\s+you\s+(?:have|know|understand|support)|can\s+i\s+use|"
    r"you|do\s+you\s+take))?\b[?!. ]*$", _I)
UNDO_OBJECT = (r"(?:\s+(?:it|that|this|the\s+(?:last|previous|latest)\s+(?:edit|change|one)|"
                r"the\s+(?:edit|change)|my\s+last\s+(?:edit|change)|what\s+you\s+(?:just\s+)?"
                r"did|(?:one|a)\s+(?:step|version)|the\s+last\s+step))?")
UNDO = re.compile(
    r"^(?:(?:undo|revert|reverse|roll\s*back)" + UNDO_OBJECT + r"(?:\s+back)?|"
    r"(?:take|put|change|set|go|switch|bring|roll|turn)(?:\s+(?:it|that|this|everything))?"
    r"\s+back" + UNDO_OBJECT + r"|"
    r"(?:put\s+back|bring\s+back|go\s+back\s+to|restore|return\s+to|switch\s+back\s+to)\s+"
    r"(?:the\s+)?(?:previous|last|old|earlier|prior)\s+(?:version|one|draft)|"
    r"(?:restore|bring\s+back|go\s+back\s+to)\s+(?:the\s+)?(?:version|draft)\s+(?:from\s+)?"
    r"before\s+(?:my|the|your)\s+(?:last\s+)?(?:edit|change))$", _I)
UNDO_WORDS = re.compile(r"^(?:undo(?:\s+.*)?|never\s*mind,?\s+undo.*|i\s+(?:preferred|liked)\s+"
                         r"it\s+(?:better\s+)?before|that'?s\s+worse,?\s+undo.*)$", _I)
REVERT = re.compile(
    r"^(?:revert|go\s+back|roll\s*back|restore|return|switch\s+back|bring\s+back|reset)"
    r"(?:\s+(?:it|the\s+post|my\s+post))?(?:\s+(?:to|back\s+to))?\s+(?:the\s+)?"
    r"(?:(?P<orig>original|(?:very\s+)?first\s+(?:version|draft|one)|original\s+(?:version|draft)|"
    r"one\s+i\s+pasted)|(?:version|revision|rev\b|v(?=\s*\.?\s*\d))\s*\.?\s*(?P<n>\w+))\b", _I)
VERSIONS = re.compile(
    r"^(?:(?:(?:can|could|may)\s+i\s+(?:see|view|get|have)|list|show|see|view|display|give)\s+"
    r"(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|a\s+)?(?:list\s+of\s+(?:the\s+)?)?"
    r"(?:post'?s\s+)?(?:versions|version\s+history|history|revisions|edit\s+history|"
    r"previous\s+versions|saved\s+versions|old\s+versions)|"
    r"(?:what|which|how\s+many)\s+versions|version\s+history|versions|"
    r"what\s+(?:did\s+(?:i|you|we)\s+(?:change|edit|do)|(?:has\s+|have\s+)?changed))\b", _I)
CHECK = re.compile(
    r"^(?:(?:does|do|is|will|would)\s+(?:this|the|my|it)(?:\s+" + POST_NOUN + r")?\s+"
    r"(?:meet|match|satisfy|fulfil+|fit|cover|hit|answer|do)\b|"
    r"(?:check|verify|validate|review)\s+(?:if\s+|whether\s+|that\s+)?(?:the\s+|my\s+|this\s+)?"
    r"(?:post|it|this|delivery|draft|deliverables?)\b|run\s+(?:the\s+|a\s+)?(?:delivery\s+)?check|"
    r"(?:is|are)\s+(?:it|this|the\s+post|my\s+post|we)\s+(?:ready|done|good\s+to\s+go|"
    r"good\s+enough|ok(?:ay)?|fine)\b|"
    r"delivery\s+check)", _I)
GOAL = re.compile(r"(?:brief|goal|requirements?|criteria|spec)\s*(?:is|was)?\s*(?:[:\-—]\s*|(?=«))"
                   r"(?P<g>.+)$|(?:against|for)\s+(?:the\s+|my\s+|this\s*|these\s*)?(?:brief|goal)?\s*:?"
                   r"\s*(?P<g2>.+)$", _I)
SPLIT_WORDS = re.compile(
    r"^(?:split|sort|divide|break\s+up|separate)\s+(?:up\s+)?(?:the\s+|my\s+|this\s+)?"
    r"(?:" + POST_NOUN + r"|it)\b(?P<rest>.*)$", _I)
NEW_POST = re.compile(
    r"^(?:(?:write|draft|compose|create|start|make|do)\s+(?:me\s+)?(?:up\s+)?"
    r"(?:a\s+|an\s+)?(?:new\s+|fresh\s+|brand\s+new\s+|short\s+|quick\s+)*"
    r"(?:blog\s+)?(?:post|article|piece|blog|draft)|"
    r"(?:i\s+(?:need|want)|i'?d\s+like|i\s+would\s+like)\s+(?:a\s+)?(?:new\s+)?(?:blog\s+)?"
    r"(?:post|article))"
    r"(?:\s+(?:about|on|covering|for)\s+(?P<t>.+))?$", _I)
REWRITE = re.compile(
    r"^(?:rewrite|redo|re-?write)\s+(?:the\s+|my\s+|this\s+)?(?:whole\s+|entire\s+)?"
    r"(?:" + POST_NOUN + r"|thing|it)(?:\s+(?:from\s+scratch|completely|entirely))?$|"
    r"^start\s+(?:over|again|from\s+scratch)\b", _I)
TITLE = re.compile(
    r"^(?:(?:rename|retitle|re-title)\s+(?:(?:the\s+|my\s+|this\s+)?(?:" + POST_NOUN +
    r"|it|this)\s*(?::\s*|\s))?(?:to\s+|as\s+)?|"
    r"(?:change|set|update|make|switch)\s+(?:the\s+|its\s+|my\s+)?(?:post'?s?\s+)?title\s+"
    r"(?:(?:to|into|as|be)\s*:?\s*|:\s*|(?=«\d+»$))|"
    r"(?:call|title|name)\s+(?:it|the\s+post|this|my\s+post|the\s+piece)\s+|"
    r"(?:new\s+)?title\s*(?::|should\s+be|to)\s*|the\s+title\s+should\s+be\s+|"
    r"give\s+it\s+the\s+title\s+|(?:i\s+want|i'?d\s+like)\s+(?:the\s+|its\s+)?title\s+to\s+be\s+)"
    r"(?P<t>.+)$", _I)
HEADING = re.compile(
    r"^(?:rename|retitle|change|call)\s+(?:the\s+)?(?:(?:heading|section|header|subheading|"
    r"section\s+heading)\s+(?P<x>.+?)|(?P<x2>.+?)\s+(?:heading|section|header))\s+"
    r"(?:to|as|into)\s+(?P<y>.+)$", _I)
META_KEYS = r"description|summary|author|date|slug|category|excerpt|subtitle"
META_SET = re.compile(
    r"^(?:(?:set|change|update|make|switch)\s+(?:the\s+|its\s+)?(?:post'?s?\s+)?"
    r"(?P<k>" + META_KEYS + r")\s+(?:to|as|into)|(?:i\s+want|i'?d\s+like)\s+(?:the\s+|its\s+)?"
    r"(?P<k2>" + META_KEYS + r")\s+to\s+(?:be|say|read))\s+(?P<v>.+)$", _I)
TAGS = re.compile(
    r"^(?:(?P<verb>add|set|use|change)\s+(?:the\s+)?(?:tags?|categories)\s+(?:to\s+)?"
    r"|tag\s+(?:it|the\s+post|this)\s+(?:with|as)\s+|"
    r"(?P<verb3>give)\s+(?:it|the\s+post|this|my\s+post)\s+(?:the\s+)?tags?\s+|(?P<verb2>add)\s+(?P<v0>.+?)\s+as\s+"
    r"(?:a\s+)?tags?$)(?P<v>.*)$", _I)
META_REMOVE = re.compile(
    r"^(?:remove|delete|drop|clear|get\s+rid\s+of)\s+(?:the\s+|its\s+|all\s+)?(?:post'?s?\s+)?"
    r"(?P<k>tags|" + META_KEYS + r")$", _I)
REPLACE = re.compile(
    r"^(?:replace|change|swap(?:\s+out)?|switch(?:\s+out)?|trade(?:\s+out)?|substitute|turn|"
    r"correct|fix|update|make|alter)\s+(?:(?:every|each|all(?:\s+the)?)\s+(?=«))?(?P<x>.+?)"
    r"\s+(?:to|with|for|into|by|->|→|=>)\s+(?P<y>.+)$", _I)
DELETE = re.compile(
    r"^(?:delete|remove|cut(?:\s+out)?|drop|strike(?:\s+out)?|erase|ditch|scrap|lose|trim|"
    r"get\s+rid\s+of|take\s+out|kill|nuke|axe)\s+(?P<x>.+)$", _I)
INSERT = re.compile(
    r"^(?:add|insert|append|put|include|stick|prepend)\s+(?:(?:a|an|the|this|one\s+more)\s+)?"
    r"(?:(?P<unit>sentence|line|paragraph|bit|note|phrase|word)s?\s*(?:saying|that\s+says|"
    r"reading|:)?\s*)?(?P<y>«\d+»)(?:\s*,)?(?:\s+(?P<pos>right\s+after|right\s+before|after|"
    r"before|at\s+the\s+end\s+of|at\s+the\s+start\s+of|at\s+the\s+beginning\s+of|"
    r"to\s+the\s+end\s+of|to\s+the\s+start\s+of|to|in|into|at\s+the\s+end|at\s+the\s+start)"
    r"(?:\s+(?P<x>.+))?)?$", _I)
SCOPE_ANY = re.compile(
    r"(?:^|[\s,])(?:in|within|inside|from|under)\s+(?:the\s+|my\s+)?(?P<s>"
    r"(?:(?:very\s+)?(?:last|first|final|opening|closing|second|third|fourth|2nd|3rd|4th|"
    r"penultimate|second[- ]to[- ]last)\s+(?:paragraph|section|para))|"
    r"(?:conclusion|intro(?:duction)?|ending|outro|lead)|"
    r"(?:(?:paragraph|section|part|bit|para)\s+(?:about|on|with|where|that\s+mentions|"
    r"mentioning|talking\s+about)\s+[^,;]+?)|"
    r"(?:[\w'’-]+(?:\s+[\w'’-]+){0,3}\s+(?:paragraph|section|part|para|bit)))"
    r"(?=\s*(?:[,;.!?]|$)|\s+(?:replace|change|swap|switch|substitute|delete|remove|cut|"
    r"drop|add|insert|append|put|make|fix|get\s+rid|take\s+out)\b)", _I)
SCOPE_LEAD = re.compile(r"^(?:in|within|under)\s+(?:the\s+)?(?P<s>[^,«»]+?)\s*,\s*", _I)
UNIT = re.compile(
    r"^(?:the\s+|that\s+|this\s+)?(?P<pos>(?:very\s+)?(?:last|first|final|opening|closing|second|"
    r"third|2nd|3rd|penultimate|second[- ]to[- ]last)\s+)?(?P<unit>sentence|line|bit|part|"
    r"paragraph|para|section|passage|sentence\s+or\s+two|stuff|thing|mention|reference|"
    r"remark|line\s+or\s+two)s?"
    r"(?:\s+(?:about|abt|on|with|regarding|concerning|where\s+i\s+(?:talk\s+about|mention|say)|"
    r"that\s+(?:mentions|says|"
    r"talks\s+about|is\s+about)|mentioning|talking\s+about|where|regarding|re|of)\s+"
    r"(?P<d>.+))?$", _I)
UNIT_AFTER = re.compile(
    r"^(?:the\s+|that\s+)?(?P<d>[\w'’-]+(?:\s+[\w'’-]+){0,2}?)\s+(?P<unit>sentence|paragraph|"
    r"line|bit|part|para)$(?P<pos>)", _I)
UNCLEAR_EDIT = re.compile(
    r"\b(?:improve|rewrite|re-?word|rephrase|fix|shorten|tighten|polish|punch|expand|edit|"
    r"rework|redo|revise|reorgani[sz]e|refine|smooth|lengthen|condense|tidy|"
    r"tweak|proofread|clean\s+up|simplify|trim|reorder|restructure|move|change|swap|replace|"
    r"delete|remove|cut|make|switch|add|insert|append|write)\b.*\b(?:post|paragraph|intro|"
    r"conclusion|sentence|title|it|this|sections?|"
    r"heading|ending|opening|bit|part|typos?|grammar|tone|wording|words?|line|order)\b", _I)
POST_TARGET = re.compile(r"\b(?:post|paragraph|intro|conclusion|sentence|title|section|heading|"
                          r"ending|opening|draft|article|wording|words|typos?|grammar|tone|"
                          r"style|flow|spelling)\b", _I)
UNCLEAR_ARTIFACT = re.compile(r"\b(?:quiz|flash|mind ?map|cards|questions)\b", _I)
UNCLEAR_VERSION = re.compile(r"\b(?:versions?|undo|revert|restore|go back)\b", _I)
ORDINAL_INDEX = {"second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
                  "fifth": 4, "5th": 4}
ORDINAL = {"first": 0, "1st": 0, "one": 0, "second": 1, "2nd": 1, "two": 1, "third": 2,
            "3rd": 2, "three": 2, "last": -1, "final": -1, "other": 1}
PICK = re.compile(r"^(?:the\s+)?(?:(?P<o>first|second|third|1st|2nd|3rd|last|other|one|two|"
                   r"three)(?:\s+one)?|(?:number|no\.?|#|option)\s*(?P<n>\d)|(?P<d>\d))"
                   r"(?:\s+(?:one|please|thanks))?$", _I)
ARTIFACT_FOLLOW = re.compile(
    r"^(?:(?:make|do)\s+(?:(?:it|that|them)\s+)?|(?:actually|no|instead)[,\s]+|can\s+i\s+have\s+|"
    r"how\s+about\s+)?(?:just\s+|only\s+)?(?P<n>\d{1,3}|[a-z]+(?:[- ][a-z]+)?)"
    r"(?:\s+(?:questions|cards|items|flashcards|of\s+them|instead|please))*$", _I)
# The new words are a quotation or a few words, never a clause ("the conclusion should ...").
INSTEAD = re.compile(r"^(?:say|use|put|write|make\s+it|go\s+with|have)?\s*"
                     r"(?P<y>«\d+»|[\w'’-]+(?:\s+[\w'’-]+){0,2})"
                     r"\s+instead\s+of\s+(?P<x>«\d+»|[^«»]+?)$", _I)
#: "the conclusion should mention cocoa instead of tea": a replace within that place.
PLACE_SHOULD = re.compile(r"^(?P<place>(?:the\s+)?[\w' ]+?)\s+should\s+(?:say|mention|use|have|"
                          r"read|talk\s+about)\s+(?P<y>.+?)\s+(?:instead\s+of|rather\s+than|"
                          r"not)\s+(?P<x>.+)$", _I)
HEADING_DELETE = re.compile(r"^(?:remove|delete|drop|cut)\s+(?:the\s+)?(?:heading|section\s+"
                            r"heading|header|subheading|title\s+of\s+the\s+section)\s+"
                            r"(?P<x>.+)$", _I)
STARTS_WITH = re.compile(r"^(?:the\s+)?(?P<unit>sentence|line|paragraph)\s+(?:that|which)\s+"
                         r"(?P<edge>starts|begins|ends)\s+with\s+(?P<q>«\d+»)$", _I)
PAIR = re.compile(r"(«\d+»)\s+(?:with|to|for|->|→|=>)\s+(«\d+»)", _I)
PAIRS_ONLY = re.compile(
    r"^(?:replace|change|swap|switch|substitute)\s+«\d+»\s+(?:with|to|for|->|→|=>)\s+«\d+»"
    r"(?:\s*(?:,|and|,\s*and|&|;)\s*«\d+»\s+(?:with|to|for|->|→|=>)\s+«\d+»)+$", _I)
RATHER = re.compile(r"^(?:i'?d\s+)?(?:rather|prefer|like)\b.*?(?P<y>«\d+»)\s+(?:than|over|"
                     r"instead\s+of|rather\s+than|to)\s+(?P<x>«\d+»)$", _I)
SHOULD = re.compile(r"(?:^|\s)(?:the\s+(?:word|words|phrase|bit|line|sentence)\s+)?(?P<x>«\d+»)\s+"
                     r"(?:should|must|needs\s+to|has\s+to)\s+(?:be|say|read)\s+(?P<y>«\d+»)$", _I)
LIST_VERB = re.compile(r"^(?P<verb>delete|remove|cut|drop)\s+(?P<items>«\d+»(?:\s*(?:,|,?\s*and|&)"
                        r"\s*«\d+»)+)$", _I)
COUNT_ONLY = re.compile(r"^(?:like|maybe|say|about|around|with|just|only)?\s*"
                         r"(?P<n>\S+(?:[- ]\S+)?)\s+(?:questions|cards|flashcards|items)$", _I)
DETERMINER = re.compile(r"^(?:the|a|an|my|this|that|these|those|our|his|her|its)\s+", _I)
NOISE_TAIL = re.compile(r"\s*,\s*(?!«).*$")
WORD_PREFIX = re.compile(r"\bthe\s+(?:word|words|phrase|text)\s+(?=«)|"
                         r"^(?:the\s+)?(?:word|words|phrase)\s+", _I)
#: "the bit about socks is pointless, remove it": the place named before "it".
ANTECEDENT = re.compile(r"\b(?P<d>the\s+(?:bit|sentence|line|part|paragraph|section|stuff)\s+"
                        r"(?:about|abt|on|where|with|regarding)\s+[^,.;!?«»]+?)"
                        r"(?:\s+(?:is|are|was|seems|feels|sounds|reads)\b|\s*$)", _I)
PRONOUN_EDIT = re.compile(r"^(?P<verb>remove|delete|cut|drop|lose|ditch|scrap)\s+(?:it|that|this)$",
                          _I)
WANT_BETTER = re.compile(r"\b(?:need|want|needs|like)\s+(?:a\s+)?(?:better|new|different|shorter|"
                         r"longer|catchier|punchier|snappier)\s+(?:title|intro|ending|conclusion|"
                         r"opening|heading|first\s+line)\b", _I)
#: "change four to five and hum to buzz": two pairs, not "five and hum to buzz".
TWO_PAIRS = re.compile(r"^(?P<verb>replace|change|swap|switch|substitute|turn)\s+(?P<a>.+?)\s+"
                       r"(?P<c1>to|with|for|into)\s+(?P<b>[^«»]+?|«\d+»)\s+and\s+"
                       r"(?P<rest>(?:[^«»]+?|«\d+»)\s+(?:to|with|for|into)\s+.+)$", _I)
#: "delete the sentence about lights and the one about socks": one request each.
AND_THE_ONE = re.compile(r"^(?P<verb>\w+(?:\s+(?:out|rid\s+of))?)\s+(?P<first>(?:the\s+)?"
                         r"(?P<unit>sentence|line|bit|part|paragraph)\s+.+?)\s+and\s+the\s+"
                         r"(?:one|other\s+one)\s+(?P<rest>.+)$", _I)
CONNECTOR = re.compile(r"\s(?:to|with|for|into)\s", _I)
