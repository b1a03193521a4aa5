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


def refusal(answer: httpx.Response) -> tuple[int, dict[str, object]]:
    return answer.status_code, answer.json()


def test_tournament_refusals_carry_their_code(live: LiveServer) -> None:
    async def scenario() -> None:
        ala, ben = await Client(live.url, "Ala").guest(), await Client(live.url, "Ben").guest()
        cup = {"name": "Cup", "variant": "backgammon", "format": "swiss"}
        made = await ala.http.post("/api/tournaments", json=cup)
        tournament = made.json()["id"]
        start = f"/api/tournaments/{tournament}/start"
        assert refusal(await ben.http.post(start)) == (
            403,
            {
                "detail": "only the tournament's creator may start it",
                "code": "tournament_creator_only",
            },
        )
        assert refusal(await ala.http.post(start)) == (
            400,
            {
                "detail": "a tournament needs two players or more to start",
                "code": "too_few_players",
            },
        )
        assert refusal(await ben.http.post(f"/api/tournaments/{tournament}/leave")) == (
            400,
            {"detail": "you are not in this tournament", "code": "not_in_tournament"},
        )
        blank = await ben.http.post(f"/api/tournaments/{tournament}/chat", json={"text": " "})
        assert refusal(blank) == (
            400,
            {"detail": "a chat message needs some 'text'", "code": "empty_chat"},
        )
        assert refusal(await ben.http.get("/api/tournaments/nosuch")) == (
            404,
            {
                "detail": "there is no tournament nosuch",
                "code": "no_tournament",
                "params": {"tournament_id": "nosuch"},
            },
        )
        await ala.close()
        await ben.close()

    run(scenario())


def test_a_full_or_started_tournament_and_an_unknown_level_carry_their_code(
    live: LiveServer,
) -> None:
    async def scenario() -> None:
        ala, ben = await Client(live.url, "Ala").guest(), await Client(live.url, "Ben").guest()
        cal = await Client(live.url, "Cal").guest()
        cup = {"name": "Cup", "variant": "backgammon", "format": "swiss", "max_players": 2}
        tournament = (await ala.http.post("/api/tournaments", json=cup)).json()["id"]
        levels = "beginner, casual, intermediate, advanced, expert, strongest"
        unknown = (
            400,
            {
                "detail": f"unknown level 'godlike'; levels: {levels}",
                "code": "unknown_level",
                "params": {"level": "godlike", "levels": levels},
            },
        )
        computers = {"level": "godlike", "count": 1}
        added = await ala.http.post(f"/api/tournaments/{tournament}/computers", json=computers)
        assert refusal(added) == unknown  # the same check as a table's (Lobby.check_level)
        join = f"/api/tournaments/{tournament}/join"
        assert (await ala.http.post(join)).is_success
        assert (await ben.http.post(join)).is_success
        assert refusal(await cal.http.post(join)) == (
            400,
            {
                "detail": "the tournament is full (2 players)",
                "code": "tournament_full",
                "params": {"limit": 2},
            },
        )
        assert (await ala.http.post(f"/api/tournaments/{tournament}/start")).is_success
        assert refusal(await cal.http.post(join)) == (
            400,
            {
                "detail": "entries are closed: the tournament has started",
                "code": "tournament_started",
            },
        )
        godlike = {"variant": "backgammon", "opponent": "computer", "level": "godlike"}
        assert refusal(await cal.http.post("/api/tables", json=godlike)) == unknown
        for player in (ala, ben, cal):
            await player.close()

    run(scenario())


def test_reading_and_checking_refusals_carry_their_code(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=60) as http:
        variants = "backgammon, long-nardy, dutch, nackgammon"
        assert refusal(http.get("/api/ratings/chess")) == (
            404,
            {
                "detail": f"unknown variant 'chess'; variants: {variants}",
                "code": "unknown_variant",
                "params": {"variant": "chess", "variants": variants},
            },
        )
        assert refusal(http.get("/api/players/nobody")) == (
            404,
            {
                "detail": "there is no player nobody",
                "code": "no_player",
                "params": {"player_id": "nobody"},
            },
        )
        check = {"seed": "not hex", "commitment": "00", "rolls": [[3, 1]]}
        assert refusal(http.post("/api/verify-dice", json=check)) == (
            400,
            {"detail": "the seed must be hexadecimal", "code": "bad_seed"},
        )
        odd = http.post("/api/verify-dice", json={**check, "rolls": [[3, 1, 2]]})
        assert refusal(odd) == (400, {"detail": "each roll is two dice", "code": "bad_rolls"})
        cube = {"position_id": "4HPwATDgc/ABMA", "cube": 3}
        assert refusal(http.post("/api/analyse", json=cube)) == (
            400,
            {"detail": "'cube' is a power of two from 1 to 64", "code": "bad_cube"},
        )


def test_token_refusals_carry_their_code(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=60) as http:
        assert http.post("/api/guest", json={"name": "Ala"}).is_success
        assert refusal(http.post("/api/tokens", json={})) == (
            403,
            {
                "detail": "tokens are for registered accounts: create one first",
                "code": "tokens_for_accounts",
            },
        )
    with httpx.Client(base_url=live.url, trust_env=False, timeout=60) as http:
        bot = {"name": "Robo", "password": "a bot's password", "bot": True}
        assert http.post("/api/register", json=bot).is_success
        assert refusal(http.delete("/api/tokens/nosuch")) == (
            404,
            {"detail": "you have no such token", "code": "no_token"},
        )
    wrong = {"Authorization": "Bearer not-a-token"}
    with httpx.Client(base_url=live.url, trust_env=False, timeout=60, headers=wrong) as http:
        events = http.get("/api/bot/events")
        assert refusal(events) == (
            401,
            {"type": "error", "message": "this token is wrong or was revoked", "code": "bad_token"},
        )
        assert events.headers["www-authenticate"] == "Bearer"
        table = http.post("/api/tables", json={"variant": "backgammon", "settings": {}})
        assert refusal(table) == (
            401,
            {"detail": "this token is wrong or was revoked", "code": "bad_token"},
        )
        assert table.headers["www-authenticate"] == "Bearer"
