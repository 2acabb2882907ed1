"""The quick payload check never lets through what the naming walk rejects."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_core.events.errors import PayloadError
from memory_core.events.payload_limits import MAX_DEPTH, MAX_FIELD_CHARS, check_payload, naming_walk, within_limits

_text = (st.text(alphabet=st.sampled_from(["a", " ", "é", "中", "😀", "\ud800", "\udfff"]), max_size=12)
         | st.text(max_size=12) | st.just("x" * (MAX_FIELD_CHARS + 1)))
_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _text,
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
                     max_leaves=30)




@settings(max_examples=600, deadline=None)
@given(st.dictionaries(_text, _json, max_size=6))
def test_quick_check_passes_only_what_the_walk_passes(payload) -> None:
    if within_limits(payload):
        naming_walk(payload)  # must not raise


@pytest.mark.parametrize("payload", [
    {"content": "ok", "provenance": {"title": "bad \ud800 here"}},
    {"content": "ok", "tags": ["fine", "x" * (MAX_FIELD_CHARS + 1)]},
    {"k\udc00": 1},
    {"deep": eval("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))},
    {"deep": eval("{'a': " * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1))},
])
def test_quick_check_defers_every_violation(payload) -> None:
    assert not within_limits(payload)
    with pytest.raises(PayloadError):
        check_payload(payload)


def test_long_content_is_deferred_and_allowed() -> None:
    payload = {"type": "chat", "content": "y" * (MAX_FIELD_CHARS + 5)}
    assert not within_limits(payload)
    check_payload(payload)
