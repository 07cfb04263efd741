"""Invariant: a call's revisions replay to its current state, whatever edits were made,
and nothing an earlier revision said is lost (Hypothesis, SQLite and PostgreSQL)."""
from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.corpus import DEFAULT_CORPUS, Corpus
from judge.record import calls as C
from judge.platform.accounts import add_user
from judge.platform.db import transaction

CORPUS = Corpus.load(DEFAULT_CORPUS)
ENTRIES = ["QA-337", "yugioh/rule/damage-calculation", "vision/term/グレイズ"]
text = st.text(alphabet="あいうグレイズ戦士AB 0123", min_size=1, max_size=20).filter(str.strip)
edit = st.fixed_dictionaries({}, optional={
    "round": st.integers(1, 99), "table": st.integers(1, 9999), "question": text,
    "ruling": text, "entries": st.lists(st.sampled_from(ENTRIES), max_size=3, unique=True),
    "status": st.sampled_from(["resolved", "appealed"]), "appeal_ruling": text})


@settings(deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.sampled_from(["head", "floor"]), edit), max_size=6))
def test_revisions_replay_to_the_current_state(db_url, edits):
    # Each example gets names of its own: id() is reused once an example's list is freed,
    # and the database outlives the examples.
    tag = uuid.uuid4().hex[:12]
    with transaction(db_url) as s:
        head = add_user(s, f"h{tag}", "head-password")
        floor = add_user(s, f"f{tag}", "floor-password")
        event = C.add_event(s, f"e{tag}", "E", head)
        C.set_staff(s, event, floor, "floor")
        call = C.record_call(s, event, floor, C.clean_call(
            {"round": 1, "table": 1, "question": "q", "ruling": "r", "entries": []}, CORPUS))
        applied = 0
        for who, data in edits:
            user, role = (head, "head") if who == "head" else (floor, "floor")
            try:
                if C.edit_call(s, call, user, role, dict(data), CORPUS) is not None:
                    applied += 1
            except C.CallInputError as exc:
                assert exc.status in (400, 403)
        s.flush()
        s.refresh(call)
        state: dict = {}
        for i, rev in enumerate(call.revisions):
            assert rev.number == i + 1
            for field, (old, new) in rev.changes.items():
                assert state.get(field) == old          # each change starts where the last ended
                state[field] = new
        assert state == C._state(call)
        assert call.version == len(call.revisions) == applied + 1
