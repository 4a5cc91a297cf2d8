"""Declares the optional C core of the solver; the metadata lives in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "skatgame.ai._csolver",
            ["skatgame/ai/_solver.c"],
            optional=True,
        )
    ]
)
