"""The parts of the build pyproject.toml cannot declare.

- The optional C core of the solver: built when a C compiler is present,
  skipped (the pure-Python solver stands in) when not.
- The game's data: ``resources/`` is not a Python package, so it is copied
  into the package as ``skatgame/_resources`` for wheels (and listed for the
  sdist), where ``skatgame.resources.resource_path`` looks for it. An
  editable install (``pip install -e .``) reads ``resources/`` in the
  checkout instead.
"""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

RESOURCES = "resources"
PACKAGED_AS = ("skatgame", "_resources")


class build_py_with_resources(build_py):  # noqa: N801 -- named like the command it extends
    """``build_py`` that also ships ``resources/`` as ``skatgame/_resources``."""

    def _resource_files(self) -> list[tuple[str, str, str, list[str]]]:
        root = Path(RESOURCES)
        if not root.is_dir():
            return []
        names = sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts)
        build_dir = str(Path(self.build_lib, *PACKAGED_AS))
        return [(".".join(PACKAGED_AS), RESOURCES, build_dir, names)]

    # Both lists of data files: the first feeds the wheel, the second the sdist's manifest.
    def _get_data_files(self):  # type: ignore[no-untyped-def]
        return [*super()._get_data_files(), *self._resource_files()]

    def get_data_files_without_manifest(self):  # type: ignore[no-untyped-def]
        return [*super().get_data_files_without_manifest(), *self._resource_files()]

setup(
    cmdclass={"build_py": build_py_with_resources},
    ext_modules=[
        Extension(
            "skatgame.ai._csolver",
            ["skatgame/ai/_solver.c"],
            optional=True,
        )
    ],
)
