"""OpenTelemetry instruments come from one place, once per provider and name."""

from __future__ import annotations

import logging

import pytest
from metric_points import metric_points
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader

from draftguard_adk.dedupe import DuplicateDetector
from draftguard_adk.telemetry import counter, histogram


def test_an_instrument_is_made_once_per_provider(caplog: pytest.LogCaptureFixture) -> None:
    reader = InMemoryMetricReader()
    provider = MeterProvider(metric_readers=[reader])
    other = MeterProvider(metric_readers=[InMemoryMetricReader()])
    with caplog.at_level(logging.WARNING):
        first = counter("m", "things", provider=provider)
        assert counter("m", "things", provider=provider) is first
        assert counter("m", "things", provider=other) is not first
        assert histogram("m", "took", unit="ms", provider=provider) is histogram(
            "m", "took", unit="ms", provider=provider)
    first.add(2)
    assert [p.value for p in metric_points(reader)["things"]] == [2]
    assert not [r for r in caplog.records if "already" in r.getMessage().lower()]


def test_detectors_of_one_provider_share_their_instruments(
    caplog: pytest.LogCaptureFixture,
) -> None:
    reader = InMemoryMetricReader()
    provider = MeterProvider(metric_readers=[reader])
    with caplog.at_level(logging.WARNING):
        for session in ("a", "b"):
            detector = DuplicateDetector(session_id=session, meter_provider=provider)
            detector.add_content("We booked Luigi's for eight people on Friday.")
            detector.contains_duplicate_content("We booked Luigi's for eight people on Friday.")
    assert not [r for r in caplog.records if "already" in r.getMessage().lower()]
    assert metric_points(reader)["content_detection_latency"]
