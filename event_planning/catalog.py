"""The bundled venue catalog (data/venues.json) and the search over it. No ADK here."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = [
    "Cuisine",
    "Neighborhood",
    "PriceLevel",
    "Venue",
    "Wanted",
    "load_catalog",
    "nearest",
    "search",
    "venue_by_id",
]

CATALOG_PATH = Path(__file__).with_name("data") / "venues.json"


class Cuisine(StrEnum):
    ITALIAN = "italian"
    AMERICAN = "american"
    MEXICAN = "mexican"
    CHINESE = "chinese"
    VIETNAMESE = "vietnamese"
    JAPANESE = "japanese"
    THAI = "thai"
    INDIAN = "indian"
    FRENCH = "french"
    MEDITERRANEAN = "mediterranean"
    SEAFOOD = "seafood"
    STEAKHOUSE = "steakhouse"
    BBQ = "bbq"

    @property
    def label(self) -> str:
        return "BBQ" if self is Cuisine.BBQ else self.value.title()


class Neighborhood(StrEnum):
    SOUTH_PHILLY = "south_philly"
    EAST_PASSYUNK = "east_passyunk"
    BELLA_VISTA = "bella_vista"
    QUEEN_VILLAGE = "queen_village"
    CENTER_CITY = "center_city"
    RITTENHOUSE = "rittenhouse"
    OLD_CITY = "old_city"
    FISHTOWN = "fishtown"
    NORTHERN_LIBERTIES = "northern_liberties"
    CHINATOWN = "chinatown"
    UNIVERSITY_CITY = "university_city"
    MANAYUNK = "manayunk"
    GRADUATE_HOSPITAL = "graduate_hospital"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()

    def covers(self, other: str) -> bool:
        """South Philly is a district: it includes East Passyunk and Bella Vista."""
        if self is Neighborhood.SOUTH_PHILLY:
            return other in _SOUTH_PHILLY
        return other == self.value


_SOUTH_PHILLY = {"south_philly", "east_passyunk", "bella_vista", "queen_village"}


class PriceLevel(StrEnum):
    """Dollar signs, the way people say it: "$$$" is upscale."""

    INEXPENSIVE = "$"
    MODERATE = "$$"
    UPSCALE = "$$$"
    SPLURGE = "$$$$"

    @property
    def level(self) -> int:
        return len(self.value)


class Venue(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    cuisine: Cuisine
    neighborhood: Neighborhood
    price_level: int
    address: str
    phone: str
    seats: int
    private_room_seats: int
    byob: bool
    outdoor_seating: bool
    wheelchair_accessible: bool
    closed_on: list[str]
    description: str

    def line(self) -> str:
        """The catalogue's own one-line account of the venue, for people."""
        closed = ("closed " + " and ".join(f"{d.title()}s" for d in self.closed_on)
                  if self.closed_on else "open every day")
        return (f"{self.name} ({self.cuisine.label}, {self.neighborhood.label}, "
                f"{'$' * self.price_level}): seats {self.seats}, {closed}. {self.description}")

    def features(self) -> str:
        """What the catalogue records of its access and room, in one sentence for people."""
        room = (f"a private room for {self.private_room_seats}" if self.private_room_seats
                else "no private room")
        return (f"Wheelchair access: {'yes' if self.wheelchair_accessible else 'no'}; "
                f"outdoor seating: {'yes' if self.outdoor_seating else 'no'}; "
                f"BYOB: {'yes' if self.byob else 'no'}; {room}.")

    def breaks(self, name: str, prefs: Mapping[str, Any]) -> str:
        """Which preference `venue` breaks, in words: "it seats 40, not 60"."""
        if name == "cuisine":
            return f"it is {self.cuisine.label}, not {Cuisine(prefs['cuisine']).label}"
        if name == "neighborhood":
            return (f"it is in {self.neighborhood.label}, not "
                    f"{Neighborhood(prefs['neighborhood']).label}")
        if name == "price_level":
            return f"it is {'$' * self.price_level}, not {prefs['price_level']}"
        if name == "party_size":
            return f"it seats {self.seats}, not {prefs['party_size']}"
        if name in ("date", "open_on"):
            days = " and ".join(f"{d.title()}s" for d in self.closed_on)
            return f"it is closed on {days}"
        if name == "private_room":
            return (f"its private room seats {self.private_room_seats}"
                    if self.private_room_seats else "it has no private room")
        return {"byob": "it is not BYOB", "outdoor": "it has no outdoor seating",
                "wheelchair": "it has no wheelchair access"}.get(name, "it misses one preference")

    def summary(self) -> dict[str, object]:
        """What a tool returns to the model: short, flat, no nulls."""
        return {
            "id": self.id,
            "name": self.name,
            "cuisine": self.cuisine.value,
            "neighborhood": self.neighborhood.label,
            "price": "$" * self.price_level,
            "address": self.address,
            "seats": self.seats,
            "private_room_seats": self.private_room_seats,
            "byob": self.byob,
            "outdoor_seating": self.outdoor_seating,
            "wheelchair_accessible": self.wheelchair_accessible,
            "closed_on": self.closed_on,
            "description": self.description,
        }


