"""Reading a finished dialogue back: which route was agreed, and how good it was."""
