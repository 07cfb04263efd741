"""Where the rules of 駒遊び are silent, the engine's choice."""
from judge.engine import Interpretation

WIN_AT_ONCE = Interpretation(
    "koma.win-at-once",
    "The rules name the winner but not when the win is checked; the engine checks it "
    "right after each placement.", "koma/rule/1 2.1")
INTERPRETATIONS = {WIN_AT_ONCE.id: WIN_AT_ONCE}
