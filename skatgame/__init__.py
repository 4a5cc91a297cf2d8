"""skatgame: Skat on the desktop, with a pure rules engine and computer players."""

__version__ = "0.1.0"
