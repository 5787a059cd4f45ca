"""The Textual terminal game: play either seat, watch two AIs, replay saved games.

It renders state handed to it and posts messages; the rules live in `mazeplay.game`.
"""
