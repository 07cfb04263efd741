"""What counts as an English sentence left in a Japanese text."""
from __future__ import annotations

import re

# Names the text quotes (「Soldier A」, 『…』), code (`effect`), ids and clause numbers are
# not prose; what remains may not hold three English words in a row.
QUOTED = re.compile(r"「[^「」]*」|『[^『』]*』|`[^`]*`|\b[\w.-]+/[\w./#-]+|\b[A-Z]+-\d+\b"
                    r"|\b[a-z]+\.[a-z][\w-]*\b")     # an interpretation's id: vision.combat
SENTENCE = re.compile(r"[A-Za-z][a-z']+(?:[ ,:;-]+[A-Za-z][a-z']+){2,}")


def english_sentence(text: str) -> str | None:
    """The first run of three or more English words in ``text`` (None if there is none)."""
    found = SENTENCE.search(QUOTED.sub(" ", text or ""))
    return found.group(0) if found else None
