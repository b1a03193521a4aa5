"""The session cookie: HttpOnly and SameSite always, Secure when the server is behind TLS."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from nardy.server.app import ServerConfig, create_app
from nardy.server.store.database import Store


def cookie_of(config: ServerConfig, tmp_path: Path) -> str:
    app = create_app(Store(f"sqlite:///{tmp_path / 'nardy.sqlite3'}"), config)
    with TestClient(app) as client:
        reply = client.post("/api/guest", json={"name": "Ala"})
        assert reply.status_code == 200
        return reply.headers["set-cookie"].lower()


def test_session_cookie_is_httponly_and_samesite(tmp_path: Path) -> None:
    cookie = cookie_of(ServerConfig(), tmp_path)
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert "secure" not in cookie


def test_session_cookie_is_secure_behind_tls(tmp_path: Path) -> None:
    assert "secure" in cookie_of(ServerConfig(secure_cookies=True), tmp_path)
