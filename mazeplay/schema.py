"""Checking parsed TOML against a table of allowed keys: a typo or a wrong type is one line naming the
file and the key, before anything runs (a silently ignored `max_turn = 5` would play 50 turns).

A schema is a dict from key to `Field`; nested tables use `Table`, lists `ListOf`. Only what the
schema names is accepted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Union


class SchemaError(ValueError):
    """A config value that cannot be used (one line: file, key, what is wrong)."""


@dataclass(frozen=True)
class Field:
    """A scalar: its type(s), and bounds or choices where they matter."""

    types: tuple[type, ...]
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None

    def describe(self) -> str:
        names = {int: "a whole number", float: "a number", str: "a string", bool: "true or false", dict: "a table"}
        kind = "a number" if float in self.types else " or ".join(dict.fromkeys(names.get(t, t.__name__) for t in self.types))
        if self.choices:
            return "one of " + ", ".join(self.choices)
        if self.low is not None and self.high is not None:
            return f"{kind} from {self.low:g} to {self.high:g}"
        if self.low is not None:
            return f"{kind} of at least {self.low:g}"
        return kind


@dataclass(frozen=True)
class Table:
    fields: dict[str, "Spec"]
    any_key: "Spec | None" = None  # tables keyed by free names ([limits], [aliases]): every value has this spec


@dataclass(frozen=True)
class ListOf:
    item: "Spec"
    min_items: int = 0
    length: int | None = None  # an exact length ([a, b] pairs)


Spec = Union[Field, Table, ListOf]


def check(data: Any, spec: Spec, where: str, path: str = "") -> None:
    """Raise SchemaError naming `where` (the file) and the dotted key when `data` does not fit `spec`."""
    name = path or "the file"
    if isinstance(spec, Table):
        if not isinstance(data, dict):
            raise SchemaError(f"{where}: {name} must be a table, not {_kind(data)}")
        for key, value in data.items():
            sub = spec.fields.get(key, spec.any_key)
            dotted = f"{path}.{key}" if path else str(key)
            if sub is None:
                known = ", ".join(spec.fields) or "none"
                raise SchemaError(f"{where}: unknown key {dotted!r} (known here: {known})")
            check(value, sub, where, dotted)
    elif isinstance(spec, ListOf):
        if not isinstance(data, list):
            raise SchemaError(f"{where}: {name} must be a list, not {_kind(data)}")
        if len(data) < spec.min_items:
            raise SchemaError(f"{where}: {name} needs at least {spec.min_items} item{'s' * (spec.min_items != 1)}")
        if spec.length is not None and len(data) != spec.length:
            raise SchemaError(f"{where}: {name} must have exactly {spec.length} items, got {len(data)}")
        for index, value in enumerate(data):
            check(value, spec.item, where, f"{name}[{index}]")
    else:
        _check_field(data, spec, where, name)


def _check_field(value: Any, spec: Field, where: str, name: str) -> None:
    if isinstance(value, bool) and bool not in spec.types or not isinstance(value, spec.types):
        raise SchemaError(f"{where}: {name} must be {spec.describe()}, not {_kind(value)}")
    if spec.choices is not None and value not in spec.choices:
        raise SchemaError(f"{where}: {name} must be {spec.describe()}, not {value!r}")
    if isinstance(value, str) and not value.strip():
        raise SchemaError(f"{where}: {name} must not be empty")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            raise SchemaError(f"{where}: {name} must be a finite number, not {value}")
        if spec.low is not None and value < spec.low or spec.high is not None and value > spec.high:
            raise SchemaError(f"{where}: {name} must be {spec.describe()}, not {value}")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    return {dict: "a table", list: "a list", str: f"the string {str(value)[:40]!r}", int: f"the number {value}",
            float: f"the number {value}"}.get(type(value), type(value).__name__)


def whole(low: int, high: int) -> Field:
    return Field((int,), low, high)


def number(low: float | None = None, high: float | None = None) -> Field:
    return Field((int, float), low, high)


TEXT = Field((str,))
