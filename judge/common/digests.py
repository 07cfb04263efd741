"""The hash functions the corpus, its caches and the index key things by (ハッシュ).

``hashlib`` loads OpenSSL when it is imported, about 10 ms: a twentieth of a one-shot
`judge search`, which hashes nothing but a few cache keys.  CPython builds BLAKE2,
SHA-1 and SHA-256 in as modules of their own, whose digests are the same bytes; a build
without them (the modules are private, and renamed in later versions) uses hashlib's.
"""
from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b
try:
    from _sha1 import sha1
except ImportError:  # pragma: no cover
    from hashlib import sha1
try:
    from _sha256 import sha256
except ImportError:  # pragma: no cover - _sha2 from Python 3.12
    from hashlib import sha256

__all__ = ["blake2b", "sha1", "sha256"]
