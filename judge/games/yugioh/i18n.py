"""This game's words: its message catalogue (locale/), read by :mod:`judge.i18n`."""
from judge.i18n import Messages

msg = Messages(__package__)