@cache
def load_catalog(path: Path = CATALOG_PATH) -> tuple[Venue, ...]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Venue.model_validate(v) for v in raw)


def venue_by_id(venue_id: str) -> Venue | None:
    wanted = venue_id.strip().lower()
    return next((v for v in load_catalog() if v.id == wanted), None)


def search(
    *,
    cuisine: Cuisine | None = None,
    neighborhood: Neighborhood | None = None,
    price_level: PriceLevel | None = None,
    party_size: int | None = None,
    on_date: date | None = None,
    byob: bool = False,
    outdoor: bool = False,
    wheelchair: bool = False,
    private_room: bool = False,
    open_on: str | None = None,
    limit: int = 5,
) -> list[Venue]:
    """Venues matching every given preference, best fits first.

    Price is an exact match; party size needs enough seats (a private room for groups of 10 or
    more when one exists, ranked first); a date excludes venues closed that weekday, and so
    does `open_on` (a weekday name). `byob`, `outdoor`, `wheelchair` keep only venues with
    that; `private_room` only venues with a private room (big enough for the party).
    """
    wanted = Wanted(cuisine=cuisine, neighborhood=neighborhood, price_level=price_level,
                    party_size=party_size, on_date=on_date, byob=byob, outdoor=outdoor,
                    wheelchair=wheelchair, private_room=private_room, open_on=open_on)
    hits: list[tuple[tuple[int, int, str], Venue]] = []
    for v in load_catalog():
        if wanted.broken(v):
            continue
        fits_room = party_size is not None and v.private_room_seats >= party_size
        exact_hood = neighborhood is not None and v.neighborhood is neighborhood
        hits.append(((0 if fits_room else 1, 0 if exact_hood else 1, v.name), v))
    hits.sort(key=lambda h: h[0])
    return [v for _, v in hits[: max(1, limit)]]


#: How far a venue of another cuisine is, in price levels ("cheap ramen": a Japanese place a
#: level dearer is nearer than a cheap Vietnamese one) ...
_CUISINE_MISS = 3
#: ... and one that misses any other preference (the neighbourhood, seats, a day, a feature).
_OTHER_MISS = 2


