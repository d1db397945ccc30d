"""The page in a real browser (Debian's Chromium): played with clicks, drags and keys."""

from __future__ import annotations

import json
import random

from playwright.sync_api import Locator, Page, expect

from conftest import Server, idle, open_code, wait_moves
from patience_rules import Game, golf, solver


def top_card(page: Page, pile: str) -> Locator:
    """The top card of *pile* on the page's table."""
    return page.locator(f'#table use.card[data-pile="{pile}"]').last


def game_of(page: Page, server: Server) -> Game:
    """The game the page shows, as the server keeps it."""
    return server.store.get(page.evaluate("patience.current().id")).load()


def test_a_winnable_golf_deal_is_won_by_clicking(page: Page, server: Server) -> None:
    """A deal the solver proves winnable, clicked card by card, is won; code and record follow."""
    code, line = solver.winnable_deal("golf", "easy", random.Random(11))
    open_code(page, str(code))
    expect(page.locator("#final-code")).to_be_hidden()
    for move in line:
        pile = "s" if isinstance(move, golf.Draw) else str(move.column)
        top_card(page, pile).click()
        idle(page)
    expect(page.locator("#score")).to_contain_text("You won!")
    expect(page.locator("#announcer")).to_contain_text("You won!")
    expect(page.locator("#final-code")).to_have_text(str(code))
    with page.expect_download() as download:
        page.click("#download")
    record = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert (record["code"], len(record["moves"])) == (str(code), len(line))  # taps name cards
    assert Game.from_record(record).status == "won"
    assert game_of(page, server).status == "won"


def test_forty_thieves_drag_and_drop_with_placement_assist(page: Page, server: Server) -> None:
    """While a card is dragged its legal destinations are highlighted; the drop plays the move."""
    open_code(page, "FT1-N-AAAAAAC")
    card = top_card(page, "5").bounding_box()
    target = page.locator('#table rect.slot[data-pile="f6"]').bounding_box()
    page.mouse.move(card["x"] + 20, card["y"] + 20)
    page.mouse.down()
    page.mouse.move(card["x"] + 60, card["y"] - 40, steps=4)
    highlighted = page.locator("#table rect.target").evaluate_all(
        "marks => marks.map(mark => mark.dataset.target)"
    )
    assert sorted(highlighted) == ["2", "f2", "f6"]
    page.mouse.move(target["x"] + 20, target["y"] + 30, steps=4)
    page.mouse.up()
    wait_moves(page, 1)
    assert game_of(page, server).record == ("5-f6",)
    expect(page.locator("#table rect.target")).to_have_count(0)
    expect(page.locator("#announcer")).to_contain_text(
        "Ace of hearts from column 5 onto foundation 6"
    )


def test_forty_thieves_double_click_sends_a_card_to_its_best_place(
    page: Page, server: Server
) -> None:
    """A double-click plays the best place (column 3's 7♥ onto column 1), and not a tap too."""
    open_code(page, "FT1-N-AAAAAAC")
    top_card(page, "3").dblclick()
    wait_moves(page, 1)
    page.wait_for_timeout(400)  # a stray tap would be sent 250 ms after a click
    idle(page)
    assert game_of(page, server).record == ("3-1",)
    expect(page.locator("#message")).not_to_have_class("refusal")


def test_a_refused_move_shows_its_message(page: Page) -> None:
    """Clicking a card that does not fit shows the rules' refusal, and announces it."""
    open_code(page, "GO1-E-AAAAAAB")
    top_card(page, "1").click()
    idle(page)
    expect(page.locator("#message")).to_have_text("The rank must be one higher or one lower")
    expect(page.locator("#message")).to_have_class("refusal")
    expect(page.locator("#announcer")).to_have_text("The rank must be one higher or one lower")
    expect(page.locator("#score")).to_have_text("Score 0 · moves 0")


def test_undo(page: Page) -> None:
    """Undo puts the last card back; the move counter stays, the button greys out again."""
    open_code(page, "GO1-E-AAAAAAB")
    expect(page.locator("#undo")).to_be_disabled()
    top_card(page, "7").click()
    idle(page)
    expect(page.locator("#score")).to_have_text("Score 10 · moves 1")
    page.click("#undo")
    idle(page)
    expect(page.locator("#score")).to_have_text("Score 0 · moves 1")
    expect(top_card(page, "7")).to_have_attribute("data-card", "8S")
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#announcer")).to_have_text("Undone.")


