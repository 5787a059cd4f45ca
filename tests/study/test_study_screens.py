"""Pilot tests of a participant's visit: consent, ID, practice, games, questions, completion, resume."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Button, Input, RadioSet

from mazeplay.store import GameStore, open_db
from mazeplay.study.spec import parse_study
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.study import ConsentScreen, IdentityScreen, MessageScreen, QuestionsScreen
from mazeplay.tui.study_app import StudyApp

SIZE = (120, 40)


def small_study(**changes) -> dict:
    data = {
        "name": "pilot",
        "games_per_participant": 2,
        "consent": "Do you agree?",
        "practice": {"partner": "bot", "size": 4, "max_turns": 6},
        "assignment": {"method": "latin", "seed": 3},
        "conditions": [
            {"name": "bot", "partner": "bot", "seat": "any", "indices": [0, 1, 2]},
            {"name": "terse", "partner": "bot:terse", "seat": "a", "indices": [3, 4]},
        ],
    }
    data.update(changes)
    return data


async def until(pilot, predicate, what: str, tries: int = 300):
    for _ in range(tries):
        if predicate():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}; screen is {type(pilot.app.screen).__name__}")


async def click(pilot, selector: str) -> None:
    await until(pilot, lambda: bool(pilot.app.screen.query(selector)), f"{selector} to be on screen")
    button = pilot.app.screen.query_one(selector, Button)
    button.press()
    await pilot.pause(0.05)


async def enter(pilot, participant: str | None = None) -> None:
    """Consent, then a new ID (or `participant` typed), up to the intro of the first step."""
    app = pilot.app
    await click(pilot, "#agree")
    await until(pilot, lambda: isinstance(app.screen, IdentityScreen), "the ID page")
    if participant is None:
        await click(pilot, "#new")
    else:
        app.screen.query_one("#typed", Input).value = participant
        await click(pilot, "#typed-ok")
    await until(pilot, lambda: app.screen.id == "intro", "the first intro")


async def confirm(pilot) -> None:
    """The game asks before a message that says ACTI! is sent: yes."""
    from mazeplay.tui.screens.dialogs import ConfirmDialog

    await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog), "the question before ACTI!")
    await pilot.press("y")


async def play_to_end(pilot) -> None:
    """Say ACTI! at the first chance: the game ends at once (a short, failed game)."""
    await until(pilot, lambda: isinstance(pilot.app.screen, PlayScreen) and pilot.app.screen.your_turn, "our turn")
    pilot.app.screen.query_one("#message").value = "We are at the goal. ACTI!"
    await pilot.press("enter")
    await confirm(pilot)
    await until(pilot, lambda: isinstance(pilot.app.screen, MessageScreen) and pilot.app.screen.id == "game-over"
                or (isinstance(pilot.app.screen, PlayScreen) and pilot.app.screen.your_turn
                    and len(pilot.app.screen.session.turns) > 0), "the game to end")
    if isinstance(pilot.app.screen, PlayScreen):  # we spoke second: say it again on our next turn
        pilot.app.screen.query_one("#message").value = "ACTI!"
        await pilot.press("enter")
        await confirm(pilot)
        await until(pilot, lambda: isinstance(pilot.app.screen, MessageScreen) and pilot.app.screen.id == "game-over",
                    "the game to end")


async def answer_questions(pilot, value: int = 4) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, QuestionsScreen) and bool(pilot.app.screen.query("RadioButton")),
                "the questions")
    for radio_set in pilot.app.screen.query(RadioSet):
        list(radio_set.query("RadioButton"))[value - 1].value = True
    await pilot.pause(0.05)
    await click(pilot, "#submit")


@pytest.fixture
def spec(tmp_path):
    return parse_study(small_study(), str(tmp_path / "pilot.toml"))


async def test_declining_consent_stores_nothing(db_path, spec):
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConsentScreen), "consent")
        await click(pilot, "#decline")
        await until(pilot, lambda: app.screen.id == "declined", "the goodbye")
    db = open_db(db_path)
    assert db["participants"].count == 0 and db["games"].count == 0 and db["answers"].count == 0


async def test_a_whole_visit_ends_with_a_completion_code_and_is_saved(db_path, spec):
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot)
        participant = app.participant_id
        assert participant and participant.startswith("P-")
        await click(pilot, "#continue")
        await play_to_end(pilot)  # practice
        await click(pilot, "#continue")
        for _ in range(2):
            await until(pilot, lambda: app.screen.id == "intro", "a game intro")
            await click(pilot, "#continue")
            await play_to_end(pilot)
            await click(pilot, "#continue")
            await answer_questions(pilot)
        await until(pilot, lambda: app.screen.id == "done" and bool(app.screen.query("#body")), "the completion page")
        body = str(app.screen.query_one("#body").render())
        assert "MZ-" in body
    db = open_db(db_path)
    row = db["participants"].get(participant)
    assert row["status"] == "completed" and row["completion_code"] in body
    assignment = json.loads(row["assignment"])
    assert assignment["method"] == "latin" and len(assignment["slots"]) == 2
    games = list(db.query("select * from games where participant = ? order by slot", [participant]))
    assert [g["slot"] for g in games] == [0, 1, 2] and all(g["status"] == "finished" for g in games)
    assert [g["condition"] for g in games[1:]] == [s["condition"] for s in assignment["slots"]]
    answers = list(db.query("select slot, question, value from answers where participant = ?", [participant]))
    assert {a["slot"] for a in answers} == {1, 2}
    assert {a["question"] for a in answers} == {"understood", "again", "difficulty", "comments"}
    assert {a["value"] for a in answers if a["question"] == "understood"} == {"4"}


async def test_coming_back_with_the_same_id_continues_where_it_stopped(db_path, spec):
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "prolific_5f3a9c")
        await click(pilot, "#continue")
        await play_to_end(pilot)  # the practice game, then the page is closed
    again = StudyApp(spec, db=db_path)
    async with again.run_test(size=SIZE) as pilot:
        await enter(pilot, "prolific_5f3a9c")
        assert "Game 1 of 2" in str(again.screen.query_one("#body").render())
    assert open_db(db_path)["participants"].count == 1


async def test_questions_must_be_answered_and_ids_must_be_plain(db_path, spec):
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await click(pilot, "#agree")
        await until(pilot, lambda: isinstance(app.screen, IdentityScreen), "the ID page")
        app.screen.query_one("#typed", Input).value = "jane.doe@example.com"
        await click(pilot, "#typed-ok")
        assert isinstance(app.screen, IdentityScreen)  # refused, with a notice
        assert open_db(db_path)["participants"].count == 0
        app.screen.query_one("#typed", Input).value = "p-0001"
        await click(pilot, "#typed-ok")
        await until(pilot, lambda: app.screen.id == "intro", "intro")
        await click(pilot, "#continue")
        await play_to_end(pilot)
        await click(pilot, "#continue")
        await until(pilot, lambda: app.screen.id == "intro", "game intro")
        await click(pilot, "#continue")
        await play_to_end(pilot)
        await click(pilot, "#continue")
        await until(pilot, lambda: isinstance(app.screen, QuestionsScreen), "questions")
        await click(pilot, "#submit")  # nothing answered
        assert isinstance(app.screen, QuestionsScreen)
        assert open_db(db_path)["answers"].count == 0


async def test_a_person_alone_types_a_path_reviews_it_and_is_graded_by_the_judge(db_path, tmp_path):
    from mazeplay.engine.paths import shortest_path
    from mazeplay.game.mazesets import load_set, record_maze
    from mazeplay.tui.screens.study import SoloScreen

    spec = parse_study({"name": "alone", "practice": False, "games_per_participant": 1,
                        "conditions": [{"name": "split", "kind": "solo-split", "indices": [2]}]}, str(tmp_path / "s.toml"))
    maze, _ = record_maze(load_set("6x6-v1")[2])
    path = shortest_path(maze)
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot)
        assert "both halves" in str(app.screen.query_one("#body").render())
        await click(pilot, "#continue")
        await until(pilot, lambda: isinstance(app.screen, SoloScreen), "the solo page")
        assert len(app.screen.query("MazeGrid")) == 2  # both partial maps
        app.screen.query_one("#path", Input).value = "(0,0) (0,1)"  # a first try, then the review
        await click(pilot, "#submit")
        assert app.screen.query("MazeGrid").first().route == [(0, 0), (0, 1)]
        app.screen.query_one("#path", Input).value = " ".join(f"({r},{c})" for r, c in path)
        await click(pilot, "#submit")
        await until(pilot, lambda: app.screen.id == "game-over", "the verdict")
        assert "reaches the goal" in str(app.screen.query_one("#body").render())
        await click(pilot, "#continue")
        await until(pilot, lambda: app.screen.id == "done", "the end (no questions about a partner)")
    db = open_db(db_path)
    game = list(db.query("select * from games where kind = 'solo-split'"))[0]
    turns = list(db.query("select text from turns where game_id = ? order by idx", [game["id"]]))
    assert turns[0]["text"] == "ANSWER: [(0,0) (0,1)]" and len(turns) == 2
    grade = list(db.query("select success, judge from grades where game_id = ?", [game["id"]]))[0]
    assert grade == {"success": 1, "judge": "solo-answer"}


async def test_alone_in_the_waiting_room_the_fallback_partner_takes_the_seat(db_path, tmp_path):
    from mazeplay.tui.screens.study import WaitingScreen

    spec = parse_study({"name": "room", "practice": False, "games_per_participant": 1,
                        "waiting_room": {"timeout": 1.0, "fallback": "bot:terse"},
                        "conditions": [{"name": "person", "partner": "human", "seat": "a", "indices": [0]}]},
                       str(tmp_path / "room.toml"))
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot)
        assert "another person" in str(app.screen.query_one("#body").render())
        await click(pilot, "#continue")
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen), "the waiting room")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the fallback game")
        await play_to_end(pilot)
    db = open_db(db_path)
    game = list(db.query("select kind, condition, seat_b from games"))[0]
    assert game["kind"] == "fallback" and game["condition"] == "person" and '"bot:terse"' in game["seat_b"]
    assert [row["status"] for row in db.query("select status from waiting")] == ["timed_out"]


async def test_the_message_time_limit_sends_what_was_typed_or_a_pass(db_path, tmp_path):
    spec = parse_study({"name": "timed", "practice": False, "games_per_participant": 1, "message_time_limit": 1,
                        "conditions": [{"name": "bot", "partner": "bot", "seat": "a", "indices": [0], "max_turns": 4}]},
                       str(tmp_path / "timed.toml"))
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot)
        await click(pilot, "#continue")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.your_turn, "our turn")
        assert "s left" in str(app.screen.query_one("#status").render())
        app.screen.query_one("#message").value = "half a thought"
        await until(pilot, lambda: not isinstance(app.screen, PlayScreen) or len(app.screen.session.turns) >= 3
                    or not app.screen.your_turn, "the time to run out", tries=200)
        await until(pilot, lambda: app.screen.id == "game-over", "the end of the game (4 turns)", tries=600)
    texts = [row["text"] for row in open_db(db_path).query("select text from turns where seat = 'a' order by idx")]
    assert texts == ["half a thought", "(no message: time ran out)"]


async def test_a_page_closed_mid_game_resumes_that_game(db_path, tmp_path):
    spec = parse_study({"name": "mid", "practice": False, "games_per_participant": 1,
                        "conditions": [{"name": "bot", "partner": "bot", "seat": "a", "indices": [0]}]},
                       str(tmp_path / "mid.toml"))
    for visit in range(2):
        app = StudyApp(spec, db=db_path)
        async with app.run_test(size=SIZE) as pilot:
            await enter(pilot, "returning-7")
            await click(pilot, "#continue")
            await until(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.your_turn, "our turn")
            if visit == 0:
                app.screen.query_one("#message").value = "Hello, I use (row, col) from 0."
                await pilot.press("enter")
                await until(pilot, lambda: app.screen.your_turn, "the bot's answer")
            else:
                assert len(app.screen.session.turns) == 2  # the same game, where it stopped
                await play_to_end(pilot)
    db = open_db(db_path)
    assert db["games"].count == 1
    assert [row["text"] for row in db.query("select text from turns order by idx")][0] == "Hello, I use (row, col) from 0."


async def test_an_id_taken_in_another_study_is_refused_and_another_can_be_typed(db_path, spec, tmp_path):
    from mazeplay.study.flow import StudyFlow

    other = parse_study({**small_study(), "name": "other"}, str(tmp_path / "other.toml"))
    StudyFlow(other, GameStore(open_db(db_path))).enrol("taken-1")
    app = StudyApp(spec, db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await click(pilot, "#agree")
        await until(pilot, lambda: isinstance(app.screen, IdentityScreen), "the ID page")
        app.screen.query_one("#typed", Input).value = "taken-1"
        await click(pilot, "#typed-ok")
        assert isinstance(app.screen, IdentityScreen) and app.participant_id is None
        app.screen.query_one("#typed", Input).value = "fresh-1"
        await click(pilot, "#typed-ok")
        await until(pilot, lambda: app.screen.id == "intro", "the intro")
    assert app.participant_id == "fresh-1"
