"""Running a plan: concurrency with per-provider limits, resume by job key, relay forks, solo runs,
a cost budget, and provider failures recorded as errors (kept out of scores, resumed next time)."""

from __future__ import annotations

import asyncio
import sys
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, TextIO

from mazeplay.bench.plan import Job, Plan
from mazeplay.engine import MazeParams
from mazeplay.errors import MazeplayError
from mazeplay.game.mazesets import load_set, record_maze
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.game.solo import run_solo
from mazeplay.headless import GameSession, seat_record
from mazeplay.judge.extraction import Extraction, RouteStep
from mazeplay.judge.score import grade_solo_answer
from mazeplay.seats.registry import SeatOptions, SeatSpec, check_specs, open_seats, parse_seat
from mazeplay.store import GameStore

if TYPE_CHECKING:
    from mazeplay.seats.local_model import LocalModelServer


@dataclass
class Progress:
    total: int
    done: int = 0
    skipped_done: int = 0
    errors: int = 0
    not_scheduled: int = 0
    spend: float = 0.0
    started: float = field(default_factory=time.monotonic)
    budget_hit: bool = False

    def line(self) -> str:
        finished = self.done + self.errors
        elapsed = time.monotonic() - self.started
        pending = self.total - finished - self.skipped_done - self.not_scheduled
        eta = elapsed / finished * pending if finished else 0.0
        return (f"games {self.done + self.skipped_done}/{self.total} done ({self.skipped_done} from before), "
                f"{self.errors} errors, ${self.spend:.4f} spent, ETA {eta:.0f} s"
                + (" — budget reached, no new games" if self.budget_hit else ""))

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "started"}


def provider_of(spec: SeatSpec) -> str | None:
    if spec.kind == "llm":
        return spec.name.split("/", 1)[0]
    return "local" if spec.kind == "local" else None


