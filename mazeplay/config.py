"""User configuration: model aliases and defaults, from a TOML file and the environment.

The file is `$MAZEPLAY_CONFIG`, else `~/.config/mazeplay/config.toml`; for example::

    [aliases]
    claude = "anthropic/claude-opus-4-1"

    [llm]
    timeout = 60
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_ALIASES = {
    "claude": "anthropic/claude-sonnet-4-5",
    "gpt": "openai/gpt-5",
    "gemini": "gemini/gemini-2.5-pro",
    "grok": "xai/grok-4.20",
}


class ConfigError(ValueError):
    """The config file cannot be read (one line for the user)."""


@dataclass
class Config:
    aliases: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_ALIASES))
    llm_timeout: float = 120.0
    llm_max_retries: int = 4
    path: Path | None = None


def config_path() -> Path:
    return Path(os.environ.get("MAZEPLAY_CONFIG") or Path.home() / ".config" / "mazeplay" / "config.toml")


def load_config(path: Path | None = None) -> Config:
    path = path or config_path()
    config = Config(path=path)
    if not path.is_file():
        return config
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read config {path}: {exc}") from None
    aliases = data.get("aliases", {})
    if not isinstance(aliases, dict) or not all(isinstance(v, str) for v in aliases.values()):
        raise ConfigError(f"{path}: [aliases] must map names to model id strings")
    config.aliases.update(aliases)
    llm = data.get("llm", {})
    config.llm_timeout = float(llm.get("timeout", config.llm_timeout))
    config.llm_max_retries = int(llm.get("max_retries", config.llm_max_retries))
    return config
