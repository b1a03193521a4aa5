"""Draw docs/board.png, the picture at the top of the README, with the real client: the
board module and its style sheet in Chromium (a backgammon middle game, the last move of
the other side marked, a checker picked with its two targets).

    python docs/board_picture.py [OUT.png]

Needs the playwright package and Debian's chromium (as the browser tests do)."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"

DRAW = """async () => {
  await (await import('/static/js/variants.js')).loadVariants();
  const { boardSVG } = await import('/static/js/board.js');
  const { netMoves } = await import('/static/js/table/moves.js');
  const board = document.createElement('div');
  board.className = 'board';
  board.id = 'picture';
  document.getElementById('view').replaceChildren(board);
  const position = {
    board: [-2, 0, 0, 0, 2, 4, 0, 3, 0, 0, 0, -4, 4, 0, -1, 0, 1, -2, -4, -2, 0, 0, 0, 1],
    bar: [0, 0], off: [0, 0], reserve: [0, 0],
  };
  board.innerHTML = boardSVG({
    variant: 'backgammon', position, colours: ['light', 'dark'], numbers: true,
    dice: { owner: 'me', values: [5, 3], used: [false, false] },
    cube: { show: true, value: 2, owner: 'them', enabled: true },
    last: netMoves([[12, 15], [12, 18]]),
    sources: new Set([13]), selected: 13, targets: new Set([8, 10]),
    label: 'backgammon board',
  });
}"""


def main(out: Path) -> None:
    import uvicorn
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "src"))
    from nardy.server.app import create_app
    from nardy.server.store.database import Store

    app = create_app(Store("sqlite://"))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 600, "height": 500}, device_scale_factor=1)
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("#view")
            page.evaluate(DRAW)
            page.locator("#picture svg").screenshot(path=str(out), omit_background=True)
            browser.close()
    finally:
        server.should_exit = True
        thread.join(10)
    print(f"wrote {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "board.png")
