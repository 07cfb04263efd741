"""Permalinks: the whole scenario text, compressed into the URL (no server storage).

A judge sends the head judge a link that reproduces the board exactly, on any copy of
the app, today or next year: the link *is* the scenario.  The token is ``z1.`` then the
UTF-8 text, raw-deflated (zlib, ``wbits=-15``) and base64url-encoded without padding.
Browsers can make the same token with ``CompressionStream("deflate-raw")``.

Decoding is bounded (token length, and the inflated size never beyond the engine's
scenario limit), so a crafted token cannot make the server inflate a bomb.
"""
from __future__ import annotations

import base64
import binascii
import re
import zlib

from judge.engine.yamlsource import MAX_SCENARIO_BYTES
from judge.i18n import msg

PREFIX = "z1."
MAX_TOKEN_CHARS = 64 * 1024
TOKEN = re.compile(r"^[A-Za-z0-9_-]*$")


class PermalinkError(ValueError):
    """A token that is not a permalink this app made (says why)."""


# zlib's deflate never refers further back than its window less MIN_LOOKAHEAD (262
# bytes): for a text shorter than that, a smaller window writes the same bytes as the
# 32 KiB one, and setting up the large one (its buffers allocated and cleared) was most
# of compressing a board (a tenth of a new board's page, issue 27).
# tests/web/test_permalink_window.py holds the two to the same tokens.
_LOOKAHEAD = 262


def _window_bits(size: int) -> int:
    """The smallest raw-deflate window (9-15 bits) whose reach covers ``size`` bytes."""
    for bits in range(9, 15):
        if (1 << bits) >= size + _LOOKAHEAD:
            return bits
    return 15


def encode(text: str) -> str:
    """The token of a scenario text."""
    data = text.encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -_window_bits(len(data)))
    raw = packer.compress(data) + packer.flush()
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(token: str) -> str:
    """The scenario text of a token; :class:`PermalinkError` if it is not one."""
    token = (token or "").strip()
    if not token.startswith(PREFIX):
        raise PermalinkError(msg("a permalink token starts with 'z1.'"))
    body = token[len(PREFIX):]
    if len(body) > MAX_TOKEN_CHARS:
        raise PermalinkError(msg("the permalink is longer than {max} characters",
                                 max=MAX_TOKEN_CHARS))
    if not TOKEN.match(body):
        raise PermalinkError(msg("the permalink holds characters other than A-Z a-z 0-9 - _"))
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise PermalinkError(msg("the permalink is not valid base64url")) from None
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(raw, MAX_SCENARIO_BYTES + 1)
    except zlib.error:
        raise PermalinkError(msg("the permalink is damaged (it does not inflate)")) from None
    if len(data) > MAX_SCENARIO_BYTES or unpacker.unconsumed_tail:
        raise PermalinkError(msg("the scenario in the permalink is larger than {kib} KiB",
                                 kib=MAX_SCENARIO_BYTES // 1024))
    if not unpacker.eof:
        raise PermalinkError(msg("the permalink is cut short (copy the whole link)"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise PermalinkError(msg("the permalink does not hold UTF-8 text")) from None