@dataclass(frozen=True)
class Wanted:
    """Every preference a search asks for, and which of them a venue breaks."""

    cuisine: Cuisine | None = None
    neighborhood: Neighborhood | None = None
    price_level: PriceLevel | None = None
    party_size: int | None = None
    on_date: date | None = None
    byob: bool = False
    outdoor: bool = False
    wheelchair: bool = False
    private_room: bool = False
    open_on: str | None = None

    def broken(self, v: Venue) -> list[str]:
        """The preferences (search argument names) `v` does not meet, in a fixed order."""
        weekday = self.on_date.strftime("%A").lower() if self.on_date else None
        room = self.party_size or 1
        checks = (
            ("cuisine", self.cuisine is not None and v.cuisine is not self.cuisine),
            ("neighborhood", self.neighborhood is not None
             and not self.neighborhood.covers(v.neighborhood.value)),
            ("price_level", self.price_level is not None
             and v.price_level != self.price_level.level),
            ("party_size", self.party_size is not None and v.seats < self.party_size),
            ("date", weekday is not None and weekday in v.closed_on),
            ("open_on", self.open_on is not None and self.open_on in v.closed_on),
            ("byob", self.byob and not v.byob),
            ("outdoor", self.outdoor and not v.outdoor_seating),
            ("wheelchair", self.wheelchair and not v.wheelchair_accessible),
            ("private_room", self.private_room and v.private_room_seats < room),
        )
        return [name for name, fails in checks if fails]

    def miss(self, v: Venue, broken: list[str]) -> int:
        """How far `v` is from what was asked, given the preferences it `broken`: a price
        counts the levels between, another cuisine (what the person asked to eat) counts as
        the widest price gap, anything else as two levels."""
        price = abs(v.price_level - self.price_level.level) if self.price_level else 0
        weights = {"price_level": price, "cuisine": _CUISINE_MISS}
        return sum(weights.get(name, _OTHER_MISS) for name in broken)

    @classmethod
    def of(cls, preferences: Mapping[str, Any]) -> Wanted:
        """The search a conversation's preferences (JSON values) ask for."""
        day = preferences.get("date")
        return cls(
            cuisine=Cuisine(preferences["cuisine"]) if "cuisine" in preferences else None,
            neighborhood=(Neighborhood(preferences["neighborhood"])
                          if "neighborhood" in preferences else None),
            price_level=(PriceLevel(preferences["price_level"]) if "price_level" in preferences
                         else None),
            party_size=preferences.get("party_size"),
            on_date=date.fromisoformat(str(day)) if day else None,
            byob=bool(preferences.get("byob")),
            outdoor=bool(preferences.get("outdoor")),
            wheelchair=bool(preferences.get("wheelchair")),
            private_room=bool(preferences.get("private_room")),
            open_on=preferences.get("open_on"),
        )

    def search(self, *, limit: int = 5) -> list[Venue]:
        return search(cuisine=self.cuisine, neighborhood=self.neighborhood,
                      price_level=self.price_level, party_size=self.party_size,
                      on_date=self.on_date, byob=self.byob, outdoor=self.outdoor,
                      wheelchair=self.wheelchair, private_room=self.private_room,
                      open_on=self.open_on, limit=limit)


def nearest(wanted: Wanted, *, limit: int = 3) -> list[tuple[Venue, list[str]]]:
    """When nothing fits: the venues that break the fewest preferences, each with the ones
    it breaks (search argument names), nearest first (`Wanted.miss`: "cheap ramen" offers
    Japanese places a level dearer before cheap places of another cuisine); of the nearest,
    venues breaking different preferences come first, so the choices differ in what they
    give up."""
    scored = [(v, wanted.broken(v)) for v in load_catalog()]
    scored = [(v, broken) for v, broken in scored if broken]
    if not scored:
        return []
    fewest = min(len(broken) for _, broken in scored)
    near = sorted(((v, b) for v, b in scored if len(b) == fewest),
                  key=lambda h: (wanted.miss(*h), h[0].name))
    closest = wanted.miss(*near[0])
    firsts: dict[tuple[str, ...], tuple[Venue, list[str]]] = {}
    for hit in near:
        if wanted.miss(*hit) == closest:
            firsts.setdefault(tuple(hit[1]), hit)
    picked = list(firsts.values())
    picked += [h for h in near if h not in picked]
    return picked[: max(0, limit)]
