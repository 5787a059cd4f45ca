"""mazeplay: the collaborative maze benchmark of "The Collaboration Gap", playable by people and models."""

__version__ = "0.1.0"
