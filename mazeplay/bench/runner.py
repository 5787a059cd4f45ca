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
from mazeplay.game.solo import SOLO_KINDS
from mazeplay.game.turns import Turn
from mazeplay.headless import GameSession, answer_solo, seat_record
from mazeplay.seats.registry import SeatOptions, SeatSpec, check_specs, parse_seat
from mazeplay.store import GameStore
from mazeplay.store.leases import GameBusy

if TYPE_CHECKING:
    from mazeplay.seats.local_model import LocalModelServer


@dataclass
class Progress:
    total: int
    done: int = 0
    skipped_done: int = 0
    errors: int = 0
    not_scheduled: int = 0
    elsewhere: int = 0  # games another process holds (a second run of the same name at once)
    spend: float = 0.0
    started: float = field(default_factory=time.monotonic)
    budget_hit: bool = False

    def line(self) -> str:
        finished = self.done + self.errors
        elapsed = time.monotonic() - self.started
        pending = self.total - finished - self.skipped_done - self.not_scheduled - self.elsewhere
        eta = elapsed / finished * pending if finished else 0.0
        return (f"games {self.done + self.skipped_done}/{self.total} done ({self.skipped_done} from before), "
                f"{self.errors} errors, ${self.spend:.4f} spent, ETA {eta:.0f} s"
                + (f", {self.elsewhere} being played by another process" if self.elsewhere else "")
                + (" — budget reached, no new games" if self.budget_hit else ""))

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "started"}


BUDGET_MARGIN = 1.25  # a game is reserved this many times the costliest game of its condition so far


