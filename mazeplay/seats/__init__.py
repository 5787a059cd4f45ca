"""Everyone who can sit in a seat, behind one small async interface (`mazeplay.game.loop.Seat`)."""
