"""Everything that defines a game before its first message: parameters, maze and views."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

from mazeplay.engine import Maze, MazeParams, SplitParams, View, generate_maze, split_views
from mazeplay.engine.render import RENDERINGS, render_view
from mazeplay.game.prompts import current_version

Mode = Literal["paper", "live"]
MODES = ("paper", "live")
SEATS = ("a", "b")


def other(seat: str) -> str:
    return "b" if seat == "a" else "a"


@dataclass(frozen=True)
class GameConfig:
    """The parameters of one game; saved with it so it can be replayed and resumed."""

    seed: int = 0
    split_seed: int | None = None  # defaults to the maze seed
    maze: MazeParams = field(default_factory=MazeParams)
    split: SplitParams = field(default_factory=SplitParams)
    mode: Mode = "paper"
    first: str = "a"
    max_turns: int = 50
    render: str = "plain"
    prompt_version: str = field(default_factory=current_version)
    replicate: int = 0
    max_message_chars: int = 20_000  # longer messages are cut (and the cut recorded): storage stays linear

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r} (choose paper or live)")
        if self.first not in SEATS:
            raise ValueError(f"first speaker must be a or b, got {self.first!r}")
        if self.max_turns < 1:
            raise ValueError(f"max turns must be at least 1, got {self.max_turns}")
        if self.max_message_chars < 100:
            raise ValueError(f"max message length must be at least 100 characters, got {self.max_message_chars}")
        if self.render not in RENDERINGS:
            raise ValueError(f"unknown rendering {self.render!r} (choose from {', '.join(RENDERINGS)})")

    @property
    def effective_split_seed(self) -> int:
        return self.seed if self.split_seed is None else self.split_seed

    def to_dict(self) -> dict:
        data = asdict(self)
        data["maze"] = self.maze.to_dict()
        data["split"] = self.split.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "GameConfig":
        data = dict(data)
        maze = dict(data.pop("maze"))
        maze["start"] = tuple(maze["start"])
        return cls(maze=MazeParams(**maze), split=SplitParams(**data.pop("split")), **data)


@dataclass(frozen=True)
class GameSetup:
    """A config with its maze and the two views."""

    config: GameConfig
    maze: Maze
    views: dict[str, View]
    maze_source: str = "generated"  # or "<set>#<index>" for a fixed maze set

    @classmethod
    def create(cls, config: GameConfig) -> "GameSetup":
        maze = generate_maze(config.seed, config.maze)
        return cls.from_maze(config, maze)

    @classmethod
    def from_maze(cls, config: GameConfig, maze: Maze, source: str = "generated") -> "GameSetup":
        view_a, view_b = split_views(maze, config.effective_split_seed, config.split)
        return cls(config, maze, {"a": view_a, "b": view_b}, source)

    def speaker(self, turn_index: int) -> str:
        """Strict alternation; the configured first seat speaks on even turns."""
        return self.config.first if turn_index % 2 == 0 else other(self.config.first)

    def rendered_view(self, seat: str) -> str:
        return render_view(self.views[seat], self.config.render)
