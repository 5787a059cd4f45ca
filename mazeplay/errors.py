"""The base of errors a user can cause or fix. Surfaces print them as one line (exit code 2).

Invalid values raise ValueError subclasses (the engine's MazeError among them, since the engine
imports nothing of ours); failures of the environment raise `MazeplayError` subclasses.
"""


class MazeplayError(RuntimeError):
    """A failure the user can act on: a database, a model server, a provider, an interrupted game."""
