"""The venue catalog and the planner's tools (no model)."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from event_planning.catalog import Cuisine, Neighborhood, PriceLevel, load_catalog, search
from event_planning.tools import (
    PREFERENCES_KEY,
    SHORTLIST_KEY,
    add_to_shortlist,
    forget_preference,
    plan_summary,
    remove_from_shortlist,
    search_venues,
)


def _ctx() -> Any:
    return SimpleNamespace(state={})


def test_catalog_is_big_and_varied() -> None:
    venues = load_catalog()
    assert len(venues) >= 150 and len({v.id for v in venues}) == len(venues)
    assert len(Counter(v.neighborhood for v in venues)) == len(Neighborhood)
    assert len(Counter(v.cuisine for v in venues)) == len(Cuisine)
    assert set(Counter(v.price_level for v in venues)) == {1, 2, 3, 4}
    assert search(cuisine=Cuisine.ITALIAN, neighborhood=Neighborhood.SOUTH_PHILLY,
                  price_level=PriceLevel.UPSCALE)


def test_preferences_accumulate_across_searches() -> None:
    ctx = _ctx()
    first = search_venues(ctx, cuisine=Cuisine.ITALIAN)
    second = search_venues(ctx, price_level=PriceLevel.UPSCALE)
    third = search_venues(ctx, neighborhood=Neighborhood.SOUTH_PHILLY, party_size=20,
                          date="2025-06-14")
    assert ctx.state[PREFERENCES_KEY] == {
        "cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly",
        "party_size": 20, "date": "2025-06-14",
    }
    assert first["count"] >= second["count"] >= third["count"] >= 1
    for v in third["venues"]:
        assert v["cuisine"] == "italian" and v["price"] == "$$$" and v["seats"] >= 20
        assert "saturday" not in v["closed_on"]


def test_bad_values_come_back_as_errors() -> None:
    ctx = _ctx()
    assert search_venues(ctx, cuisine="klingon")["status"] == "error"  # type: ignore[arg-type]
    assert search_venues(ctx, date="next friday")["status"] == "error"
    assert add_to_shortlist(ctx, "no-such-venue")["status"] == "error"


def test_shortlist_and_summary() -> None:
    ctx = _ctx()
    found = search_venues(ctx, cuisine=Cuisine.FRENCH)
    venue_id = found["venues"][0]["id"]
    assert add_to_shortlist(ctx, venue_id)["shortlist"] == [venue_id]
    assert add_to_shortlist(ctx, venue_id)["shortlist"] == [venue_id]  # no duplicates
    summary = plan_summary(ctx)
    assert summary["shortlist"][0]["id"] == venue_id
    assert set(summary["missing"]) == {"date", "party_size"} and not summary["ready"]
    assert forget_preference(ctx, "cuisine")["preferences"] == {}
    assert remove_from_shortlist(ctx, venue_id)["shortlist"] == []
    assert ctx.state[SHORTLIST_KEY] == []