class _Probe(asyncio.Event):
    """Set when a condition's first game under a budget ends; `key` is that game's job."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


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
        self.in_flight: dict[str, tuple[float, int | None]] = {}  # job key → (cost reserved, its game once saved)
        self.per_game: dict[str, float] = {}  # condition → a game's cost before any is seen (the dry run's)
        self.probes: dict[str, _Probe] = {}  # condition → its first game, running alone (with a budget)

    def spec(self, name: str) -> SeatSpec:
        return parse_seat(name, self.aliases, self.api_base, self.models)

    def check(self, jobs: list[Job]) -> None:
        """Fail before any game starts on unknown seats or missing keys."""
        names = {name for job in jobs for name in job.seats if name}
        check_specs({name: self.spec(name) for name in names}, self.options)
        for name in {job.seats[0] for job in jobs if job.kind in ("solo-full", "solo-split")}:
            if self.spec(name).kind == "human" or self.spec(name).name == "bot:random":
                raise ValueError(f"{name} cannot solve a maze alone: solo conditions need a model, local, or bot, bot:swap, bot:terse")
        if self.max_cost is not None:
            for name in sorted(names):
                spec = self.spec(name)
                if spec.kind == "llm" and prices_of(spec) in (None, (0.0, 0.0)):
                    from mazeplay.config import config_path

                    why = "has no price in litellm's map" if prices_of(spec) is None else "is priced at $0 in litellm's map"
                    raise ValueError(f"a cost budget cannot hold {name}: it {why}; give its price as input_cost_per_token "
                                     f"and output_cost_per_token in a [models.\"{name}\"] table of {config_path()}")

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
        if self.max_cost is not None:
            self.per_game = self._upper_bounds()
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
        await self._wait_for_probe(job)
        async with self.slots:
            for limit in limits:
                await limit.acquire()
            try:
                if not self._admit(job):
                    self.progress.budget_hit = True
                    self.progress.not_scheduled += 1
                    return
                played = await self._job(job, row, existing)
                if played == "finished":
                    self.progress.done += 1
                elif played == "done before":
                    self.progress.skipped_done += 1
            except GameBusy:  # another process is playing it: not ours to count
                self.progress.elsewhere += 1
            except (MazeplayError, ValueError) as error:  # recorded on the game; resumed next run
                self.progress.errors += 1
                self._say(f"error in {job.condition} (maze {job.maze_index}): {error}")
            finally:
                self.in_flight.pop(job.key, None)
                if job.key == getattr(self.probes.get(job.condition), "key", None):
                    self.probes.pop(job.condition).set()
                self.progress.spend = self.store.run_cost(self.run_id)  # errored and unfinished games' calls too
                for limit in limits:
                    limit.release()
        self._report()

    async def _wait_for_probe(self, job: Job) -> None:
        """With a budget, a condition's first game runs alone: until one has finished, its cost is
        only a guess, and eight guesses at once could overshoot eightfold."""
        if self.max_cost is None:
            return
        while self._observed(job) is None and job.condition in self.probes:
            await self.probes[job.condition].wait()
        if self._observed(job) is None:
            self.probes[job.condition] = _Probe(job.key)

    def _admit(self, job: Job) -> bool:
        """With a budget: start a game only if what is spent, what games in flight may still spend, and
        this game's estimate stay within it. Reserves the estimate (kept until the game ends)."""
        if self.max_cost is None:
            return True
        estimate = self._estimate(job)
        committed = self.store.run_cost(self.run_id) + sum(
            max(reserved - (self.store.game_cost(game_id) if game_id else 0.0), 0.0)
            for reserved, game_id in self.in_flight.values())
        if committed + estimate > self.max_cost:
            return False
        self.in_flight[job.key] = (estimate, None)
        return True

    def _estimate(self, job: Job) -> float:
        """A margin over the most a finished game of this condition has cost in this run; before any
        has finished, the dry-run's estimate."""
        seen = self._observed(job)
        return seen * BUDGET_MARGIN if seen is not None else self.per_game.get(job.condition, 0.0)

    def _observed(self, job: Job) -> float | None:
        seen = self.store.db.execute(
            "select max(c) from (select sum(coalesce(t.cost_usd, 0)) as c from games g join turns t on t.game_id = g.id "
            "where g.run_id = ? and g.condition = ? and g.status = 'finished' group by g.id)",
            [self.run_id, job.condition]).fetchone()[0]
        return None if seen is None else float(seen)

    def _upper_bounds(self) -> dict[str, float]:
        from mazeplay.bench.estimate import estimate

        data = estimate(self.plan, self.spec, self.setup, prices_of)
        return {row["condition"]: row["cost_usd"] / row["games"] for row in data["conditions"] if row["games"]}

    def _holding(self, job: Job, game_id: int) -> None:
        if job.key in self.in_flight:
            self.in_flight[job.key] = (self.in_flight[job.key][0], game_id)

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

    async def _job(self, job: Job, row: dict | None, existing: dict[str, dict]) -> str:
        """Play one job to its end in its one game (created now, or left unfinished before): "finished",
        or "done before" when another process finished it meanwhile. GameBusy if another process holds it."""
        if job.kind in SOLO_KINDS:
            return await self._solo(job, row)
        specs = {"a": self.spec(job.seats[0]), "b": self.spec(job.seats[1])}
        if row is None:
            setup, extra, turns = self._fork(job, existing) if job.kind == "relay" else (self.setup(job), self.extra(job), None)
            check_specs(specs, self.options)
            records = {seat: seat_record(specs[seat], self.options) for seat in ("a", "b")}
            game_id = self.store.create_game(setup, records, extra=extra, turns=turns)
        else:
            game_id = row["id"]
        self._holding(job, game_id)
        if self.store.status(game_id) == "finished":
            return "done before"
        await GameSession.load(self.store, game_id, self.options).play()
        return "finished"

    def _fork(self, job: Job, existing: dict[str, dict]) -> tuple[GameSetup, dict, list[Turn]]:
        """Relay: the parent's setup and first K messages, for a new game that continues with new seats
        (saved with them in one transaction)."""
        parent_row = existing.get(job.parent or "")
        if parent_row is None or parent_row["status"] != "finished":
            if parent_row is not None:
                self.store.check_free(parent_row["id"])  # GameBusy: another process is still playing the parent
            raise MazeplayError(f"relay parent for {job.condition} is not finished")
        parent = self.store.load_game(parent_row["id"])
        k = job.relay["k"]
        relay = {**job.relay, "parent_game": parent.id, "parent_ended_before_k": len(parent.turns) < k}
        return parent.setup, self.extra(job, parent_game=parent.id, relay=relay), parent.turns[:k]

    async def _solo(self, job: Job, row: dict | None) -> str:
        setup = self.setup(job)
        spec = self.spec(job.seats[0])
        if row is None:
            records = {"a": seat_record(spec, self.options), "b": {"kind": "none", "name": "none"}}
            game_id = self.store.create_game(setup, records, extra=self.extra(job))
        else:
            game_id = row["id"]
        self._holding(job, game_id)
        if self.store.status(game_id) == "finished":
            return "done before"
        await answer_solo(self.store, game_id, setup, job.kind, spec, self.options)
        return "finished"

    def _report(self) -> None:
        """After each game: the live bar when there is one, else one line (once per game, never twice)."""
        if self.on_progress is not None:
            self.on_progress(self.progress)
        else:
            self._say(self.progress.line())

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(text, file=self.out, flush=True)


def prices_of(spec: SeatSpec) -> tuple[float, float] | None:
    """USD per (input, output) token: the config's [models.NAME] price, else litellm's map, else None."""
    if spec.prices is not None:
        return spec.prices
    from mazeplay.seats.llm import model_prices

    return model_prices(spec.name)
