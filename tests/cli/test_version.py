"""One version number: pyproject.toml's, read through the installed metadata by the package,
``nardy --version`` and the HTTP API's description (CONTRIBUTING.md, "Versions")."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import nardy
from nardy.server.app import create_app
from nardy.server.store.database import Store

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def test_the_package_says_pyprojects_version() -> None:
    declared = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
    assert nardy.__version__ == version("nardy") == declared


def test_nardy_dash_dash_version_prints_it() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0
    assert out.stdout.strip() == f"nardy {version('nardy')}"


def test_the_http_api_says_it() -> None:
    app = create_app(Store("sqlite://"))
    assert app.version == version("nardy")
