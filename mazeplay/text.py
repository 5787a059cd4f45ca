"""Showing text from a model or a person safely: control characters, ANSI escapes included, are made
visible (\\x1b) rather than obeyed. Newlines and tabs are kept."""

from __future__ import annotations

import re
from typing import Any

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")  # C0, C1, bidi


def literal(text: str) -> str:
    """Control characters (C0 and C1, ANSI escapes included) and bidi overrides shown as escapes."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)


_KEY_SHAPED = re.compile(r"\b(?:sk|pk|rk|ak|key|tok|token|api)[-_](?:[A-Za-z0-9]+[-_])?[A-Za-z0-9_-]{16,}\b|\bBearer\s+[A-Za-z0-9._~+/-]{12,}=*", re.IGNORECASE)


def scrub(text: str, secrets: list[str | None] | tuple[str | None, ...] = ()) -> str:
    """Text from a server (an error body) made safe to print and save: the configured keys, and
    anything shaped like one, replaced; control characters shown as escapes."""
    for secret in secrets:
        if secret and len(secret) >= 6:
            text = text.replace(secret, "[key]")
    return literal(_KEY_SHAPED.sub("[key]", text))


def public_url(url: str | None) -> str | None:
    """An endpoint without the credentials some users put in it (user:pass@, ?api-key=…), for saving."""
    if not url:
        return url
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)[-1]
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
             if not re.search(r"key|token|secret|password|auth|sig", k, re.IGNORECASE)]
    return urlunsplit((parts.scheme, netloc, parts.path, urlencode(query), parts.fragment))


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def cut_strings(value: Any, limit: int) -> Any:
    """A raw response with every string longer than `limit` cut (its length kept beside it): the
    message it carries is cut the same way, and a 1 MB reply must not be saved whole once a turn."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit]
    if isinstance(value, list):
        return [cut_strings(item, limit) for item in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            out[key] = cut_strings(item, limit)
            if isinstance(item, str) and len(item) > limit:
                out[f"{key}:chars"] = len(item)
        return out
    return value


def storable(text: str, limit: int) -> tuple[str, str | None]:
    """Any text a model or a person sends, made safe to save: lone surrogates (which UTF-8 cannot
    hold) become U+FFFD, and a message longer than `limit` characters is cut. Returns the text and,
    when it was cut, a notice saying so."""
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    if len(text) <= limit:
        return text, None
    return text[:limit], f"(message cut to {limit:,} characters; it had {len(text):,})"
