"""Batch runs that reproduce the paper's experiments: planning, running, reporting."""
