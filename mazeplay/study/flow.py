"""Where a participant is in a study, worked out from the saves alone — so closing the page and coming
back with the same ID continues where they stopped — and how each of their games is set up.

consent → ID → practice (slot 0) → for each assigned slot: game, then questions → completion code.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from mazeplay.engine import MazeParams
from mazeplay.game.mazesets import load_set, record_maze
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.game.turns import SeatReply, Turn
from mazeplay.judge.score import Grade, grade_solo_answer
from mazeplay.store import GameStore
from mazeplay.store.studies import StudyStore
from mazeplay.study.assign import Slot, assign
from mazeplay.study.spec import StudySpec

PRACTICE_SLOT = 0


@dataclass(frozen=True)
class Step:
    """What the participant does next: practice, game, questions or done; with the slot and any game
    already started for it (to resume)."""

    kind: str
    slot: Slot | None = None
    game_id: int | None = None
    game_status: str | None = None


class StudyFlow:
    """One study, one database: enrol participants and tell each what comes next."""

    def __init__(self, spec: StudySpec, store: GameStore) -> None:
        self.spec = spec
        self.store = store
        self.studies = StudyStore(store.db)
        self.studies.register_study(spec.name, spec.to_dict(), spec.source)

    def enrol(self, participant_id: str) -> dict:
        return self.studies.enrol(self.spec.name, participant_id,
                                  lambda number: {"method": self.spec.assignment, "seed": self.spec.seed,
                                                  "number": number, "slots": [s.to_dict() for s in assign(self.spec, number)]})

    def slots(self, participant: dict) -> list[Slot]:
        return [Slot(**data) for data in participant["assignment"]["slots"]]

    def practice_slot(self) -> Slot:
        return Slot(PRACTICE_SLOT, "practice", "a", "generated", 0)

    def next_step(self, participant_id: str) -> Step:
        participant = self.studies.participant(participant_id)
        if participant is None:
            return Step("consent")
        if self.spec.practice is not None:
            game = self.studies.slot_game(participant_id, PRACTICE_SLOT)
            if game is None or game["status"] != "finished":
                return Step("practice", self.practice_slot(), game and game["id"], game and game["status"])
        for slot in self.slots(participant):
            game = self.studies.slot_game(participant_id, slot.number)
            if game is None or game["status"] != "finished":
                return Step("game", slot, game and game["id"], game and game["status"])
            solo = self.spec.condition(slot.condition).solo  # no partner to ask about
            if not solo and not self.studies.answered(participant_id, slot.number):
                return Step("questions", slot, game["id"], "finished")
        return Step("done")

    def completion_code(self, participant_id: str) -> str:
        """The study's fixed code, or one derived from the study and the ID (the same on every reload)."""
        if self.spec.completion_code != "auto":
            code = self.spec.completion_code
        else:
            digest = hashlib.sha256(f"{self.spec.name}:{participant_id}".encode()).hexdigest()
            code = "MZ-" + digest[:8].upper()
        return self.studies.complete(participant_id, code)

    # -- game setups -----------------------------------------------------------------------------
    def setup_for(self, slot: Slot) -> GameSetup:
        if slot.number == PRACTICE_SLOT:
            practice = self.spec.practice
            assert practice is not None
            config = GameConfig(seed=practice.seed, maze=MazeParams(size=practice.size, density=practice.density),
                                mode="paper", max_turns=practice.max_turns)
            return GameSetup.create(config)
        condition = self.spec.condition(slot.condition)
        record = load_set(slot.maze_set)[slot.maze_index]
        maze, views = record_maze(record)
        config = GameConfig(seed=record["seed"], split_seed=record["split_seed"],
                            maze=MazeParams(size=record["size"], density=record["density"]),
                            mode=condition.mode, first=condition.first, max_turns=condition.max_turns,
                            render=condition.render)
        return GameSetup(config, maze, views, f"{slot.maze_set}#{slot.maze_index}")

    def save_solo(self, participant_id: str, slot: Slot, answers: list[tuple[str, float]]) -> tuple[int, Grade]:
        """A person's solo baseline: their path and their reviewed path, saved and graded as a model's are."""
        condition = self.spec.condition(slot.condition)
        setup = self.setup_for(slot)
        seats = {"a": {"kind": "human", "name": "human", "player": participant_id}, "b": {"kind": "none", "name": "none"}}
        extra = {**self.extra(participant_id, slot), "kind": condition.kind}
        turns = [Turn(index=i, seat="a", text=text, reply=SeatReply(text=text, latency_s=seconds, model="human"))
                 for i, (text, seconds) in enumerate(answers)]
        grade = grade_solo_answer(setup.maze, turns)
        game_id = self.store.save_whole_game(setup, seats, turns, [(grade.judge, grade.to_dict())], "answer",
                                             player=participant_id, extra=extra)
        return game_id, grade

    def partner_for(self, slot: Slot) -> str:
        if slot.number == PRACTICE_SLOT:
            assert self.spec.practice is not None
            return self.spec.practice.partner
        return self.spec.condition(slot.condition).partner

    def extra(self, participant_id: str, slot: Slot, partner_participant: str | None = None) -> dict:
        """What a study game records besides the game itself."""
        return {"study": self.spec.name, "participant": participant_id, "slot": slot.number,
                "condition": slot.condition, "kind": "practice" if slot.number == PRACTICE_SLOT else "pair",
                "partner_participant": partner_participant}
