"""A live progress bar for `bench` (rich): games, errors, spend and ETA on one line that updates in
place, instead of a line per game. On a terminal it redraws; into a file or a pipe only its final
state is written once."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, TextIO

from rich.console import Console
from rich.progress import BarColumn, Progress as Bar, TextColumn, TimeRemainingColumn

from mazeplay.bench.runner import Progress


@contextmanager
def live_progress(out: TextIO, name: Callable[[], str]) -> Iterator[Callable[[Progress], None]]:
    """Yields `update(progress)`, to be called by the runner after every game; `name()` is the run's
    name (it may change when `--new-run` picks NAME-2)."""
    bar = Bar(TextColumn("[bold]{task.description}"), BarColumn(), TextColumn("games {task.fields[games]}"),
              TextColumn("{task.fields[errors]} errors"), TextColumn("${task.fields[spend]:.4f} spent"),
              TextColumn("ETA"), TimeRemainingColumn(), TextColumn("{task.fields[note]}"),
              console=Console(file=out), refresh_per_second=4)
    task = bar.add_task(name(), total=None, games="…", errors=0, spend=0.0, note="")

    def update(p: Progress) -> None:
        # the bar measures only this session's work, so games finished before do not distort the ETA
        pending = p.total - p.skipped_done
        bar.update(task, description=name(), total=max(pending, 1), completed=p.done + p.errors + p.not_scheduled,
                   games=f"{p.done + p.skipped_done}/{p.total} done ({p.skipped_done} from before)", errors=p.errors,
                   spend=p.spend, note="— budget reached, no new games" if p.budget_hit else "")

    with bar:
        yield update
