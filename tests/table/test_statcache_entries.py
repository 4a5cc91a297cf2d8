"""The cache's details are parsed one list at a time, exactly as one JSON call would."""

from __future__ import annotations

import json

import pytest

from skatgame.table.statcache import _object_by_entries


@pytest.mark.parametrize("text", ["{}", " { } ", '{"a":1}', '{"a":{"b":[1,2.5]},"c":"x\\"}"}',
                                  ' {\n "a" : 1 ,\n "b": null } \n', '{"a":1,"a":2}'])
def test_as_one_json_call(text: str) -> None:
    assert _object_by_entries(text) == json.loads(text)


@pytest.mark.parametrize("text", ["", "[]", "null", "{", '{"a"}', '{"a":1,}', '{"a":1} x',
                                  "{1:2}", '{"a":1 "b":2}', "{,}", '{"a":}'])
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        _object_by_entries(text)
