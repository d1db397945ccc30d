"""Fixtures of the web tests: the example app in-process, a real server, a real browser.

These tests are their own command (see README.md): they need the ``web-tests``
extra, Debian's ``chromium`` at /usr/bin/chromium and, for the Pyodide test,
``npm ci`` in ``tests_web/pyodide``.  The browser is the system's; Playwright
downloads none.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples" / "web"))

import uvicorn  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import app as web_app  # noqa: E402 - the example is a folder of scripts, not a package
from store import GameStore  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def store() -> GameStore:
    """A fresh game store."""
    return GameStore()


@pytest.fixture
def client(store: GameStore) -> TestClient:
    """The API, called in-process."""
    return TestClient(web_app.create_app(store))


class Server:
    """The example app served by uvicorn on a free port of 127.0.0.1, in a thread."""

    def __init__(self) -> None:
        self.store = GameStore()
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        config = uvicorn.Config(web_app.create_app(self.store), log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def __enter__(self) -> Server:  # noqa: PYI034 - typing.Self needs Python 3.11
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """The example app on a real HTTP server."""
    with Server() as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless (one for the whole run: the machine is small)."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    """The page, opened on a new Golf game; page errors fail the test."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    opened = context.new_page()
    errors: list[Any] = []
    opened.on("pageerror", lambda error: errors.append(error))  # noqa: PLW0108 - a bound builtin is refused
    opened.goto(server.url + "/")
    opened.wait_for_selector("#table svg")
    idle(opened)
    yield opened
    context.close()
    assert not errors, errors


def idle(page: Page) -> None:
    """Wait until the page has drawn the answer to every action it sent."""
    page.evaluate("patience.idle()")


def open_code(page: Page, code: str) -> None:
    """Deal *code* through the page's code form."""
    page.fill("#code", code)
    page.click("#load-code button")
    idle(page)


def wait_moves(page: Page, moves: int) -> None:
    """Wait until the page shows a game at move *moves* (a Forty Thieves click waits a little)."""
    page.wait_for_function(f"patience.current().moves === {moves}")
    idle(page)
