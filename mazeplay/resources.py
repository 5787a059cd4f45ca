"""Where the files in `assets/` are found, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def assets_dir() -> Path:
    """`assets/` of a checkout (editable install), else the copy packed into the wheel."""
    for candidate in (_PACKAGE.parent / "assets", _PACKAGE / "_assets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("mazeplay's assets folder is missing; reinstall the package")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
