"""Messages hold several lines: a pasted map is kept whole and sent as one message, ctrl+j adds a
line, F8 or the palette puts your own map in the box in the game's rendering, and the transcript
always shows the newest message."""

import pytest
from textual import events

from mazeplay.engine.render import render_view
from mazeplay.store import GameStore, open_db
from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.setup import GameChoice
from mazeplay.tui.widgets.transcript import Transcript

MAP = "my map:\n@..#??\n.????.\n..#...\n#.?...\n....?.\n?...*."


async def until(pilot, test, what, tries=200):
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"{what} never happened")


def saved_turns(db_path):
    return GameStore(open_db(db_path)).load_game(1).turns


async def our_turn(pilot):
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.your_turn, "our turn")
    return app.screen


async def test_a_pasted_map_is_kept_whole_and_sent_as_one_message(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        play = await our_turn(pilot)
        box = play.query_one("#message")
        app.post_message(events.Paste(MAP))  # as the terminal driver does: to the focused widget
        await pilot.pause(0.1)
        assert box.value == MAP
        await pilot.press("enter")
        await until(pilot, lambda: len(saved_turns(db_path)) >= 1, "the message saved")
        assert box.value == ""
    assert saved_turns(db_path)[0].text == MAP


async def test_ctrl_j_adds_a_line_and_enter_sends(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        play = await our_turn(pilot)
        await pilot.press(*"hi", "ctrl+j", *"there")
        assert play.query_one("#message").value == "hi\nthere"
        await pilot.press("enter")
        await until(pilot, lambda: len(saved_turns(db_path)) >= 1, "the message saved")
    assert saved_turns(db_path)[0].text == "hi\nthere"


@pytest.mark.parametrize("render", ["plain", "labelled", "prose"])
async def test_f8_puts_your_own_map_in_the_box_in_the_games_rendering(db_path, render):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3, render=render))
    async with app.run_test(size=(100, 36)) as pilot:
        play = await our_turn(pilot)
        await pilot.press(*"Hello", "f8")
        own = render_view(play.session.setup.views["a"], render)
        assert play.query_one("#message").value == "Hello\nMy map:\n" + own
        await pilot.press("enter")
        await until(pilot, lambda: len(saved_turns(db_path)) >= 1, "the message saved")
    assert saved_turns(db_path)[0].text == "Hello\nMy map:\n" + own


async def test_the_palette_inserts_your_map_and_the_bot_reads_it(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=(100, 36)) as pilot:
        play = await our_turn(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        await pilot.press(*"Insert my map")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is play, "the palette to close")
        rows = play.session.setup.views["a"].rows()
        assert play.query_one("#message").value == "My map:\n" + "\n".join(rows)
        assert play.focused is play.query_one("#message")
        await pilot.press("enter")
        await until(pilot, lambda: len(saved_turns(db_path)) >= 2, "the bot's answer")
    assert saved_turns(db_path)[0].text.splitlines()[1:] == rows


async def test_the_transcript_shows_the_newest_message_after_a_long_one(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        play = await our_turn(pilot)
        transcript = play.query_one(Transcript)

        async def shows_the_end() -> bool:
            for _ in range(5):
                await pilot.pause(0.05)
            return transcript.max_scroll_y > 0 and transcript.scroll_y == transcript.max_scroll_y

        # a long message wrapped over many lines: its height is known only once it is laid out
        transcript.add_message("Partner", " ".join(f"word{i}" for i in range(120)), turn=1)
        assert await shows_the_end()
        transcript.add_message("You", " ".join(f"more{i}" for i in range(120)), own=True, turn=2)
        transcript.add_notice("Move executed: down")
        assert await shows_the_end()
        transcript.scroll_home(animate=False)  # reading back; the next message brings the view down again
        await pilot.pause(0.05)
        transcript.add_message("Partner", " ".join(f"last{i}" for i in range(120)), turn=3)
        assert await shows_the_end()


async def test_f9_and_the_palette_mark_the_partners_map_on_the_notepad(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3, seat="b"))  # the bot speaks first
    async with app.run_test(size=(100, 36)) as pilot:
        play = await our_turn(pilot)
        grid = play.query_one("#own")
        ours = play.session.setup.views["b"].rows()
        theirs = play.session.setup.views["a"].rows()  # the bot's first message lays out its rows
        expected = {(r, c): "wall" if theirs[r][c] == "#" else "open"
                    for r in range(6) for c in range(6) if ours[r][c] == "?" and theirs[r][c] != "?"}
        assert expected and grid.notes == {}
        await pilot.press("f9")
        assert grid.notes == expected
        cell = next(iter(expected))
        grid.notes = {cell: "unsure"}  # the person changed their mind; the palette takes the map again
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        await pilot.press(*"mark the partner")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is play, "the palette to close")
        assert grid.notes == expected
    assert GameStore(open_db(db_path)).load_notes(1) == expected


async def test_f9_without_a_map_from_the_partner_marks_nothing(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3, partner="bot:terse"))
    async with app.run_test(size=(100, 36)) as pilot:
        play = await our_turn(pilot)
        await pilot.press("f9")
        await pilot.pause(0.1)
        assert play.query_one("#own").notes == {}
        assert GameStore(open_db(db_path)).load_notes(1) == {}
