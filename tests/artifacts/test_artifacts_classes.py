"""What teachers ask about, by class (issue 24): the person a sentence names as its agent,
who a named person is, what a passage calls a thing, and a time or a term asked whole.
Every passage here was written for these tests."""

from __future__ import annotations

from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

TRAIN = """# The night train

The night train to Inverness left the station at nine o'clock. The guard, Mrs Patel,
checked every ticket twice. A boy named Ewan Ross sat alone in the last carriage. His uncle,
Callum Ross, was waiting at the other end. The driver, Fiona Grant, blew the whistle at
every crossing. Near Perth the train stopped for an hour because a tree had fallen across
the line. The engineers cleared the track with chainsaws. The small sleeping rooms on the
train are called berths."""

PEOPLE = {"Mrs Patel", "Ewan Ross", "Callum Ross", "Fiona Grant"}


def _quiz(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def _asked(text: str) -> dict[str, dict[str, Any]]:
    return {q["question"]: q for q in _quiz(text)}


def test_who_did_it_is_answered_by_the_name_not_by_the_description() -> None:
    asked = _asked(TRAIN)
    assert asked["Who checked every ticket twice?"]["correct_answer"] == "Mrs Patel"
    assert asked["Who sat alone in the last carriage?"]["correct_answer"] == "Ewan Ross"
    for q in ("Who checked every ticket twice?", "Who sat alone in the last carriage?"):
        others = set(asked[q]["options"]) - {asked[q]["correct_answer"]}
        assert len(others) == 3 and len(others & PEOPLE) >= 2  # other people, not things


def test_who_a_named_person_is_is_asked_from_the_apposition() -> None:
    asked = _asked(TRAIN)
    assert asked["Who was the guard?"]["correct_answer"] == "Mrs Patel"
    assert asked["Who was the driver?"]["correct_answer"] == "Fiona Grant"
    assert asked["Who was the uncle?"]["correct_answer"] == "Callum Ross"


def test_what_a_passage_calls_a_thing_is_asked_as_a_teacher_asks_it() -> None:
    asked = _asked(TRAIN)
    q = asked["What are the small sleeping rooms on the train called?"]
    assert q["correct_answer"] == "berths"
    assert len(set(q["options"])) == 4
    # the passive "are called" is never turned into a subject question
    assert not [text for text in asked if text.startswith("What are called")]


def test_the_named_thing_ranks_ahead_of_a_cloze_on_an_incidental_noun() -> None:
    ranks = {(c.item["correct_answer"], c.item["question"][:5]): c.rank
             for c in build_candidates("quiz", chunk_text(TRAIN, source="post"))}
    called = ranks[("berths", "What ")]
    assert called < ranks[("chainsaws", "Which")]
    assert called < ranks[("track", "Which")]


def test_a_clock_time_is_asked_whole_with_hours_of_the_clock_as_distractors() -> None:
    asked = _asked(TRAIN)
    q = asked["When did the night train to Inverness leave the station?"]
    assert q["correct_answer"] == "nine o'clock"
    for option in q["options"]:
        word = option.removesuffix(" o'clock")
        assert word in {"one", "two", "three", "four", "five", "six", "seven", "eight",
                        "nine", "ten", "eleven", "twelve"}


def test_no_option_is_a_cut_time_or_a_place_read_as_a_person() -> None:
    options = {o for q in _quiz(TRAIN) for o in q["options"]}
    assert "o'clock" not in options  # "nine o'clock" is asked whole
    assert "Near Perth" not in options  # the tagger's "person" opens with a preposition


RACE = """# The pigeon race

The pigeons were driven in a lorry to a town two hundred kilometres away and released at
dawn. Each racing pigeon flies home alone, and the first bird back to its loft wins the race.
Kit Farrow waited on the roof of the loft with a flask of tea and twenty-four biscuits. The
pigeons fly home by the sun and by the earth's magnetic field. Her best pigeon, Comet, landed
first and won the race."""


def test_a_count_of_the_central_event_ranks_ahead_of_a_count_of_a_side_detail() -> None:
    ranks = {c.item["correct_answer"]: c.rank
             for c in build_candidates("quiz", chunk_text(RACE, source="post"))}
    # the race's distance before the biscuits' count (round 12: the ranker refitted on sets
    # 1-8 no longer puts the biscuits after "first bird", a cloze no teacher asked on dev)
    assert ranks["two hundred kilometres"] < ranks["twenty-four"]


def test_a_sentence_the_parse_cannot_turn_around_gives_no_question() -> None:
    text = """# Soil

Loam is decomposed plant matter that holds water well. Behind the flour sacks Wojtek
noticed a loose brick. One foggy Monday his aunt sent him down to the cellar. The next
morning the local paper printed a photograph of the shop under the headline "Sweet Find." """
    questions = [q["question"] for q in _quiz(text) if not q["question"].startswith("Which")]
    assert "What is Loam decomposed?" not in questions
    assert not [q for q in questions if "foggy?" in q or " .?" in q or "One foggy" in q
                or q.startswith("What did behind") or q.count('"') % 2]


MAPLES = """# Why maples turn red

Chlorophyll is the green pigment a leaf uses to catch sunlight. In autumn the tree stops
making chlorophyll. These changes are a signal that winter is near. By October the frost
has reddened nearly every maple in the valley. The next morning the local paper printed a
photograph of the hills, under the headline "Red Valley." Anthocyanins are red pigments that
the leaf makes from leftover sugar."""


def _cards(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("flashcards", chunk_text(text, source="post"))]


def test_a_sentence_that_points_back_defines_no_term() -> None:
    fronts = {c["front"] for c in _cards(MAPLES)}
    assert "changes" not in fronts and "These changes" not in fronts
    assert "Chlorophyll" in fronts  # a real definition still makes a card


def test_a_term_never_opens_with_an_adverb_and_no_back_cuts_a_quotation() -> None:
    cards = _cards(MAPLES)
    terms = [c["front"] for c in cards] + [q["correct_answer"] for q in _quiz(MAPLES)]
    assert not [t for t in terms if t.split()[0].casefold() in {"nearly", "only", "very"}]
    assert not [c for c in cards if c["back"].count('"') % 2]


BEES = """# How bees make honey

Worker bees collect nectar from clover and carry it home in a honey stomach. House bees
spread the nectar in wax cells and fan it with their wings until it thickens. A strong hive
can hold sixty thousand bees in midsummer. The queen lays up to two thousand eggs a day. In
autumn the beekeeper takes only the surplus honey. The bees eat the rest during the winter."""


def test_a_quiz_asks_one_question_of_a_sentence_while_other_sentences_remain() -> None:
    from draftguard.artifacts._candidates import Candidate
    from draftguard.artifacts._picking import listed, settle_picks

    def cand(n: int, sentence: str, answer: str) -> Candidate:
        return Candidate(f"c{n}", {"correct_answer": answer}, "post#1", answer, rank=n,
                         keys=frozenset({"answer:" + answer}), spread=sentence)

    # the cloze and the "What does ... do?" of one sentence rank first and second
    ranked = [cand(1, "echolocation makes bats hunters", "bats skilful hunters"),
              cand(2, "echolocation makes bats hunters", "makes bats skilful hunters"),
              cand(3, "a bat calls faster", "feeding buzz"),
              cand(4, "most bats hunt at night", "night")]
    picked, _ = settle_picks(None, ranked, 3)
    assert [c.id for c in picked] == ["c1", "c3", "c4"]
    picked, _ = settle_picks(None, ranked, 4)  # a second one only when the others run out
    assert [c.id for c in picked] == ["c1", "c3", "c4", "c2"]
    for text in (BEES, TRAIN, RACE):
        quiz = build_candidates("quiz", chunk_text(text, source="post"))
        picked, _ = settle_picks(None, listed(quiz, 4), 4)
        sentences = [c.item["explanation"] for c in picked]
        assert len(picked) == 4 and len(set(sentences)) == 4, sentences


def test_a_verb_the_parser_read_as_a_noun_is_no_term() -> None:
    text = """# Bread

A young starter bubbles in the jar for a week and smells faintly of apples. The baker feeds
the starter with rye flour every morning. A warm kitchen speeds the whole process up."""
    answers = {q["correct_answer"] for q in _quiz(text)} | {c["front"] for c in _cards(text)}
    assert not [a for a in answers if "bubbles" in a or a.endswith("starter bubbles")]


TOUR = """# The tour

The band played its first concert in Lisbon on a Friday night. Two days later they drove to
Porto in a borrowed van. In Madrid the crowd sang along to every song. The last show was in
Seville, where the organisers paid them in cash. Marta Silva carried the drums in a canvas
bag."""


def test_a_named_place_ranks_as_a_place_and_a_common_nouns_place_as_a_setting() -> None:
    where = {c.item["correct_answer"]: c for c in
             build_candidates("quiz", chunk_text(TOUR, source="post"))
             if c.item["question"].startswith("Where")}
    lisbon = where["Lisbon"]
    # other named places first among its wrong options, not "in cash"
    assert {"Madrid", "Seville"} <= set(lisbon.item["options"])
    assert "In cash" not in lisbon.item["options"]
    settings = [c.rank for answer, c in where.items() if answer[:1].islower()]
    assert all(lisbon.rank < rank for rank in settings)


CANAL = """# The canal

The United States took over the project in 1904. Engineers dammed the river to make a
lake. A French company had begun the work in 1881. The canal opened in 1914. Ships cross it
in about ten hours."""


def test_when_is_asked_with_a_year_as_the_answer_and_other_years_as_options() -> None:
    asked = _asked(CANAL)
    q = asked["When did the United States take over the project?"]
    assert q["correct_answer"] == "1904"
    others = set(q["options"]) - {"1904"}
    assert len(others) == 3 and all(o.isdigit() and len(o) == 4 for o in others)


MARKET = """# Market day

Dev carried the crates from his orchard. Dev sold his apples in Harlow Square. His
sister waited at the station. Their cart stood near the river. The buyers met in the
market hall."""


def test_a_place_is_asked_with_places_as_options_not_where_things_came_from() -> None:
    q = _asked(MARKET)["Where did his sister wait?"]
    assert q["correct_answer"] == "at the station"
    assert "from his orchard" not in {o.lower() for o in q["options"]}
    assert len(q["options"]) == 4


VACCINE = """# The first vaccine

Smallpox killed millions of people every century. In 1796 a country doctor named Edward
Jenner tested an idea that milkmaids had long believed. Milkmaids who caught cowpox, a mild
disease of cows, never seemed to catch smallpox. Jenner took pus from a cowpox blister on the
hand of a milkmaid called Sarah Nelmes. He scratched it into the arm of James Phipps, the
eight-year-old son of his gardener. The boy, who liked to climb the apple trees behind the
house, had a slight fever for two days. Six weeks later Jenner exposed him to smallpox, and
the boy did not fall ill. Jenner called the method vaccination, from vacca, the Latin word for
cow. Within a few years doctors across Europe were vaccinating children."""


def test_a_quiz_of_five_asks_the_central_sentence_and_nothing_from_an_aside() -> None:
    from draftguard.artifacts._picking import listed, settle_picks

    candidates = build_candidates("quiz", chunk_text(VACCINE, source="post"))
    picked, _ = settle_picks(None, listed(candidates, 5), 5)
    answers = [c.item["correct_answer"] for c in picked]
    assert len(answers) == 5
    # The central sentence (the first vaccine tested, in 1796) is asked, by its date or by
    # who tested it: since round 10 reads "the boy" and "milkmaids" as people, a question
    # on Edward Jenner has other people as options, and one question per sentence is asked
    central = [c.item["correct_answer"] for c in picked
               if "tested an idea" in c.item["explanation"]]
    assert central and central[0] in {"1796", "Edward Jenner"}, answers
    # "the Latin word for cow" is an aside after a comma (not the name "called" gives): no
    # question asks for it. (The boy's tree-climbing, in a relative clause set off by
    # commas, is asked by the ranker refitted in round 12; a rule against clozes in such
    # clauses cost set 8 two answers teachers asked, so it did not land.)
    assert not any("Latin" in a for a in answers)


def test_the_stored_ranker_weighs_exactly_the_features_the_builder_reads() -> None:
    from draftguard.artifacts._question_rank import question_features, ranker
    from draftguard.artifacts._questions import build_questions
    from draftguard.artifacts._terms import TextView

    view = TextView(chunk_text(VACCINE, source="post"))
    questions = build_questions(view)
    features = question_features(view, questions)
    # A feature added without refitting (or a weight left for one removed) would be ignored.
    assert set(features[0]) == set(ranker().weights)
    # Lower rank first: the question the ranker scores highest comes first.
    best = max(range(len(questions)), key=lambda i: ranker().score(features[i]))
    assert min(questions, key=lambda q: q.rank).question == questions[best].question


CUTS = """# After the great fire

Tomatoes grow well in pots if the pot holds at least 20 litres of compost. The fire
destroyed about 13,200 houses and 87 parish churches, including St Paul's Cathedral. The
temperature in the bakery could reach more than 1,000 degrees Celsius. Most of the old wall
was built during the Ming dynasty, which ruled from 1368 to 1644."""


def test_no_answer_or_front_cuts_a_name_or_a_number_in_two() -> None:
    from draftguard.artifacts._terms import TextView
    from draftguard.artifacts._whole import cuts_a_whole
    from draftguard.language import parse

    quiz = _quiz(CUTS)
    answers = {q["correct_answer"] for q in quiz}
    fronts = {c.item["front"] for c in build_candidates("flashcards",
                                                        chunk_text(CUTS, source="post"))}
    for cut in ("least 20 litres", "least 20 litres of compost", "St Paul",
                "more than 1,000 degrees"):
        assert cut not in answers and cut not in fronts
    assert "at least 20 litres" in answers  # the count is asked whole
    # a count of the first of two coordinated nouns is no "How many" question
    assert not any(q["question"].startswith("How many houses") for q in quiz)
    # leaving out an entity's article or a word the parse hangs elsewhere is no cut
    doc = TextView(chunk_text(CUTS, source="post")).sentences[-1].span
    dynasty = [t for t in doc if t.text in {"Ming", "dynasty"}]
    assert not cuts_a_whole(dynasty)
    words = parse("Afterwards Mrs Okafor counted the children.")
    assert not cuts_a_whole([t for t in words if t.text in {"Mrs", "Okafor"}])


ZIP = """# How a zip works

A zip joins two pieces of cloth. Each side of a zip is a strip of tape carrying a row of
teeth. The number of teeth on a long zip can be more than two hundred. Gideon Sundback
designed the modern zip in 1913."""


def test_a_card_on_a_part_of_something_names_what_it_is_a_part_of() -> None:
    cards = {c.item["front"]: c.item["back"]
             for c in build_candidates("flashcards", chunk_text(ZIP, source="post"))}
    assert cards["side of a zip"] == "A strip of tape carrying a row of teeth."
    assert cards["number of teeth"] == "It can be more than two hundred."
    assert not {"side", "number"} & set(cards)  # never a front a learner cannot place
    assert all("side of a zip" not in back for back in cards.values())