def test_the_hint_is_shown_as_a_highlight(page: Page) -> None:
    """The hint lights up the move's source and target on the table."""
    open_code(page, "GO1-E-AAAAAAB")
    page.click("#hint")
    idle(page)
    marks = page.locator("#table rect.hint").evaluate_all(
        "marks => marks.map(m => m.dataset.target)"
    )
    assert sorted(marks) == ["7", "w"]
    expect(page.locator("#message")).to_have_text("Hint: 7")


def test_a_new_winnable_game_and_resigning(page: Page, server: Server) -> None:
    """The form deals a winnable game of the chosen game and variant; resigning shows its code."""
    page.select_option("#game", "scorpion")
    page.select_option("#variant", "flexible")
    page.check("#winnable")
    page.click("#deal")
    idle(page)
    game = game_of(page, server)
    assert (game.state.game, game.state.variant.value, game.moves) == ("scorpion", "flexible", 0)
    assert solver.solve(game).outcome is solver.Outcome.WIN
    expect(page.locator("#over")).to_be_hidden()
    page.click("#resign")
    idle(page)
    expect(page.locator("#final-code")).to_have_text(str(game.code))
    expect(page.locator("#score")).to_contain_text("Resigned.")


def test_hindi(page: Page) -> None:
    """In Hindi the buttons, the cards' names, the refusals and the announcements are Hindi."""
    open_code(page, "GO1-E-AAAAAAB")
    page.select_option("#lang", "hi")
    idle(page)
    expect(page.locator("#undo")).to_have_text("वापस लें")
    expect(page.locator("html")).to_have_attribute("lang", "hi")
    expect(page.get_by_role("button", name="हुकुम का 8, स्तंभ 7")).to_have_count(1)
    top_card(page, "1").click()
    idle(page)
    expect(page.locator("#message")).to_have_text("दर्जा एक अधिक या एक कम होना चाहिए")
    top_card(page, "7").click()
    idle(page)
    expect(page.locator("#announcer")).to_contain_text("हुकुम का 8: स्तंभ 7 से खुला ढेर पर।")
    expect(page.locator("#score")).to_have_text("अंक 10 · चाल 1")


def test_every_card_and_pile_is_reachable_by_tab_with_a_name(page: Page) -> None:
    """Tab reaches every face-up card and every pile, each with an accessible name."""
    open_code(page, "SC1-C-AAAAAAB")
    wanted = page.locator("#table [tabindex='0']").evaluate_all(
        "items => items.map(item => item.getAttribute('aria-label'))"
    )
    assert len(wanted) == 37 + 7 + 1 + 4  # face-up cards, columns, reserve, removed runs
    assert "6 of clubs, column 1" in wanted
    assert "column 1, 3 face down, 4 face up" in wanted
    page.locator("#table svg").evaluate("svg => svg.querySelector('[tabindex]').focus()")
    reached = []
    for _ in range(len(wanted)):
        reached.append(page.evaluate("document.activeElement.getAttribute('aria-label')"))
        page.keyboard.press("Tab")
    assert reached == wanted
    expect(page.get_by_role("img", name="face-down card, column 1")).to_have_count(3)


def test_keyboard_play(page: Page, server: Server) -> None:
    """Enter and Space play cards (Space picks up, then puts down); effects are announced."""
    open_code(page, "SC1-C-AAAAAAB")
    page.get_by_role("button", name="6 of clubs, column 1").focus()
    page.keyboard.press("Space")
    expect(page.locator("#announcer")).to_have_text("6 of clubs, column 1 picked up: column 5")
    page.get_by_role("button", name="column 5, 7 cards").focus()
    page.keyboard.press("Space")
    idle(page)
    expect(page.locator("#announcer")).to_have_text(
        "6 of clubs, 4 of hearts, 2 of diamonds, 3 of spades from column 1 onto column 5. "
        "+5 points, score 5. Queen of spades turned up on column 1. +5 points, score 10."
    )
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "column 5, 11 cards"  # the focus stays where it was
    page.get_by_role("button", name="reserve, 3 cards").focus()
    page.keyboard.press("Enter")
    idle(page)
    assert game_of(page, server).record == ("6C-5", "r")
    expect(page.locator("#announcer")).to_contain_text("Reserve dealt:")
    page.get_by_role("button", name="Undo").focus()
    page.keyboard.press("Enter")
    idle(page)
    assert game_of(page, server).record == ("6C-5", "r", "u")
