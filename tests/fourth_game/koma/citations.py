"""The rules of 駒遊び as the engine cites them (koma/rule/1)."""
from judge.engine import Cite

RULES = "koma/rule/1"
PLACE = Cite(RULES, "1.1")
FIELD_LIMIT = Cite(RULES, "1.2")
WIN = Cite(RULES, "2.1")
