"""The bundled venue catalog (data/venues.json) and the search over it. No ADK here."""

from __future__ import annotations

import json
from datetime import date
from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

__all__ = [
    "Cuisine",
    "Neighborhood",
    "PriceLevel",
    "Venue",
    "load_catalog",
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
    limit: int = 5,
) -> list[Venue]:
    """Venues matching every given preference, best fits first.

    Price is an exact match; party size needs enough seats (a private room for groups of 10 or
    more when one exists, ranked first); a date excludes venues closed that weekday.
    """
    weekday = on_date.strftime("%A").lower() if on_date else None
    hits: list[tuple[tuple[int, int, str], Venue]] = []
    for v in load_catalog():
        if cuisine is not None and v.cuisine is not cuisine:
            continue
        if neighborhood is not None and not neighborhood.covers(v.neighborhood.value):
            continue
        if price_level is not None and v.price_level != price_level.level:
            continue
        if party_size is not None and v.seats < party_size:
            continue
        if weekday is not None and weekday in v.closed_on:
            continue
        fits_room = party_size is not None and v.private_room_seats >= party_size
        exact_hood = neighborhood is not None and v.neighborhood is neighborhood
        hits.append(((0 if fits_room else 1, 0 if exact_hood else 1, v.name), v))
    hits.sort(key=lambda h: h[0])
    return [v for _, v in hits[: max(1, limit)]]
