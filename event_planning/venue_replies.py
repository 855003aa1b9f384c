"""The replies code writes about venues in view, from the catalogue: a venue picked, venues
compared, and a search's note that it ran with no price level."""

from __future__ import annotations

from collections.abc import Sequence

from event_planning.catalog import Venue

__all__ = ["PRICE_OPEN", "compare_text", "pick_text"]

#: Said after a search whose message denied a price without naming one ("nothing too
#: flash"): it ran with every price.
PRICE_OPEN = ("I searched with no price level, so every price is in; say \"$\", \"$$\" or a "
              "word like \"cheap\" to narrow it.")


def pick_text(venue: Venue, results: Sequence[str]) -> str:
    """A venue picked: its number among the results, its catalogue line and features."""
    number = f"{results.index(venue.name) + 1}. " if venue.name in results else ""
    return (f"{number}{venue.line()} {venue.features()} "
            "Say \"add it to my shortlist\" to keep it.")


def compare_text(venues: Sequence[Venue], by: str | None) -> str:
    """Venues side by side, cheapest or roomiest first when compared `by` price or size."""
    if by == "price" and len({v.price_level for v in venues}) == 1:
        ordered, head = list(venues), f"All {'$' * venues[0].price_level}, none cheaper:"
    elif by == "price":
        ordered, head = sorted(venues, key=lambda v: (v.price_level, v.name)), "Cheapest first:"
    elif by == "size":
        ordered, head = sorted(venues, key=lambda v: (-v.seats, v.name)), "Most seats first:"
    else:
        ordered, head = list(venues), "Side by side:"
    lines = [head]
    for v in ordered:
        room = f", private room for {v.private_room_seats}" if v.private_room_seats else ""
        lines.append(f"- {v.name}: {'$' * v.price_level}, {v.cuisine.label}, "
                     f"{v.neighborhood.label}, seats {v.seats}{room}.")
    return "\n".join(lines)
