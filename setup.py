"""Builds the optional C kernels; all other metadata is in pyproject.toml.

``nardy._movegen`` generates legal plays and ``nardy._evaluation`` computes the bot's network
inputs. Without a working C compiler their build is skipped (``optional=True``) and nardy runs
the pure-Python (numpy) code that computes the same results.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "nardy._movegen",
            sources=["src/nardy/_movegen.c"],
            optional=True,
        ),
        Extension(
            "nardy._evaluation",
            sources=["src/nardy/_evaluation.c"],
            optional=True,
        ),
    ]
)
