"""Golf positions against the code's deal and the move counter."""

from __future__ import annotations

from patience_rules import golf
from patience_rules.cards import Card
from patience_rules.errors import IllegalMoveError, InvalidPositionError, PatienceError


def check(state: golf.State, dealt: golf.State | None, moves: int) -> None:
    """Check *state* against *dealt* (the code's deal, if any) and its counter *moves*.

    Every action puts one card on the waste, so the waste above the dealt card
    counts the actions exactly.  With a deal, the waste must replay from it:
    the dealt waste card at the bottom, then each card either the next stock
    card or a card the rules let be played then; the columns are what is left
    of the dealt ones and the stock the end of the dealt stock.
    """
    actions = len(state.waste) - 1
    if actions > moves:
        raise InvalidPositionError(
            f"{actions} cards have reached the waste, one per action, "
            f"but the move counter is {moves}"
        )
    if dealt is not None:
        _check_deal(state, dealt)


def _check_deal(state: golf.State, dealt: golf.State) -> None:
    """Replay the waste from *dealt*: the position is then exactly one that play reaches.

    Proof.  An action puts one card on the waste: the stock's first card, or
    a column's top card that fits the waste card.  The waste, bottom first,
    is therefore the dealt card and then the cards of the actions in order;
    each is the next stock card (a card is in one place only) or else a card
    the rules let be played then, which the replay checks.  The replay's
    stock and columns are what the actions leave, and the 52 cards are all
    there once, so with the stock and columns checked against the deal they
    are the position's.  ∎
    """
    if state.waste[0] != dealt.waste[0]:
        raise InvalidPositionError(
            f"waste[0] is {state.waste[0]}, but the code deals {dealt.waste[0]} to the waste"
        )
    drawn = golf.STOCK_SIZE - len(state.stock)
    if state.stock != dealt.stock[drawn:]:
        raise InvalidPositionError(
            f"the stock is not the last {len(state.stock)} cards of the code's dealt stock"
        )
    for number, (column, dealt_column) in enumerate(
        zip(state.columns, dealt.columns, strict=True), 1
    ):
        if column != dealt_column[: len(column)]:
            raise InvalidPositionError(
                f"column {number} is not what is left of the code's dealt column "
                + " ".join(map(str, dealt_column))
            )
    _replay(state.waste, dealt)


def replayed(state: golf.State, dealt: golf.State) -> bool:
    """Whether *state* is exactly the position play reaches from *dealt* by its waste's actions.

    Then it passes every check of a position, and the deal check in particular.  Anything
    else, a position of another shape too, only answers no: the full checks decide.
    """
    try:
        position = _replay(state.waste, dealt)
    except (PatienceError, AttributeError, TypeError, ValueError, IndexError):
        return False
    return state.__class__ is golf.State and position == state


def _replay(waste: tuple[Card, ...], dealt: golf.State) -> golf.State:
    """The position after playing *waste*'s cards above the dealt one in order, from *dealt*.

    Each is the next stock card's draw or its column's play, which ``apply`` judges.
    """
    position = dealt
    move: golf.Move
    for index, card in enumerate(waste[1:], 1):
        stock = position.stock
        # The identity first: a position played from the code's deal holds the deal's very
        # cards, and Card.__eq__ is a Python call (a tenth of Game(state)'s replay).
        if stock and (stock[0] is card or stock[0] == card):
            move = _DRAW
        else:
            # The tap of an exposed card is the play of its column: found by index here, as
            # TapCard would find it by comparing the card with every column's cards; a loop,
            # not a generator, and the TapCard made only when no column's top is the card.
            for play, column in zip(_PLAYS, position.columns, strict=True):
                if column and column[-1].index == card.index:
                    move = play
                    break
            else:
                move = golf.TapCard(card)
        try:
            position = golf.apply(position, move)
        except IllegalMoveError as error:
            raise InvalidPositionError(
                f"waste[{index}]: {card} cannot have reached the waste after "
                f"{position.waste[-1]}: {error.refusal.message}"
            ) from None
    return position


_DRAW = golf.Draw()
_PLAYS = tuple(golf.PlayColumn(number) for number in range(1, golf.COLUMNS + 1))
