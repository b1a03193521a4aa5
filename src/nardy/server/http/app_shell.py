"""The site as an installable app: the files a browser asks for at the site's root.

``/`` (the client's page), ``/favicon.ico`` (also for the rules pages) and ``/sw.js``, the
service worker, which must be served from the root for its scope to be the whole site (a
worker under ``/static`` could only see ``/static``). The worker's text gets the client's
version and the list of files to keep offline put in front of it; the version is the
package's, with a digest of the client's files so that a change to any of them replaces
the cache.
"""

from __future__ import annotations

import hashlib
import json
from importlib import metadata
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

OFFLINE = ("css", "i18n", "icons", "js")
"""The folders of ``static`` that the service worker keeps, with ``index.html``."""


def client_files(static: Path) -> list[Path]:
    """The client's files the service worker keeps (the worker's own source aside)."""
    files = [path for name in OFFLINE for path in sorted((static / name).rglob("*"))]
    return [path for path in files if path.is_file() and path.name != "sw.js"]


def client_version(static: Path, files: list[Path]) -> str:
    """The package's version and a digest of the client's files: ``0.1.0-3f2a9c1e``."""
    try:
        version = metadata.version("nardy")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree
        version = "0"
    digest = hashlib.sha256()
    for path in [static / "index.html", *files]:
        digest.update(path.relative_to(static).as_posix().encode())
        digest.update(path.read_bytes())
    return f"{version}-{digest.hexdigest()[:8]}"


def shell_routes(static: Path) -> APIRouter:
    """``/``, ``/favicon.ico`` and ``/sw.js`` for the client in ``static``."""
    router = APIRouter(include_in_schema=False)
    files = client_files(static)
    urls = ["/", "/static/manifest.webmanifest"]
    urls += ["/static/" + path.relative_to(static).as_posix() for path in files]
    head = f"const VERSION = {json.dumps(client_version(static, files))};\n"
    head += f"const FILES = {json.dumps(urls)};\n"
    worker = head + (static / "js" / "sw.js").read_text(encoding="utf-8")

    @router.get("/")
    def index() -> FileResponse:
        return FileResponse(static / "index.html")

    @router.get("/favicon.ico")
    def favicon() -> FileResponse:
        return FileResponse(static / "icons" / "favicon.ico", media_type="image/x-icon")

    @router.get("/sw.js")
    def service_worker() -> Response:
        # always asked again: a new version of the site must reach the browser
        headers = {"Cache-Control": "no-cache"}
        return Response(worker, media_type="text/javascript", headers=headers)

    return router
