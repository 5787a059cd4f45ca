"""One game between two seats: the dialogue protocol, its prompts and the turn loop."""
