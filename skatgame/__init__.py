"""skatgame: Skat on the desktop, with a pure rules engine and computer players."""

from typing import Any


def __getattr__(name: str) -> Any:
    # ``skatgame.__version__`` is looked up when asked for (skatgame.version), so importing
    # the package (and the engine in it) reads no metadata.
    if name == "__version__":
        from skatgame.version import version

        return version()
    raise AttributeError(f"module 'skatgame' has no attribute {name!r}")
