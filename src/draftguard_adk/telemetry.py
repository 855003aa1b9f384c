"""OpenTelemetry instruments, created once per meter provider and kept in one place.

The SDK warns when an instrument name is registered twice on one provider, and every filter
or detector is built per turn, so each instrument is made on first use and reused:

    duplicates = counter("draftguard.event_planning", "content_duplicates_detected",
                         unit="1", description="...", provider=provider)

`provider=None` means the global provider (`opentelemetry.metrics.get_meter_provider()`).
"""

from __future__ import annotations

import threading
from typing import Any

from opentelemetry import metrics
from opentelemetry.metrics import Counter, Histogram, MeterProvider

__all__ = ["counter", "histogram"]

# Keyed by the provider itself, not its id(): an id is reused once a provider is collected.
_made: dict[tuple[MeterProvider | None, str, str], Any] = {}
_lock = threading.Lock()


def _instrument(
    kind: str, meter: str, name: str, unit: str, description: str,
    provider: MeterProvider | None,
) -> Any:
    key = (provider, meter, name)
    with _lock:
        if key not in _made:
            m = (provider or metrics.get_meter_provider()).get_meter(meter)
            create = m.create_counter if kind == "counter" else m.create_histogram
            _made[key] = create(name, unit=unit, description=description)
        return _made[key]


def counter(
    meter: str, name: str, *, unit: str = "1", description: str = "",
    provider: MeterProvider | None = None,
) -> Counter:
    """The counter `name` of `meter` on `provider`, made on first use."""
    made: Counter = _instrument("counter", meter, name, unit, description, provider)
    return made


def histogram(
    meter: str, name: str, *, unit: str = "", description: str = "",
    provider: MeterProvider | None = None,
) -> Histogram:
    """The histogram `name` of `meter` on `provider`, made on first use."""
    made: Histogram = _instrument("histogram", meter, name, unit, description, provider)
    return made
