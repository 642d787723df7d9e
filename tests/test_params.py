"""The quick parameter test run on every event says exactly what the full schema check says."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.model.core import Action, check_params, fields, freeze
from referee.model.core.params import params_ok

_TYPES = st.sampled_from([int, str, bool, list, dict, (int, type(None)), (str, list), float])
_VALUES = st.one_of(st.integers(), st.booleans(), st.text(max_size=3), st.none(),
                    st.lists(st.integers(), max_size=2),
                    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
                    st.floats(allow_nan=False))
_KEYS = st.sampled_from(["a", "b", "c", "d"])


@given(st.dictionaries(_KEYS, _TYPES, max_size=3), st.dictionaries(_KEYS, _TYPES, max_size=2),
       st.dictionaries(_KEYS, _VALUES, max_size=4))
def test_params_ok_is_check_params_passing(required, optional, values):
    optional = {k: t for k, t in optional.items() if k not in required}
    event = Action("Ann", "move", tuple((k, freeze(v)) for k, v in values.items()))
    expected = check_params(event, fields(**required), fields(**optional), rule="X-RULE") is None
    assert params_ok(event.params, fields(**required), fields(**optional)) is expected
