"""Crazy Eights: the rules core, computer players, storage and the pygame user interface."""

__version__ = "0.1.0"
