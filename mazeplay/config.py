"""User configuration: model aliases and defaults, from a TOML file and the environment.

The file is `$MAZEPLAY_CONFIG`, else `config.toml` in the user's config folder (platformdirs:
`$XDG_CONFIG_HOME/mazeplay`, by default `~/.config/mazeplay` on Linux); for example::

    [aliases]
    claude = "anthropic/claude-opus-4-1"

    [llm]
    timeout = 60
    stream = false                      # model replies shown as written: default on in the TUI, off for run/bench

    [models.smol]                       # a seat name, usable like an alias: --a smol
    model = "openai/smollm2"            # the litellm model id
    api_base = "http://127.0.0.1:8080/v1"
    api_key_env = "SMOL_API_KEY"        # the variable holding its key (the key itself never goes here)
    input_cost_per_token = 0.0          # USD; for models litellm has no price for
    output_cost_per_token = 0.0
    params = { temperature = 0.2 }      # extra request parameters

    [tui]
    bell = true                         # ring the terminal bell when it is your turn
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from mazeplay.schema import TEXT, Field, Table, check, number, whole

DEFAULT_ALIASES = {
    "claude": "anthropic/claude-sonnet-4-5",
    "gpt": "openai/gpt-5",
    "gemini": "gemini/gemini-2.5-pro",
    "grok": "xai/grok-4.20",
}


class ConfigError(ValueError):
    """The config file cannot be read (one line for the user)."""


@dataclass(frozen=True)
class ModelEntry:
    """One `[models.NAME]` table: where and how a model is called, per model rather than per command."""

    name: str
    model: str
    api_base: str | None = None
    api_key_env: str | None = None
    input_cost_per_token: float | None = None
    output_cost_per_token: float | None = None
    params: dict = field(default_factory=dict)

    @property
    def prices(self) -> tuple[float, float] | None:
        if self.input_cost_per_token is None and self.output_cost_per_token is None:
            return None
        return (self.input_cost_per_token or 0.0, self.output_cost_per_token or 0.0)


# key → accepted types, for the `[models.NAME]` tables (a config schema can include it as it is)
MODEL_KEYS: dict[str, tuple[type, ...]] = {
    "model": (str,), "api_base": (str,), "api_key_env": (str,),
    "input_cost_per_token": (int, float), "output_cost_per_token": (int, float), "params": (dict,),
}


def parse_models(tables: object, path: Path | str) -> dict[str, ModelEntry]:
    """The `[models]` tables, checked: unknown keys and wrong types name the file and the key."""
    if not isinstance(tables, dict):
        raise ConfigError(f"{path}: [models] must be tables, one per model ([models.NAME])")
    out = {}
    for name, table in tables.items():
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: models.{name} must be a table")
        for key, value in table.items():
            if key not in MODEL_KEYS:
                raise ConfigError(f"{path}: models.{name}.{key} is not a known key ({', '.join(MODEL_KEYS)})")
            if not isinstance(value, MODEL_KEYS[key]) or isinstance(value, bool):
                raise ConfigError(f"{path}: models.{name}.{key} has the wrong type ({type(value).__name__})")
        model = table.get("model")
        if not model or "/" not in model:
            raise ConfigError(f"{path}: models.{name}.model must be a litellm model id like openai/gpt-4.1")
        out[name] = ModelEntry(name=name, model=model, api_base=table.get("api_base"), api_key_env=table.get("api_key_env"),
                               input_cost_per_token=table.get("input_cost_per_token"),
                               output_cost_per_token=table.get("output_cost_per_token"), params=dict(table.get("params", {})))
    return out


CONFIG = Table({
    "aliases": Table({}, any_key=TEXT),
    "llm": Table({"timeout": number(0.001, 86_400), "max_retries": whole(0, 20), "stream": Field((bool,))}),
    "models": Field((dict,)),  # its tables are checked key by key in parse_models
    "tui": Table({"bell": Field((bool,))}),
})


@dataclass
class Config:
    aliases: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_ALIASES))
    llm_timeout: float = 120.0
    llm_max_retries: int = 4
    llm_stream: bool | None = None  # None: each surface's default (the TUI streams, batch runs do not)
    models: dict[str, ModelEntry] = field(default_factory=dict)
    path: Path | None = None
    bell: bool = False  # ring the terminal bell when it is the person's turn


def config_path() -> Path:
    if os.environ.get("MAZEPLAY_CONFIG"):
        return Path(os.environ["MAZEPLAY_CONFIG"])
    from platformdirs import user_config_path

    return user_config_path("mazeplay", appauthor=False) / "config.toml"


def load_config(path: Path | None = None) -> Config:
    path = path or config_path()
    config = Config(path=path)
    if not path.is_file():
        return config
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read config {path}: {exc}") from None
    check(data, CONFIG, str(path))
    aliases = data.get("aliases", {})
    if not isinstance(aliases, dict) or not all(isinstance(v, str) for v in aliases.values()):
        raise ConfigError(f"{path}: [aliases] must map names to model id strings")
    config.aliases.update(aliases)
    llm = data.get("llm", {})
    config.llm_timeout = float(llm.get("timeout", config.llm_timeout))
    config.llm_max_retries = int(llm.get("max_retries", config.llm_max_retries))
    config.llm_stream = llm.get("stream", config.llm_stream)
    config.models = parse_models(data.get("models", {}), path)
    config.bell = bool(data.get("tui", {}).get("bell", config.bell))
    return config
