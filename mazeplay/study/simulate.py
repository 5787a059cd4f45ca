"""A study run end to end with bots standing in for the participants — to pilot a design, check the
assignment and the report before anyone is recruited, and to test the whole pipeline.

Each stand-in goes through the same flow as a person (enrol, next step, the same game setups, the
waiting room and its fallback, answers, completion code). Their seat is saved as a *human* seat fed
by a bot (`stand_in` in the seat record, IDs starting with SIM-), so the report treats them as people.
"""

from __future__ import annotations

import random

from mazeplay.game.solo import run_solo
from mazeplay.headless import GameSession
from mazeplay.seats.human import LineSource
from mazeplay.seats.registry import SeatOptions, SeatSpec, build_bot, parse_seat
from mazeplay.study.flow import PRACTICE_SLOT, StudyFlow

SIM_PREFIX = "SIM-"


def bot_source(stand_in: str) -> LineSource:
    """A person's line source answered by a bot (what a stand-in types)."""
    bot = build_bot(SeatSpec("bot", stand_in))

    async def line(request) -> str:
        return (await bot.reply(request)).text

    return line


async def simulate(flow: StudyFlow, participants: int, stand_in: str = "bot", aliases: dict | None = None,
                   options: SeatOptions | None = None, seed: int = 0, id_prefix: str = SIM_PREFIX) -> list[str]:
    """Play `participants` stand-ins to the end; returns their IDs. Stand-ins take turns one step at a
    time, so two of them can meet in a waiting room; one left waiting when nobody else can come falls
    back, as a person would after the timeout."""
    rng = random.Random(seed)
    aliases = aliases or {}
    ids = [flow.enrol(f"{id_prefix}{flow.spec.name}-{i:03d}")["id"] for i in range(participants)]
    tickets: dict[str, int] = {}
    active = list(ids)
    while active:
        progressed = False
        for pid in list(active):
            step = flow.next_step(pid)
            if step.kind == "done":
                flow.completion_code(pid)
                active.remove(pid)
                progressed = True
                continue
            if step.kind == "questions":
                answers = {q.id: (rng.randint(1, q.scale) if q.kind == "likert" else None) for q in flow.spec.questions}
                flow.studies.save_answers(pid, flow.spec.name, step.slot.number, step.game_id, answers)
                progressed = True
                continue
            slot = step.slot
            assert slot is not None
            if slot.number != PRACTICE_SLOT and flow.spec.condition(slot.condition).solo:
                kind = flow.spec.condition(slot.condition).kind
                turns = await run_solo(flow.setup_for(slot), kind, build_bot(SeatSpec("bot", stand_in)))
                flow.save_solo(pid, slot, [(turn.text, 0.0) for turn in turns])
                progressed = True
                continue
            partner = flow.partner_for(slot)
            if slot.number != PRACTICE_SLOT and partner == "human":
                if pid in tickets:
                    continue  # still waiting (or already taken: the next step says so)
                found = flow.studies.wait_or_match(flow.spec.name, slot.condition, pid, slot.number)
                if "partner" not in found:
                    tickets[pid] = found["ticket"]
                    progressed = True
                    continue
                other = found["partner"]
                guest_seat = "b" if slot.seat == "a" else "a"
                sources = {slot.seat: bot_source(stand_in), guest_seat: bot_source(stand_in)}
                game_id = await _play(flow, pid, slot, {"a": SeatSpec("human", "human"), "b": SeatSpec("human", "human")},
                                      sources, stand_in, options, partner_participant=other["participant"])
                flow.studies.hand_over(other["ticket"], game_id, guest_seat)
                tickets.pop(other["participant"], None)
                progressed = True
                continue
            spec = parse_seat(partner, aliases)
            other_seat = "b" if slot.seat == "a" else "a"
            await _play(flow, pid, slot, {slot.seat: SeatSpec("human", "human"), other_seat: spec},
                        {slot.seat: bot_source(stand_in)}, stand_in, options)
            progressed = True
        if not progressed:  # everyone left is waiting and nobody else can come: the timeout's fallback
            pid = next(p for p in active if p in tickets)
            if flow.studies.leave_room(tickets.pop(pid)):
                step = flow.next_step(pid)
                slot = step.slot
                assert slot is not None
                other_seat = "b" if slot.seat == "a" else "a"
                await _play(flow, pid, slot, {slot.seat: SeatSpec("human", "human"),
                                              other_seat: parse_seat(flow.spec.waiting_room.fallback, aliases)},
                            {slot.seat: bot_source(stand_in)}, stand_in, options, kind="fallback")
    return ids


async def _play(flow: StudyFlow, pid: str, slot, specs: dict[str, SeatSpec], sources: dict[str, LineSource],
                stand_in: str, options: SeatOptions | None, partner_participant: str | None = None,
                kind: str | None = None) -> int:
    base = options or SeatOptions()
    game_options = SeatOptions(api_key=base.api_key, timeout=base.timeout, max_retries=base.max_retries, player=pid,
                               local_server=base.local_server)
    extra = flow.extra(pid, slot, partner_participant)
    if kind:
        extra["kind"] = kind
    session = GameSession.new(flow.store, flow.setup_for(slot), specs, game_options, extra=extra)
    with flow.store.db.conn:
        for seat in sources:  # the record says who stood in for the person
            flow.store.db.execute(f"update games set seat_{seat} = json_set(seat_{seat}, '$.stand_in', ?) where id = ?",
                                  [stand_in, session.game_id])

    def wrap(seat: str, inner):
        if seat in sources:
            from mazeplay.seats.human import HumanSeat

            return HumanSeat(sources[seat], pid)
        return inner

    await session.play(wrap=wrap)
    return session.game_id
