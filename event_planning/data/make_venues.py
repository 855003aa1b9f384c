"""Regenerate venues.json, the bundled (fictional) Philadelphia venue catalog.

Every venue is invented: names come from the word lists below, street numbers and phone numbers
(all in the 555-01xx range reserved for fiction) from a seeded random generator, so the file is
the same on every run. Run: `python event_planning/data/make_venues.py`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

OUT = Path(__file__).with_name("venues.json")

NEIGHBORHOODS: dict[str, list[str]] = {
    "south_philly": ["E Passyunk Ave", "S 9th St", "S 10th St", "Federal St", "S Broad St",
                     "Tasker St", "W Moyamensing Ave", "S 11th St"],
    "east_passyunk": ["E Passyunk Ave", "Mifflin St", "S 12th St", "Morris St"],
    "bella_vista": ["S 8th St", "Christian St", "Catharine St", "Fitzwater St"],
    "center_city": ["Chestnut St", "Sansom St", "S 13th St", "Walnut St", "Market St"],
    "rittenhouse": ["Walnut St", "Locust St", "S 18th St", "Spruce St", "Sansom St"],
    "old_city": ["Market St", "Chestnut St", "N 2nd St", "N 3rd St", "Race St"],
    "fishtown": ["Frankford Ave", "E Girard Ave", "E Thompson St", "Palmer St"],
    "northern_liberties": ["N 2nd St", "Germantown Ave", "Fairmount Ave", "Poplar St"],
    "queen_village": ["S 4th St", "Bainbridge St", "Fitzwater St", "E Passyunk Ave"],
    "chinatown": ["Race St", "N 10th St", "Arch St", "N 11th St"],
    "university_city": ["Baltimore Ave", "Walnut St", "Chestnut St", "S 40th St"],
    "manayunk": ["Main St", "Cotton St", "Levering St", "Green Ln"],
    "graduate_hospital": ["South St", "Christian St", "S 20th St", "Washington Ave"],
}
HOOD_LABEL = {
    "south_philly": "South Philly", "east_passyunk": "East Passyunk",
    "bella_vista": "Bella Vista", "center_city": "Center City", "rittenhouse": "Rittenhouse",
    "old_city": "Old City", "fishtown": "Fishtown", "northern_liberties": "Northern Liberties",
    "queen_village": "Queen Village", "chinatown": "Chinatown",
    "university_city": "University City", "manayunk": "Manayunk",
    "graduate_hospital": "Graduate Hospital",
}
# Where each cuisine is common, so the catalog has the clusters a Philadelphian expects.
CUISINE_HOODS: dict[str, list[str]] = {
    "italian": ["south_philly", "east_passyunk", "bella_vista", "queen_village", "rittenhouse",
                "center_city", "manayunk", "old_city"],
    "american": ["center_city", "rittenhouse", "old_city", "fishtown", "northern_liberties",
                 "manayunk", "graduate_hospital", "university_city"],
    "mexican": ["south_philly", "bella_vista", "fishtown", "university_city", "east_passyunk"],
    "chinese": ["chinatown", "center_city", "university_city"],
    "vietnamese": ["south_philly", "chinatown", "east_passyunk"],
    "japanese": ["rittenhouse", "center_city", "old_city", "fishtown", "chinatown"],
    "thai": ["center_city", "university_city", "queen_village", "fishtown"],
    "indian": ["university_city", "center_city", "old_city", "northern_liberties"],
    "french": ["rittenhouse", "old_city", "queen_village", "center_city"],
    "mediterranean": ["fishtown", "rittenhouse", "graduate_hospital", "northern_liberties"],
    "seafood": ["old_city", "rittenhouse", "center_city", "east_passyunk"],
    "steakhouse": ["center_city", "rittenhouse", "old_city"],
    "bbq": ["fishtown", "northern_liberties", "south_philly", "manayunk"],
}
NAMES: dict[str, tuple[list[str], list[str]]] = {
    "italian": (["Trattoria", "Osteria", "Cucina", "Enoteca", "Bar", "Pastificio", "Caffè"],
                ["Lucia", "Ferrante", "Nonna Rosa", "Palumbo", "Castellano", "Vincenza",
                 "Marchetti", "San Marzano", "DiNardo", "Tre Sorelle", "Ruggiero", "Amalfi",
                 "Bianchi", "Sorrento", "Carmela"]),
    "american": (["The", "The", "Tavern on", "Kitchen at", "Hall &"],
                 ["Gilded Fork", "Copper Hen", "Lantern Room", "Schuylkill", "Ironworks",
                  "Wharf Street", "Brass Owl", "Long Table", "Mercer", "Foundry",
                  "Red Oak", "Union Supper Club"]),
    "mexican": (["Casa", "Taquería", "Cantina", "El Comal de", "La Cocina de"],
                ["Paloma", "Don Ramiro", "Los Arcos", "Xóchitl", "Lupita", "El Molino",
                 "Santa Rita", "Oaxaca"]),
    "chinese": (["", "", "Golden", "Jade"],
                ["Sichuan Lantern", "Dumpling Court", "Lucky Bamboo", "Noodle Garden",
                 "Pearl River House", "Red Lotus", "Crane Pavilion"]),
    "vietnamese": (["Phở", "Bánh Mì", ""],
                   ["Saigon House", "Little Hanoi", "Mekong Kitchen", "Lotus Pond",
                    "Huế Garden", "Bình Minh"]),
    "japanese": (["Sushi", "Izakaya", "Ramen", ""],
                 ["Sakura Table", "Kōji", "Hinoki", "Umi", "Tsubame", "Kaze"]),
    "thai": (["", "Baan"], ["Siam Orchid", "Lemongrass Lane", "Chiang Mai", "Thong Lo",
                             "Bangkok Street Kitchen"]),
    "indian": (["", "Tandoor"], ["Saffron Court", "Masala House", "Jaipur Palace",
                                   "Kerala Table", "Chai & Curry"]),
    "french": (["Bistro", "Brasserie", "Café", "Le", "La"],
               ["Mercier", "Clément", "Petit Jardin", "Belle Époque", "Rive Gauche"]),
    "mediterranean": (["", "Taverna"], ["Olive & Fig", "Zaytoon", "Aegean Kitchen",
                                         "Levant", "Cedar Table"]),
    "seafood": (["", "The"], ["Oyster House on 2nd", "Salt & Brine", "Delaware Catch",
                               "Harbor Light", "Pier 9 Raw Bar"]),
    "steakhouse": (["", "The"], ["Broad Street Chophouse", "Keystone Prime",
                                  "Liberty Steak Room", "Founders Grill"]),
    "bbq": (["", ""], ["Fishtown Smokehouse", "Pit & Porch", "Hickory Hollow",
                        "Low & Slow BBQ"]),
}
COUNTS = {"italian": 32, "american": 22, "mexican": 13, "chinese": 10, "vietnamese": 9,
          "japanese": 11, "thai": 8, "indian": 8, "french": 10, "mediterranean": 9,
          "seafood": 9, "steakhouse": 6, "bbq": 7}
PRICE_WEIGHTS = {"steakhouse": [0, 0, 2, 5], "french": [0, 2, 5, 3], "vietnamese": [5, 4, 1, 0],
                 "bbq": [3, 5, 1, 0], "chinese": [3, 5, 2, 0], "mexican": [4, 5, 2, 0]}
DISHES = {
    "italian": ["hand-rolled pappardelle", "Sunday gravy", "wood-fired pizza", "veal saltimbocca",
                "burrata with roasted peppers", "cacio e pepe", "cannoli filled to order"],
    "american": ["a dry-aged burger", "roast chicken for two", "seasonal small plates",
                 "crab fries", "a long raw-bar counter"],
    "mexican": ["mole poblano", "al pastor tacos off the trompo", "fresh masa tortillas",
                "birria with consommé"],
    "chinese": ["soup dumplings", "dan dan noodles", "Peking duck", "hand-pulled noodles"],
    "vietnamese": ["brisket phở", "bánh mì on house-baked rolls", "bún chả", "crispy spring rolls"],
    "japanese": ["omakase at the counter", "tonkotsu ramen", "yakitori", "chirashi bowls"],
    "thai": ["khao soi", "green curry", "crying tiger steak", "pad kra pao"],
    "indian": ["lamb rogan josh", "dosas", "tandoori platters", "a lunch thali"],
    "french": ["steak frites", "duck confit", "a classic onion soup", "a cheese cart"],
    "mediterranean": ["mezze spreads", "charcoal-grilled octopus", "lamb kofta", "warm pita"],
    "seafood": ["a raw bar of East Coast oysters", "lobster rolls", "whole grilled branzino"],
    "steakhouse": ["dry-aged porterhouse", "a tableside Caesar", "creamed spinach"],
    "bbq": ["brisket by the pound", "burnt ends", "smoked wings", "pulled pork sandwiches"],
}
VIBES = ["a candlelit dining room", "a lively bar scene", "an exposed-brick back room",
         "a sidewalk patio", "a quiet upstairs room", "a family-style long table",
         "a rooftop deck", "an open kitchen"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def slug(text: str) -> str:
    keep = "".join(c.lower() if c.isalnum() else "-" for c in text)
    return "-".join(p for p in keep.split("-") if p)


def build() -> list[dict[str, object]]:
    rng = random.Random(2025)
    venues: list[dict[str, object]] = []
    used: set[str] = set()
    phone = 100
    for cuisine, count in COUNTS.items():
        prefixes, words = NAMES[cuisine]
        combos = [(p, w) for w in words for p in prefixes]
        rng.shuffle(combos)
        hoods = CUISINE_HOODS[cuisine]
        made = 0
        for prefix, word in combos:
            if made == count:
                break
            name = f"{prefix} {word}".strip() if prefix != "Hall &" else f"{word} Hall"
            if name.startswith("The The"):
                continue
            hood = hoods[made % len(hoods)]
            if name in used:
                name = f"{name} {HOOD_LABEL[hood]}"
            if name in used:
                continue
            used.add(name)
            price = rng.choices([1, 2, 3, 4], weights=PRICE_WEIGHTS.get(cuisine, [2, 5, 4, 2]))[0]
            seats = rng.choice([28, 36, 40, 48, 60, 72, 90, 120, 150])
            private = rng.choice([0, 0, 12, 16, 20, 24, 30, 40, 60]) if seats >= 40 else 0
            byob_hood = hood in ("east_passyunk", "bella_vista", "south_philly", "queen_village")
            byob = price <= 3 and rng.random() < (0.45 if byob_hood else 0.15)
            closed = sorted(rng.sample(["monday", "tuesday", "sunday"], rng.choice([0, 1, 1, 2])),
                            key=WEEKDAYS.index)
            street = rng.choice(NEIGHBORHOODS[hood])
            number = rng.randint(100, 2400) if "Ave" not in street else rng.randint(700, 1900)
            dish1, dish2 = rng.sample(DISHES[cuisine], 2)
            vibe = rng.choice(VIBES)
            room = (f" The private room seats {private}." if private else
                    " There is no private room, but the whole space can be booked.")
            desc = (f"Known for {dish1} and {dish2}, with {vibe}.{room}"
                    + (" BYOB." if byob else ""))
            venues.append({
                "id": slug(name),
                "name": name,
                "cuisine": cuisine,
                "neighborhood": hood,
                "price_level": price,
                "address": f"{number} {street}, Philadelphia, PA",
                "phone": f"(215) 555-{phone // 100:02d}{phone % 100:02d}"
                if phone < 200 else f"(267) 555-01{phone % 100:02d}",
                "seats": seats,
                "private_room_seats": private,
                "byob": byob,
                "outdoor_seating": "patio" in vibe or "rooftop" in vibe or rng.random() < 0.2,
                "wheelchair_accessible": rng.random() < 0.8,
                "closed_on": closed,
                "description": desc,
            })
            phone += 1
            made += 1
    venues.sort(key=lambda v: (str(v["neighborhood"]), str(v["name"])))
    return venues


if __name__ == "__main__":
    data = build()
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(data)} venues to {OUT}")
