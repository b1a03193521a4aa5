"""HTTP refusals carry their code beside FastAPI's ``detail`` (docs/PROTOCOL.md,
"Refusals"): the English words stay exactly as they were, for the tools that read them, and
the page can say why in its reader's language."""

from __future__ import annotations

import httpx
from client import Client, run
from servers import LiveServer


def test_http_refusals_keep_their_detail_and_carry_a_code(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=60) as http:
        ala = {"name": "Ala", "password": "right one!"}
        assert http.post("/api/register", json=ala).is_success
        wrong = http.post("/api/login", json={"name": "Ala", "password": "wrong one!"})
        assert (wrong.status_code, wrong.json()) == (
            400,
            {"detail": "wrong name or password", "code": "wrong_password"},
        )
        taken = http.post("/api/register", json=ala)
        assert (taken.status_code, taken.json()) == (
            400,
            {
                "detail": "the name 'Ala' cannot be registered; choose another",
                "code": "name_unavailable",
                "params": {"name": "Ala"},
            },
        )
        kept = http.post("/api/guest", json={"name": "Computer (expert)"})
        assert kept.status_code == 400 and kept.json()["code"] == "name_kept"
    with httpx.Client(base_url=live.url, trust_env=False, timeout=60) as stranger:
        anonymous = stranger.post("/api/tables", json={"variant": "backgammon", "settings": {}})
        assert (anonymous.status_code, anonymous.json()) == (
            401,
            {"detail": "sign in first: play as a guest or log in", "code": "sign_in"},
        )


def test_lobby_refusals_over_http_carry_their_code(live: LiveServer) -> None:
    async def scenario() -> None:
        ala, ben = await Client(live.url, "Ala").guest(), await Client(live.url, "Ben").guest()
        missing = await ben.http.post("/api/tables/nosuchtable/join", json={})
        assert (missing.status_code, missing.json()) == (
            400,
            {
                "detail": "there is no table nosuchtable",
                "code": "no_table",
                "params": {"table_id": "nosuchtable"},
            },
        )
        made = await ala.http.post(
            "/api/tables", json={"variant": "backgammon", "settings": {}, "opponent": "invite"}
        )
        table = made.json()["id"]
        theirs = await ben.http.post(f"/api/tables/{table}/withdraw")
        assert (theirs.status_code, theirs.json()) == (
            400,
            {
                "detail": "only the player who made this table can withdraw it",
                "code": "not_your_table",
            },
        )
        private = await ben.http.post(f"/api/tables/{table}/join", json={})
        assert private.status_code == 400 and private.json() == {
            "detail": "this table is private: you need its invitation link",
            "code": "private_table",
        }
        await ala.close()
        await ben.close()

    run(scenario())


def test_the_guards_refusals_carry_their_code(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=60) as http:
        other = "http://elsewhere.example"
        foreign = http.post("/api/guest", json={"name": "Ala"}, headers={"Origin": other})
        assert (foreign.status_code, foreign.json()) == (
            403,
            {
                "detail": f"requests from {other} are not accepted here",
                "code": "origin_refused",
                "params": {"origin": other},
            },
        )
        limit = 1 << 18  # ServerConfig.max_body
        large = http.post("/api/guest", json={"name": "A" * limit})
        assert (large.status_code, large.json()) == (
            413,
            {
                "detail": f"the request body is too large (the limit is {limit} bytes)",
                "code": "too_large",
                "params": {"limit": limit},
            },
        )
