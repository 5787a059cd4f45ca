"""The screens a study participant sees around the games: consent, their ID, a short intro to each
game, the questions after it, the waiting room, and the completion code. Each is dismissed with its
answer; the study app decides what comes next. Every action is a button (browsers keep many keys).
No Header: these screens are switched quickly, and the page title is in the body."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.message import Message
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, RadioButton, RadioSet, Static

from mazeplay.study.spec import Question
from mazeplay.tui.widgets.maze_grid import MazeGrid


class StepDone(Message):
    """A study screen is finished with; the study app decides what comes next."""

    def __init__(self, screen: Screen, result: object) -> None:
        super().__init__()
        self.screen, self.result = screen, result


class StudyScreen(Screen):
    done = False

    def focus_first(self, selector: str) -> None:
        """Give the keys to the main control (a browser user starts with the keyboard), if it is there:
        a screen switched away while the app closes may have no children left."""
        found = self.query(selector)
        if found:
            found.first().focus()

    def finish(self, result: object = None) -> None:
        """Report once: a double click must not skip a step."""
        if not self.done:
            self.done = True
            self.post_message(StepDone(self, result))


class ConsentScreen(StudyScreen):
    """The consent text; declining stores nothing at all."""

    def __init__(self, study: str, text: str) -> None:
        super().__init__()
        self.study, self.text = study, text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="study-page"):
            yield Static(f"Study: {self.study}", classes="title")
            yield Static(Text(self.text), id="consent-text")
            with Horizontal(classes="study-actions"):
                yield Button("I agree to take part", variant="primary", id="agree")
                yield Button("I do not agree", variant="error", id="decline")
        yield Footer()

    def on_mount(self) -> None:
        self.focus_first("#agree")

    @on(Button.Pressed)
    def answer(self, event: Button.Pressed) -> None:
        self.finish(event.button.id == "agree")


class IdentityScreen(StudyScreen):
    """A pseudonymous ID: a new one, or one typed (from a recruitment platform, or to come back)."""

    def __init__(self, check) -> None:
        super().__init__()
        self.check = check  # text → ID, ValueError when it cannot be one

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="study-page"):
            yield Static("Your participant ID", classes="title")
            yield Static("We know you only by this ID. Keep it: it lets you continue later, or withdraw your data. "
                         "Do not type your name or e-mail.")
            yield Button("Give me a new ID", variant="primary", id="new")
            yield Static("…or type the ID you were given (from the recruitment site, or from an earlier visit):")
            yield Input(placeholder="your ID", id="typed")
            yield Button("Continue with this ID", id="typed-ok")
        yield Footer()

    def on_mount(self) -> None:
        self.focus_first("#new")

    @on(Button.Pressed, "#new")
    def new_id(self) -> None:
        self.finish("")

    @on(Button.Pressed, "#typed-ok")
    @on(Input.Submitted, "#typed")
    def typed(self) -> None:
        try:
            self.finish(self.check(self.query_one("#typed", Input).value))
        except ValueError as error:
            self.notify(str(error), severity="error")


class MessageScreen(StudyScreen):
    """A page of text with one button: the intro to a game, the end of a game, a goodbye."""

    def __init__(self, title: str, body: str, button: str = "Continue", screen_id: str | None = None) -> None:
        super().__init__(id=screen_id)
        self.title_text, self.body, self.button = title, body, button

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="study-page"):
            yield Static(self.title_text, classes="title")
            yield Static(Text(self.body), id="body")
            if self.button:
                yield Button(self.button, variant="primary", id="continue")
        yield Footer()

    def on_mount(self) -> None:
        self.focus_first("#continue")

    @on(Button.Pressed, "#continue")
    def go_on(self) -> None:
        self.finish(None)


class QuestionsScreen(StudyScreen):
    """The questions after a game: Likert scales as radio rows, free text as inputs."""

    def __init__(self, heading: str, questions: tuple[Question, ...]) -> None:
        super().__init__()
        self.heading, self.questions = heading, questions

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="study-page"):
            yield Static(self.heading, classes="title")
            for question in self.questions:
                with Vertical(classes="question"):
                    yield Label(question.text + ("" if question.required else " (optional)"))
                    if question.kind == "likert":
                        low, high = question.labels
                        if low or high:
                            yield Static(f"1 = {low} … {question.scale} = {high}", classes="legend")
                        with RadioSet(id=f"q-{question.id}", classes="likert"):
                            for value in range(1, question.scale + 1):
                                yield RadioButton(str(value))
                    else:
                        yield Input(id=f"q-{question.id}", placeholder="type here")
            yield Button("Submit", variant="primary", id="submit")
        yield Footer()

    def on_mount(self) -> None:
        self.focus_first("RadioSet, Input")

    def answers(self) -> dict[str, str | int | None]:
        """The answers given; ValueError names the first required question left open."""
        out: dict[str, str | int | None] = {}
        for question in self.questions:
            if question.kind == "likert":
                index = self.query_one(f"#q-{question.id}", RadioSet).pressed_index
                value = None if index < 0 else index + 1
            else:
                value = self.query_one(f"#q-{question.id}", Input).value.strip() or None
            if value is None and question.required:
                raise ValueError(f"please answer: {question.text}")
            out[question.id] = value
        return out

    @on(Button.Pressed, "#submit")
    def submit(self) -> None:
        try:
            self.finish(self.answers())
        except ValueError as error:
            self.notify(str(error), severity="error")


class WaitingScreen(StudyScreen):
    """Waiting for another person; the study app polls the room and replaces this screen."""

    def __init__(self, timeout: float, fallback: str) -> None:
        super().__init__()
        self.timeout, self.fallback = timeout, fallback

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="study-page"):
            yield Static("Waiting for another participant…", classes="title")
            yield Static(f"Your next game is with another person. If nobody arrives within {self.timeout:.0f} s, "
                         f"you will play with a computer partner instead.", id="waiting-text")
            yield Static("", id="waited")
        yield Footer()

    def waited(self, seconds: float) -> None:
        if self.is_mounted:
            self.query_one("#waited", Static).update(f"Waited {seconds:.0f} s")


class SoloScreen(StudyScreen):
    """A person alone, as in the paper's solo conditions: the whole maze (solo-full) or both partial
    maps (solo-split); they type the path, see it drawn, and may revise it once before confirming.
    Finishes with [(answer text, seconds taken), (reviewed answer text, seconds taken)]."""

    def __init__(self, heading: str, maps: list[tuple[str, list[str]]]) -> None:
        super().__init__()
        self.heading, self.maps = heading, maps
        self.answers: list[tuple[str, float]] = []
        self.started = 0.0

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="study-page"):
            yield Static(self.heading, classes="title")
            yield Static("Find a path from @ to * on your own. Walls are ██; hidden cells (?) in one map are shown in the "
                         "other. Type the cells of your path as (row, column), counting from 0 at the top-left, e.g. "
                         "(0,0) (1,0) (1,1) …", id="solo-help")
            with Horizontal(id="solo-maps"):
                for title, rows in self.maps:
                    with Vertical(classes="maze-card"):
                        yield Static(title, classes="title")
                        yield MazeGrid(rows, labels="both")
            yield Input(placeholder="(0,0) (1,0) …", id="path")
            yield Static("", id="review")
            yield Button("Submit path", variant="primary", id="submit")
        yield Footer()

    def on_mount(self) -> None:
        import time

        self.started = time.monotonic()
        self.focus_first("#path")

    @on(Button.Pressed, "#submit")
    @on(Input.Submitted, "#path")
    def submit(self) -> None:
        import time

        from mazeplay.game.solo import answer_labels

        text = self.query_one("#path", Input).value.strip()
        answer = f"ANSWER: [{text}]"
        cells = answer_labels(answer)
        if not cells:
            self.notify("Type at least one cell, as (row, column).", severity="error")
            return
        self.answers.append((answer, time.monotonic() - self.started))
        self.started = time.monotonic()
        if len(self.answers) == 2:
            self.finish(self.answers)
            return
        route = [tuple(int(x) for x in cell.strip("() ").split(",")) for cell in cells]
        for grid in self.query(MazeGrid):
            grid.route = route
        self.query_one("#review", Static).update(
            "Review your path (drawn on the map). Change it if you want, then press Confirm path.")
        self.query_one("#submit", Button).label = "Confirm path"