class BenchRunner:
    def __init__(self, store: GameStore, plan: Plan, options: SeatOptions, aliases: dict[str, str],
                 api_base: str | None = None, out: TextIO | None = sys.stderr, max_cost: float | None = None,
                 new_run: bool = False, models: dict | None = None) -> None:
        self.store, self.plan, self.options, self.new_run = store, plan, options, new_run
        self.models = models or {}  # [models.NAME] tables of the config: each model's own endpoint and key
        self.on_progress: Callable[[Progress], None] | None = None  # a live bar; else one line per game
        self.aliases, self.api_base, self.out = aliases, api_base, out
        self.max_cost = max_cost if max_cost is not None else plan.max_cost
        self.records = load_set(plan.maze_set)
        if plan.mazes > len(self.records):
            raise ValueError(f"maze set {plan.maze_set} has {len(self.records)} mazes; the plan asks for {plan.mazes}")
        self.slots = asyncio.Semaphore(plan.concurrency)
        self.providers: dict[str, asyncio.Semaphore] = {}

    def spec(self, name: str) -> SeatSpec:
        return parse_seat(name, self.aliases, self.api_base, self.models)

    def check(self, jobs: list[Job]) -> None:
        """Fail before any game starts on unknown seats or missing keys."""
        names = {name for job in jobs for name in job.seats if name}
        check_specs({name: self.spec(name) for name in names}, self.options)
        for name in {job.seats[0] for job in jobs if job.kind in ("solo-full", "solo-split")}:
            if self.spec(name).kind == "human" or self.spec(name).name == "bot:random":
                raise ValueError(f"{name} cannot solve a maze alone: solo conditions need a model, local, or bot, bot:swap, bot:terse")

    def claim_name(self, new_run: bool = False) -> str:
        """A run's settings are part of its identity: the same name with other settings is refused
        (ValueError naming the difference), or, with `new_run`, goes to the `NAME-k` run with these
        settings (resuming it) or to a new `NAME-k`."""
        saved = self.store.run_config(self.plan.name)
        difference = self.plan.difference(saved) if saved is not None else None
        if difference and new_run:
            variants = self.store.run_variants(self.plan.name)
            same = [v for v in variants if not self.plan.difference(self.store.run_config(v) or {})]
            self.plan.name = same[0] if same else f"{self.plan.name}-{int(variants[-1].rsplit('-', 1)[1]) + 1 if variants else 2}"
        elif difference:
            raise ValueError(f"run {self.plan.name!r} was played with other settings ({difference}); "
                             "use --new-run to start a new run, or --name to pick another name")
        saved = self.store.run_config(self.plan.name)
        if saved is not None and any(saved.get(key) != getattr(self.plan, key) for key in ("mazes", "rollouts")):
            self.store.set_run_config(self.plan.name, {**saved, "mazes": self.plan.mazes, "rollouts": self.plan.rollouts})
        return self.plan.name

    async def run(self) -> Progress:
        jobs = self.plan.jobs()
        self.check(jobs)
        self.claim_name(self.new_run)
        self.run_id = self.store.create_run(self.plan.name, self.plan.to_dict())
        self.progress = Progress(total=len(jobs), spend=self.store.run_cost(self.run_id))
        if self.on_progress is not None:
            self.on_progress(self.progress)
        server = await asyncio.to_thread(self._start_local_server, jobs)
        try:
            for phase in ([j for j in jobs if j.kind != "relay"], [j for j in jobs if j.kind == "relay"]):
                existing = self.store.games_by_job_key(self.run_id)
                await asyncio.gather(*(self._guarded(job, existing) for job in phase))
        finally:
            if server is not None:
                await asyncio.to_thread(server.stop)
        if self.on_progress is not None:
            self.on_progress(self.progress)  # the bar's final state (games skipped or past the budget too)
        elif self.progress.done + self.progress.errors == 0:
            self._say(self.progress.line())  # nothing was played: say where the run stands
        return self.progress

    def _start_local_server(self, jobs: list[Job]) -> LocalModelServer | None:
        """One local model server for the whole run (starting one per game costs seconds each)."""
        if self.options.local_server is not None or not any(
            self.spec(name).kind == "local" for job in jobs for name in job.seats if name
        ):
            return None
        from mazeplay.seats import local_model

        self._say("starting the local model server…")
        server = local_model.LocalModelServer().start()
        self.options = replace(self.options, local_server=server)
        return server

    async def _guarded(self, job: Job, existing: dict[str, dict]) -> None:
        row = existing.get(job.key)
        if row and row["status"] == "finished":
            self.progress.skipped_done += 1
            return
        specs = [self.spec(name) for name in job.seats if name]
        limits = [self._provider_slot(p) for p in {provider_of(s) for s in specs} if p]
        async with self.slots:
            for limit in limits:
                await limit.acquire()
            try:
                if self.max_cost is not None and self.progress.spend >= self.max_cost:
                    self.progress.budget_hit = True
                    self.progress.not_scheduled += 1
                    return
                game_id = await self._job(job, row, existing)
                self.progress.spend += self.store.game_cost(game_id)
                self.progress.done += 1
            except (MazeplayError, ValueError) as error:  # recorded on the game; resumed next run
                self.progress.errors += 1
                self._say(f"error in {job.condition} (maze {job.maze_index}): {error}")
            finally:
                for limit in limits:
                    limit.release()
        self._report()

    def _provider_slot(self, provider: str) -> asyncio.Semaphore:
        if provider not in self.providers:
            default = 1 if provider == "local" else self.plan.concurrency  # one shared server, one request at a time
            self.providers[provider] = asyncio.Semaphore(int(self.plan.limits.get(provider, default)))
        return self.providers[provider]

    def setup(self, job: Job) -> GameSetup:
        record = self.records[job.maze_index]
        maze, views = record_maze(record)
        config = GameConfig(seed=record["seed"], split_seed=record["split_seed"],
                            maze=MazeParams(size=record["size"], density=record["density"]),
                            mode=self.plan.mode, max_turns=self.plan.max_turns, replicate=job.replicate)
        return GameSetup(config, maze, views, f"{self.plan.maze_set}#{job.maze_index}")

    def extra(self, job: Job, **more) -> dict:
        return {"run_id": self.run_id, "condition": job.condition, "kind": job.kind, "job_key": job.key, **more}

    async def _job(self, job: Job, row: dict | None, existing: dict[str, dict]) -> int:
        """Play one job to its end; returns the game id."""
        if job.kind in ("solo-full", "solo-split"):
            return await self._solo(job)
        specs = {"a": self.spec(job.seats[0]), "b": self.spec(job.seats[1])}
        if row is not None:  # interrupted earlier: continue it
            session = GameSession.load(self.store, row["id"], self.options)
        elif job.kind == "relay":
            session = self._fork(job, specs, existing)
        else:
            session = GameSession.new(self.store, self.setup(job), specs, self.options, extra=self.extra(job))
        await session.play()
        return session.game_id

    def _fork(self, job: Job, specs: dict[str, SeatSpec], existing: dict[str, dict]) -> GameSession:
        """Relay: copy the parent's first K messages into a new game, then continue with new seats."""
        parent_row = existing.get(job.parent or "")
        if parent_row is None or parent_row["status"] != "finished":
            raise MazeplayError(f"relay parent for {job.condition} is not finished")
        parent = self.store.load_game(parent_row["id"])
        k = job.relay["k"]
        relay = {**job.relay, "parent_game": parent.id, "parent_ended_before_k": len(parent.turns) < k}
        extra = self.extra(job, parent_game=parent.id, relay=relay)
        return GameSession.new(self.store, parent.setup, specs, self.options, extra=extra, turns=parent.turns[:k])

    async def _solo(self, job: Job) -> int:
        setup = self.setup(job)
        spec = self.spec(job.seats[0])
        records = {"a": seat_record(spec, self.options), "b": {"kind": "none", "name": "none"}}
        game_id = self.store.create_game(setup, records, extra=self.extra(job))
        with open_seats({"a": spec}, self.options) as seats:
            turns = await run_solo(setup, job.kind, seats["a"])
        for turn in turns:
            self.store.add_turn(game_id, turn)
        grade = grade_solo_answer(setup.maze, turns)
        self.store.save_grade(game_id, grade.judge, grade.to_dict())
        self.store.set_status(game_id, "finished", ending="answer")
        return game_id

    def _report(self) -> None:
        """After each game: the live bar when there is one, else one line (once per game, never twice)."""
        if self.on_progress is not None:
            self.on_progress(self.progress)
        else:
            self._say(self.progress.line())

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(text, file=self.out, flush=True)
