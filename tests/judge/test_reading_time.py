"""A message reads in time that grows gently with its length. A pattern that can match the same text in
many ways (two runs of spaces side by side, "right  right  …" after "R R  D D" is spelled out) backtracks
exponentially: one such pattern took 78 s over a five-message transcript. Each text here repeats a piece
forty times, long enough that such a pattern would not finish for days, so the limit below can be generous
and the test still cannot pass by luck. The texts are read in a child process, which can be stopped."""

import json
import subprocess
import sys
import textwrap

PIECES = [
    "right  ", "R R  ", "right, ", "up then ", "down and ", "left x2  ", "(1,2), ", "(1, 2) -> ", "up up  ", "r2c3 ",
    "B3, ", "yes ", "ok  ", "the cell ", "a b ", ". ", "#.", "? ", "  ", "then right  ", "row 1 col 2 ", "1 2 ",
    "right 2  ", "is open  ", "step 1: up\n", "- up\n", "|up| ", "right  right ", "north,  ", "up x2, ", "a, ", "\n\n",
    "12", "```\nR R  D D\n```\n", "ok, ", "| 1 | 2 ", "c1 ",
]
ENDINGS = ["", "!", " zzz", "?", "\n~"]
SEEN = "## ✅ Agreed: counter, all 15\n```\nR R R R R R R  D D D D  L  D D  R\n```\nEnds on `(6,7)`."  # a writer's message that took 12 s


def test_long_repetitive_messages_read_in_bounded_time():
    texts = [SEEN] + [piece * 40 + ending for piece in PIECES for ending in ENDINGS]
    program = textwrap.dedent("""
        import json, sys
        from mazeplay.dialogue.clauses import clear_caches, read_message
        for text in json.load(sys.stdin):
            clear_caches()
            read_message(text)
        print("read", flush=True)
    """)
    done = subprocess.run([sys.executable, "-c", program], input=json.dumps(texts), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "read"
