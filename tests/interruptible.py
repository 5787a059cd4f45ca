"""Child processes that a test stops with Ctrl-C (SIGINT)."""

import signal


def with_ctrl_c() -> None:
    """`preexec_fn` for a child a test will interrupt: Ctrl-C back to its default, so the child's Python
    turns it into KeyboardInterrupt. A shell that starts the test run in the background (`pytest &`)
    hands every child SIGINT ignored, and Python then never installs its handler."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
