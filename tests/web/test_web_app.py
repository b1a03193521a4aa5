"""The site as an installable app: manifest, icons and favicon, a service worker that opens
the lobby without a network, and a table that comes back with the network."""

from __future__ import annotations

from conftest import (
    create_table,
    needs_browser,
    new_page,
    run_server,
    sign_in,
    translations,
    wait_for_js,
    wait_for_lang,
)

pytestmark = needs_browser

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
LANGUAGES = ["en", "pl", "lt", "ru"]


def test_a_manifest_icons_and_a_favicon_everywhere(browser, server):
    page = new_page(browser, server)
    page.goto("/")
    manifest_url = page.get_attribute('link[rel="manifest"]', "href")
    manifest = page.request.get(manifest_url).json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    maskable = [i for i in manifest["icons"] if i["purpose"] == "maskable"]
    assert maskable and maskable[0]["sizes"] == "512x512"
    for icon in manifest["icons"]:
        assert page.request.get(icon["src"]).ok, icon
    favicon = page.request.get("/favicon.ico")
    assert favicon.ok and favicon.headers["content-type"] == "image/x-icon"
    assert favicon.body()[:4] == b"\x00\x00\x01\x00"  # an icon file
    page.goto("/rules/backgammon?lang=pl")
    assert page.get_attribute('link[rel="icon"]', "href") == "/favicon.ico"
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_lobby_opens_offline_and_says_so(browser, tmp_path):
    own = run_server(tmp_path)  # stopped halfway: the network is gone for good
    address = next(own)
    pages = []
    for lang in LANGUAGES:
        for width, height in SIZES.values():
            page = new_page(browser, address, width=width, height=height, lang=lang)
            page.goto("/")
            page.wait_for_selector("#quick-play")
            wait_for_js(page, "!!navigator.serviceWorker.controller")
            assert page.locator("#offline").is_hidden()
            pages.append((lang, page))
    next(own, None)
    for lang, page in pages:
        page.context.set_offline(True)
        page.reload()
        wait_for_lang(page, lang)
        page.wait_for_selector("#quick-play")
        banner = page.locator("#offline")
        assert banner.is_visible() and banner.inner_text() == translations(lang)["app.offline"]
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_live_table_reconnects_when_the_network_returns(browser, server):
    for width, height in SIZES.values():
        page = new_page(browser, server, width=width, height=height)
        sign_in(page, "Roamer")
        create_table(page, "backgammon")
        table_banner = page.locator(".offline")
        page.context.set_offline(True)
        table_banner.wait_for(state="visible")
        assert page.locator("#offline").is_visible()
        states = page.evaluate("window.nardyDebug.states")
        page.context.set_offline(False)
        table_banner.wait_for(state="hidden")
        wait_for_js(page, f"window.nardyDebug.states > {states}")  # resynced
        assert page.locator("#offline").is_hidden()
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()
