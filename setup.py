"""Builds the optional C move generator; all other metadata is in pyproject.toml.

Without a working C compiler the build of ``nardy._movegen`` is skipped (``optional=True``)
and nardy runs its pure-Python generator instead.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "nardy._movegen",
            sources=["src/nardy/_movegen.c"],
            optional=True,
        )
    ]
)
