"""A variant's rule options (Variant.options), worked out once: each caller gets a copy
of its own, and a variant with options set lists them."""

from __future__ import annotations

from nardy.variants import DUTCH, Dutch


def test_options_are_a_copy_for_each_caller() -> None:
    first = DUTCH.options()
    first["enter_all_first"] = True
    assert DUTCH.options() == {}
    strict = Dutch(enter_all_first=True)
    assert strict.options() == {"enter_all_first": True}
    assert strict.options() is not strict.options()
    assert strict == Dutch(enter_all_first=True)  # the cache is no part of the value
