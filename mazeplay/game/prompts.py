"""Prompt texts, read from versioned files in assets/prompts/<version>/."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from mazeplay.resources import asset

_NAMES = ("system", "task", "live_rules", "live_notice", "solo_task", "solo_critic")


def current_version() -> str:
    return asset("prompts", "CURRENT").read_text().strip()


@dataclass(frozen=True)
class Prompts:
    """One version of every prompt text, with a digest to detect edits without a version bump."""

    version: str
    texts: dict[str, str]

    @property
    def digest(self) -> str:
        blob = "\0".join(f"{name}={self.texts[name]}" for name in sorted(self.texts))
        return hashlib.sha256(blob.encode()).hexdigest()[:12]

    def __getitem__(self, name: str) -> str:
        return self.texts[name]


@lru_cache(maxsize=8)
def load_prompts(version: str | None = None) -> Prompts:
    version = version or current_version()
    folder = asset("prompts", version)
    if not folder.is_dir():
        raise ValueError(f"unknown prompt version {version!r}")
    return Prompts(version, {name: (folder / f"{name}.txt").read_text().rstrip("\n") for name in _NAMES})
