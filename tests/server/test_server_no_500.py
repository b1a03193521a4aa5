"""No input gives a 500 (docs/PROTOCOL.md, HTTP): numbers JSON can write but the server
cannot hold (whole numbers of thousands of digits, 1e400) are refused with 422 on every
route that reads a body, an impossible position is refused with 400, and every answer,
an error too, carries the security headers; the API's answers are never cached."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from servers import LiveServer

POSTS = (
    "/api/guest",
    "/api/register",
    "/api/login",
    "/api/me/name",
    "/api/tables",
    "/api/verify-dice",
    "/api/verify-record",
    "/api/analyse",
    "/api/rollout",
)
HUGE = "7" * 4400
JSON = {"Content-Type": "application/json"}


@pytest.mark.parametrize("number", [HUGE, "1e400", "-1e400"])
def test_numbers_the_server_cannot_hold_get_422(live: LiveServer, number: str) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        http.post("/api/guest", json={"name": "Setter"})
        for path in POSTS:
            body = f'{{"name": {number}, "rolls": [[{number}, 2]], "match_to": {number}}}'
            reply = http.post(path, content=body, headers=JSON)
            assert reply.status_code == 422, (path, reply.status_code, reply.text[:200])
            assert "not valid JSON" in reply.json()["detail"][0]["msg"]
            assert reply.headers["x-content-type-options"] == "nosniff"


def test_a_roll_of_infinity_in_a_record_to_verify_gets_422(live: LiveServer) -> None:
    body = '{"commitment": "00", "seed": "00", "rolls": [[1e400, 2]]}'
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        reply = http.post("/api/verify-record", content=body, headers=JSON)
    assert reply.status_code == 422 and "too large" in reply.text


def test_a_position_with_both_sides_borne_off_is_refused(live: LiveServer) -> None:
    position = {"variant": "backgammon", "board": [0] * 24, "off": [15, 15], "dice": [3, 1]}
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        reply = http.post("/api/analyse", json={"position": position})
    assert reply.status_code == 400, reply.text
    assert "both sides have borne off" in reply.json()["detail"]


def test_api_answers_are_not_cached_and_errors_carry_the_headers(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "nardy.sqlite3") as live:

        def fails() -> None:
            raise RuntimeError("a failure in a route")

        live.app.add_api_route("/api/fails", fails)
        with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
            me = http.get("/api/me")
            missing = http.get("/api/tables/nothere")
            failed = http.get("/api/fails")
    assert me.headers["cache-control"] == "no-store"
    assert missing.status_code in (400, 404) and missing.headers["cache-control"] == "no-store"
    assert failed.status_code == 500, failed.text
    for header in ("content-security-policy", "x-frame-options", "x-content-type-options"):
        assert header in failed.headers, failed.headers
    assert failed.headers["cache-control"] == "no-store"
    assert [record.getMessage() for record in live.errors]  # the failure is still logged
