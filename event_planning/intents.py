"""The planner's requests besides preferences, as example sentences: what the reader by
meaning compares a message with when its lexicon finds no request in it (labels as the core's
`EXAMPLE_LABELS`); and what the planner says it can do.
"""

from __future__ import annotations

from functools import cache

from draftguard.language import ExemplarIndex

__all__ = ["CAPABILITIES", "EXEMPLARS", "read_by_example"]

#: The reply to a request no tool does (booking, dietary needs): what the planner can do.
CAPABILITIES = ("That is not something I can do here. I can search venues by cuisine, "
                "neighbourhood, price ($ to $$$$), party size and date, and by BYOB, "
                "outdoor seating, wheelchair access, a private room or a day they are open; "
                "show one result (\"the second one\"); compare results (\"which is "
                "cheaper?\"); keep a shortlist (\"add it to my shortlist\"); and show the "
                "plan so far.")

EXEMPLARS: dict[str, tuple[str, ...]] = {
    "plan": ("what's on my shortlist", "show me the plan", "where do we stand", "where are we",
             "what have we saved so far", "recap please", "what's the plan so far",
             "what is on my list"),
    "shortlist_remove": ("take it off my list", "remove that one from the shortlist",
                         "drop it from the list", "get rid of that venue",
                         "we don't want that one anymore", "delete it from my shortlist"),
    "shortlist_add": ("add it to my shortlist", "save that one", "keep that place",
                      "put it on the list", "bookmark it"),
    "compare": ("compare these two", "which is cheaper", "how do they compare",
                "which one is bigger", "what's the difference between them",
                "how does one stack up against the other"),
    "help": ("what can you do", "how does this work", "help", "what can I ask you",
             "what are you for", "show me the commands"),
    # A request about one venue (a pick) against an act on it no tool does: the core reads
    # a pick as the act when it is clearly nearer the `act` examples.
    "pick": ("tell me about the second one", "what's the first one like",
             "more about that place", "show me the third one", "is the second one any good",
             "what does the first one serve", "is that place open on sundays",
             "does the third one have a patio", "how big is the second one",
             "is the first one good for a group"),
    # A question about the city or the world (its history, sights, weather, getting
    # around) against one asking for a place: the core reads a question clearly nearer the
    # `world` examples as no wish for a place, so what it names is no preference.
    "world": ("is it true that this dish was invented here", "how old is that building",
              "when is the best time of year to visit", "what is the history of this area",
              "how do I get there from the airport", "what is the weather like in winter",
              "who invented this sandwich", "is the museum worth a visit",
              "how far is it from downtown", "what is there to see around here",
              "is it safe to walk around there at night", "when does the market get busy",
              # getting around, what is on, what things cost to see
              "what subway line stops near there", "is public transport any good late on",
              "how much are tickets to get in", "is there a parade on that weekend",
              "how long is the walk between the two areas", "when does the festival start"),
    "search": ("are there any good italian places in old city", "where can we eat sushi",
               "is there a thai restaurant near city hall", "what's good to eat around here",
               "do you know any steakhouses downtown", "can you find us somewhere for tacos",
               "any places with a patio", "where should we go for dinner",
               "what are the options for a group of ten", "is there anywhere open on monday"),
    "act": ("get us a discount at the second one", "call the first one for me",
            "pay the deposit at that place", "book a table at the third one",
            "order food from the second one", "send the first one a message",
            "ask that place for a deal", "reserve the second one for us"),
}


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(EXEMPLARS)


def read_by_example(text: str) -> list[tuple[str, float]]:
    """(label, score) for every label, best first."""
    return [(r.label, r.score) for r in _index().rank(text)]


#: How people state a price or a feature in a whole clause, beside the lexicon's own words
#: (labels: the lexicon's `price.LEVEL` and `feature.NAME`, and `price.any` for a price taken
#: back): what the reader by meaning compares a clause no lexicon word covers with.
PREFERENCE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "price.$": ("we don't want to spend much", "it has to be cheap", "we're short on money",
                "keep the cost down", "something that won't cost a fortune",
                "we can't afford anything expensive", "nothing that costs too much",
                "it shouldn't be expensive", "we're broke students", "we have no money",
                "it can't break the bank"),
    "price.$$": ("not too cheap and not too expensive", "somewhere in the middle price wise",
                 "a normal price"),
    "price.$$$": ("somewhere a bit fancy", "a nice upmarket place", "dress up a little"),
    "price.$$$$": ("cost is no object", "money is not an issue for us",
                   "we don't care how much it costs", "we're happy to spend a lot",
                   "there is no budget limit",
                   "the company is paying for everything", "spare no expense"),
    "price.any": ("any price is fine", "the price doesn't matter to us",
                  "whatever the price", "any budget works"),
    # Small talk: who the dinner is for and why; a clause nearest these says nothing of
    # the place wanted, so it is explained, not asked about.
    "occasion.any": ("I'm organising a dinner for my team", "it's my mum's birthday",
                     "we're celebrating our anniversary", "my parents are visiting from abroad",
                     "it's a leaving do for a colleague", "our book club meets every month",
                     "it has been a long week at work", "I'm planning a night out with friends",
                     "my brother just got engaged", "we're catching up after years"),
    "feature.byob": ("we want to take our own wine with us", "can we bring drinks along"),
    "feature.outdoor": ("we want to eat outside in the fresh air", "a table in the open"),
    "feature.wheelchair": ("someone in our group uses a wheelchair", "no stairs to get in"),
    "feature.private_room": ("a room just for our group", "away from the other diners"),
}
