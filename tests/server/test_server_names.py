"""Names that deceive are refused (docs/PROTOCOL.md, Limits and access, Names): names are
one name when their Unicode confusable skeletons (UTS #39) are equal, nobody takes a name
that looks like the computer's in any language of the site, and a name shows at least one
letter or digit."""

from __future__ import annotations

import httpx
import pytest
from servers import LiveServer

ALICE = {"name": "Alice", "password": "right one!"}


@pytest.mark.parametrize(
    ("path", "name", "reason"),
    [
        ("/api/register", "\u0410lice", "cannot be registered"),  # Cyrillic А
        ("/api/register", "ALI\u0421E", "cannot be registered"),  # Cyrillic С
        ("/api/guest", "\u0410lice", "taken by an account"),
        ("/api/guest", "\u0421omputer (expert)", "kept for the computer"),
        ("/api/guest", "Компьютер (эксперт)", "kept for the computer"),
        ("/api/guest", "K\u043emputer (ekspert)", "kept for the computer"),
        ("/api/register", "Kompiuteris", "cannot be registered"),
        ("/api/guest", "\u3164", "visible letter or digit"),
        ("/api/guest", "\u3164 \u3164", "visible letter or digit"),
        ("/api/guest", "\u2800\u2800", "visible letter or digit"),
        ("/api/register", "\u3164\u3164\u3164", "visible letter or digit"),
    ],
)
def test_deceiving_names_are_refused(live: LiveServer, path: str, name: str, reason: str) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        assert http.post("/api/register", json=ALICE).status_code == 200
        http.cookies.clear()
        reply = http.post(path, json={"name": name, "password": "another one"})
        assert reply.status_code == 400, reply.text
        assert reason in reply.json()["detail"]


def test_renaming_to_a_look_alike_is_refused(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        assert http.post("/api/register", json=ALICE).status_code == 200
        http.cookies.clear()
        assert http.post("/api/guest", json={"name": "Bob"}).status_code == 200
        for name in ("\u0410lice", "Computer (expert)", "\u3164"):
            reply = http.post("/api/me/name", json={"name": name})
            assert reply.status_code == 400, (name, reply.text)
        assert http.post("/api/me/name", json={"name": "Computerphile"}).status_code == 200
