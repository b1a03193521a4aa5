"""nardy: backgammon, long nardy and Dutch backgammon.

The version is the installed distribution's, read from its metadata, so that
``pyproject.toml`` holds the one number (``nardy --version`` and the HTTP API's
``/openapi.json`` say it too).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("nardy")
except PackageNotFoundError:  # pragma: no cover - a source tree that was never installed
    __version__ = "0+unknown"
