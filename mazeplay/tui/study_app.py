"""A participant's whole visit to a study, as one Textual app (in a terminal, or a browser through
`mazeplay serve`): consent → ID → practice → the assigned games, each followed by questions →
completion code. Where they are is always read back from the saves, so a closed page loses nothing."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from textual import work

from mazeplay.errors import MazeplayError
from mazeplay.headless import GameSession, Outcome
from mazeplay.seats.human import queue_source
from mazeplay.seats.registry import SeatSpecError, parse_seat
from mazeplay.store.studies import StudyStore, check_participant_id, new_participant_id
from mazeplay.study.assign import Slot
from mazeplay.study.flow import PRACTICE_SLOT, Step, StudyFlow
from mazeplay.study.pairing import POLL_SECONDS, GuestSession, MailboxSeat
from mazeplay.study.spec import StudySpec
from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.study import (ConsentScreen, IdentityScreen, MessageScreen, QuestionsScreen, SoloScreen,
                                        StepDone, WaitingScreen)


class StudyApp(MazeplayApp):
    TITLE = "mazeplay study"

    def __init__(self, spec: StudySpec, db: str | Path | None = None, api_key: str | None = None,
                 api_base: str | None = None, trace: str | None = None) -> None:
        super().__init__(db=db, api_key=api_key, api_base=api_base)
        self.spec = spec
        self.participant_id: str | None = None
        self.current: Step | None = None
        self.trace = trace  # a file that records each screen shown (browser tests compare it)

    @property
    def flow(self) -> StudyFlow:
        if not hasattr(self, "_flow"):
            self._flow = StudyFlow(self.spec, self.store)
        return self._flow

    def open_first_screen(self) -> None:
        self.push_screen(ConsentScreen(self.spec.name, self.spec.consent))

    def _record(self, name: str) -> None:
        if self.trace:
            with open(self.trace, "a", encoding="utf-8") as out:
                out.write(name + "\n")

    def push_screen(self, screen, callback=None, wait_for_dismiss=False):  # type: ignore[override]
        self._record(type(screen).__name__)
        return super().push_screen(screen, callback, wait_for_dismiss=wait_for_dismiss)

    def switch_screen(self, screen):  # type: ignore[override]
        self._record(type(screen).__name__)
        return super().switch_screen(screen)

    # -- the steps -------------------------------------------------------------------------------
    def after_consent(self, agreed: bool | None) -> None:
        if not agreed:
            self.switch_screen(MessageScreen("Thank you", "You chose not to take part. Nothing has been stored. "
                                             "You can close this page.", button="", screen_id="declined"))
            return
        self.switch_screen(IdentityScreen(check_participant_id))

    def on_identity(self, participant_id: str) -> bool:
        try:
            participant = self.flow.enrol(participant_id or new_participant_id())
        except MazeplayError as error:
            self.notify(str(error), severity="error")
            return False
        self.participant_id = participant["id"]
        self.advance(greeting=f"Your ID is {self.participant_id}. Please note it down: it lets you come back "
                              "to where you stopped, or withdraw your data later.")
        return True

    def advance(self, greeting: str = "") -> None:
        """Show whatever the participant does next."""
        assert self.participant_id is not None
        self.studies.touch(self.participant_id)
        step = self.current = self.flow.next_step(self.participant_id)
        if step.kind == "done":
            code = self.flow.completion_code(self.participant_id)
            self.switch_screen(MessageScreen("Thank you — you have finished", f"Your completion code is:\n\n    {code}\n\n"
                                             "Copy it into the recruitment site. You can close this page.",
                                             button="", screen_id="done"))
            return
        if step.kind == "questions":
            number = step.slot.number if step.slot else 0
            self.switch_screen(QuestionsScreen(f"About game {number} of {self.spec.games_per_participant}", self.spec.questions))
            return
        if step.kind == "practice":
            intro = ("First, a practice game against a computer partner. It does not count. You see half of a small "
                     "maze; your partner sees the other half. Agree on a path from @ to * by writing messages, and "
                     "say ACTI! when you are both at the goal.")
        else:
            assert step.slot is not None
            condition = self.spec.condition(step.slot.condition)
            partner = "another person" if condition.with_person else "a partner"
            intro = (f"Game {step.slot.number} of {self.spec.games_per_participant}: you are seat {step.slot.seat} "
                     f"and play with {partner}.")
            if condition.solo:
                intro = (f"Game {step.slot.number} of {self.spec.games_per_participant}: on your own. You see "
                         + ("the whole maze." if condition.kind == "solo-full" else "both halves of the maze.")
                         + " Type your path, check it once, and confirm.")
        self.switch_screen(MessageScreen("Next: " + ("practice" if step.kind == "practice" else f"game {step.slot.number}"),
                                         (greeting + "\n\n" if greeting else "") + intro, button="Start",
                                         screen_id="intro"))

    @property
    def studies(self) -> StudyStore:
        return self.flow.studies

    def on_step_done(self, message: StepDone) -> None:
        """Screens are switched, not stacked: each reports here when it is done."""
        screen, result = message.screen, message.result
        if isinstance(screen, ConsentScreen):
            self.after_consent(bool(result))
        elif isinstance(screen, IdentityScreen):
            if not self.on_identity(result):
                screen.done = False  # the ID was refused: the page stays, for another try
        elif isinstance(screen, QuestionsScreen):
            step = self.current
            assert step is not None and step.slot is not None and self.participant_id is not None
            self.studies.save_answers(self.participant_id, self.spec.name, step.slot.number, step.game_id, result)
            self.advance()
        elif isinstance(screen, SoloScreen):
            step = self.current
            assert step is not None and step.slot is not None and self.participant_id is not None
            _, grade = self.flow.save_solo(self.participant_id, step.slot, result)
            verdict = "Your path reaches the goal." if grade.success else "Your path does not reach the goal."
            self.switch_screen(MessageScreen("Done", verdict, screen_id="game-over"))
        elif isinstance(screen, MessageScreen) and screen.id == "intro":
            self.start_step()
        elif isinstance(screen, MessageScreen) and screen.id == "game-over":
            self.advance()

    # -- games -----------------------------------------------------------------------------------
    @work(exclusive=True, group="start-game")
    async def start_step(self) -> None:
        step = self.current
        assert step is not None and step.slot is not None and self.participant_id is not None
        slot = step.slot
        try:
            if slot.number != PRACTICE_SLOT and self.spec.condition(slot.condition).solo:
                self.start_solo(slot)
                return
            if slot.number != PRACTICE_SLOT and self.spec.condition(slot.condition).with_person:
                await self.pair_with_person(slot)
                return
            if step.game_id is not None and step.game_status in ("playing", "interrupted"):
                await self.resume_game(step.game_id, slot)
                return
            await self.start_game_with(slot, self.flow.partner_for(slot))
        except (ValueError, SeatSpecError, MazeplayError, OSError) as error:
            self.notify(str(error), severity="error", timeout=10)
            self.switch_screen(MessageScreen("Something went wrong", f"{error}\n\nPress Retry to try again.",
                                             button="Retry", screen_id="intro"))

    def start_solo(self, slot: Slot) -> None:
        from mazeplay.game.solo import solo_views

        kind = self.spec.condition(slot.condition).kind
        views = solo_views(self.flow.setup_for(slot), kind)
        titles = ["The maze"] if kind == "solo-full" else ["Partial map 1", "Partial map 2"]
        self.switch_screen(SoloScreen(self._heading(slot) + " — on your own",
                                      [(title, view.rows()) for title, view in zip(titles, views)]))

    def _heading(self, slot: Slot) -> str:
        if slot.number == PRACTICE_SLOT:
            return "Practice game"
        return f"Game {slot.number} of {self.spec.games_per_participant}"

    async def start_game_with(self, slot: Slot, partner: str, kind: str | None = None) -> None:
        setup = self.flow.setup_for(slot)
        specs = {slot.seat: parse_seat("human", {}), ("b" if slot.seat == "a" else "a"): parse_seat(partner, self.config.aliases, self.api_base)}
        queue: asyncio.Queue[str] = asyncio.Queue()
        options = self.options(self.participant_id, queue)
        if any(spec.kind == "llm" for spec in specs.values()):
            await self.warm_up_litellm()
        extra = self.flow.extra(self.participant_id, slot)  # type: ignore[arg-type]
        if kind:
            extra["kind"] = kind
        session = GameSession.new(self.store, setup, specs, options, extra=extra)
        self.current = Step(self.current.kind, slot, session.game_id, "playing")  # type: ignore[union-attr]
        self.switch_screen(PlayScreen(session, slot.seat, queue, self.spec.message_time_limit, heading=self._heading(slot)))

    async def resume_game(self, game_id: int, slot: Slot) -> None:
        queue: asyncio.Queue[str] = asyncio.Queue()
        session = GameSession.load(self.store, game_id, self.options(self.participant_id, queue))
        if sum(spec.kind == "human" for spec in session.specs.values()) > 1:
            self.store.set_status(game_id, "abandoned", error="a game between two people cannot be resumed")
            await self.start_game_with(slot, self.spec.waiting_room.fallback, kind="fallback")
            return
        if any(spec.kind == "llm" for spec in session.specs.values()):
            await self.warm_up_litellm()
        human = next(seat for seat, spec in session.specs.items() if spec.kind == "human")
        session.options.human_source = queue_source(queue)
        self.switch_screen(PlayScreen(session, human, queue, self.spec.message_time_limit, heading=self._heading(slot)))

    async def pair_with_person(self, slot: Slot) -> None:
        """The waiting room: host a game with whoever is waiting, or wait to be taken, or fall back."""
        assert self.participant_id is not None
        room = self.spec.waiting_room
        waiting = WaitingScreen(room.timeout, room.fallback)
        await self.switch_screen(waiting)
        found = self.studies.wait_or_match(self.spec.name, slot.condition, self.participant_id, slot.number)
        started = time.monotonic()
        while "partner" not in found:
            ticket = self.studies.ticket(found["ticket"])
            if ticket and ticket["game_id"]:
                await self.join_as_guest(ticket["game_id"], ticket["seat"], slot)
                return
            if time.monotonic() - started > room.timeout and self.studies.leave_room(found["ticket"]):
                self.notify("Nobody else arrived: you will play with a computer partner.", timeout=8)
                await self.start_game_with(slot, room.fallback, kind="fallback")
                return
            waiting.waited(time.monotonic() - started)
            await asyncio.sleep(POLL_SECONDS)
        partner = found["partner"]
        setup = self.flow.setup_for(slot)
        guest_seat = "b" if slot.seat == "a" else "a"
        human = parse_seat("human", {})
        queue: asyncio.Queue[str] = asyncio.Queue()
        extra = self.flow.extra(self.participant_id, slot, partner_participant=partner["participant"])
        session = GameSession.new(self.store, setup, {"a": human, "b": human}, self.options(self.participant_id, queue), extra=extra)
        self.studies.hand_over(partner["ticket"], session.game_id, guest_seat)
        give_up = max(300.0, 3 * self.spec.message_time_limit)

        def wrap(seat: str, inner):
            return MailboxSeat(self.store, session.game_id, seat, give_up) if seat == guest_seat else inner

        self.current = Step("game", slot, session.game_id, "playing")
        self.switch_screen(PlayScreen(session, slot.seat, queue, self.spec.message_time_limit, wrapper=wrap,
                                      heading=self._heading(slot) + " — with another person"))

    async def join_as_guest(self, game_id: int, seat: str, slot: Slot) -> None:
        queue: asyncio.Queue[str] = asyncio.Queue()
        give_up = max(300.0, 3 * self.spec.message_time_limit)
        session = GuestSession(self.store, game_id, seat, queue, give_up_after=give_up)
        self.current = Step("game", slot, game_id, "playing")
        self.switch_screen(PlayScreen(session, seat, queue, self.spec.message_time_limit,  # type: ignore[arg-type]
                                      heading=self._heading(slot) + " — with another person"))

    def show_result(self, outcome: Outcome) -> None:
        grade = outcome.score
        verdict = "You reached the goal together!" if grade.success else "You did not reach the goal this time."
        practice = self.current is not None and self.current.kind == "practice"
        body = verdict + (" That was the practice game; the real games come next." if practice else
                          " A few short questions about this game follow.")
        self.switch_screen(MessageScreen("Game over", body, screen_id="game-over"))

    def after_game_error(self, session, retry: bool) -> None:
        """A partner failed or left: the participant goes back to the start of this step."""
        self.advance(greeting="The last game was interrupted.")
