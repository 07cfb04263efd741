"""The hash a login with an unknown name is checked against: no password matches it,
and checking it costs what checking a real hash does (the same argon2 parameters)."""
from __future__ import annotations

import pytest
from argon2.exceptions import VerifyMismatchError
from hypothesis import given
from hypothesis import strategies as st

from judge.platform import accounts


def test_the_dummy_has_the_hashers_parameters():
    real = accounts.HASHER.hash("ジャッジのパスワード")
    assert not accounts.HASHER.check_needs_rehash(accounts._dummy())
    head = real.rsplit("$", 2)[0]
    assert accounts._dummy().rsplit("$", 2)[0] == head
    assert [len(p) for p in accounts._dummy().split("$")[-2:]] == \
        [len(p) for p in real.split("$")[-2:]]


@given(st.text(max_size=40))
def test_no_password_matches_the_dummy(password):
    with pytest.raises(VerifyMismatchError):
        accounts.HASHER.verify(accounts._dummy(), password)
