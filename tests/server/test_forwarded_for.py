"""``X-Forwarded-For`` is believed only from the proxies ``nardy serve
--forwarded-allow-ips`` names (docs/DEPLOY.md, reverse proxy): by default a client cannot
claim other addresses to escape the per-address limits, even from a local peer."""

from __future__ import annotations

from pathlib import Path

import httpx
from servers import free_socket, start_serve

from nardy.server.site.throttle import Limits

ALLOWED = int(Limits().sign_ins_per_address.split("/")[0])


def guests_with_claimed_addresses(tmp_path: Path, *extra: str) -> list[int]:
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    database = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"
    process = start_serve(database, port, tmp_path / "serve.log", *extra)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", trust_env=False) as http:
            return [
                http.post(
                    "/api/guest",
                    json={"name": f"g{k}"},
                    headers={"X-Forwarded-For": f"203.0.113.{k}"},
                ).status_code
                for k in range(ALLOWED + 2)
            ]
    finally:
        process.terminate()
        process.wait(20)


def test_forwarded_addresses_are_not_believed_by_default(tmp_path: Path) -> None:
    codes = guests_with_claimed_addresses(tmp_path)
    assert codes[:ALLOWED] == [200] * ALLOWED and codes[ALLOWED:] == [429, 429]


def test_a_named_proxy_is_believed(tmp_path: Path) -> None:
    codes = guests_with_claimed_addresses(tmp_path, "--forwarded-allow-ips", "127.0.0.1")
    assert codes == [200] * (ALLOWED + 2)
