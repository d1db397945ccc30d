"""Hypothesis strategies for testing code built on patience_rules.

They need the optional ``hypothesis`` extra
(``pip install 'patience-rules[hypothesis]'``); the library itself never
imports this module.  Each function returns a Hypothesis
:class:`~hypothesis.strategies.SearchStrategy`:

- :func:`cards`, :func:`card_texts`: cards, and the texts a person types for them;
- :func:`deal_numbers`, :func:`game_codes`, :func:`code_texts`: deals and codes;
- :func:`games`, :func:`states`: positions reached from a dealt code by a random
  walk of legal actions (undo included), for every game the library plays;
- :func:`moves`: a legal action of a given position.

A bad argument is refused when the strategy is made, not when it is drawn
from: an unknown game or variant raises :class:`~patience_rules.InvalidCodeError`,
a position that is none :class:`~patience_rules.InvalidPositionError`, and a
bad walk length or flag :class:`InvalidArgumentError`.

>>> from hypothesis import given, settings
>>> from patience_rules import strategies
>>> @settings(max_examples=20)
... @given(strategies.games("golf"))
... def test_score_is_never_negative(game):
...     assert game.score >= 0
>>> test_score_is_never_negative()

A failing example prints the walk as a record (``replay code: …``) that
:func:`~patience_rules.replay` plays back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:
    from hypothesis import note
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "patience_rules.strategies needs Hypothesis: pip install 'patience-rules[hypothesis]'"
    ) from error

from patience_rules._text import quote
from patience_rules.cards import Card, one_deck
from patience_rules.codes import DEALS, GAMES, GameCode, variant_of
from patience_rules.errors import InvalidCodeError, InvalidPositionError, PatienceError
from patience_rules.game import MAX_MOVES as GAME_MAX_MOVES
from patience_rules.game import UNDO, Game, new_game, rules_of

if TYPE_CHECKING:
    import enum

    from hypothesis.strategies import SearchStrategy

    from patience_rules._rules import GameState

__all__ = [
    "InvalidArgumentError",
    "card_texts",
    "cards",
    "code_texts",
    "deal_numbers",
    "game_codes",
    "games",
    "moves",
    "playable",
    "states",
]

MAX_MOVES = 60
"""The default longest walk of :func:`games` and :func:`states`."""


class InvalidArgumentError(PatienceError, ValueError):
    """An argument of a strategy is of the wrong type or out of range; the message names it.

    >>> games("golf", max_moves=-1)
    Traceback (most recent call last):
    ...
    patience_rules.strategies.InvalidArgumentError: max_moves -1 is not a whole number ...
    """


def _check_walk(max_moves: object, undo: object) -> None:
    """Check *max_moves* to be a whole number of moves a game can hold, *undo* a bool."""
    if (
        isinstance(max_moves, bool)
        or not isinstance(max_moves, int)
        or not 0 <= max_moves <= GAME_MAX_MOVES
    ):
        raise InvalidArgumentError(
            f"max_moves {quote(max_moves)} is not a whole number from 0 to {GAME_MAX_MOVES}"
        )
    if not isinstance(undo, bool):
        raise InvalidArgumentError(f"undo {quote(undo)} is not True or False")


def cards() -> SearchStrategy[Card]:
    """Any of the 52 cards; shrinks towards the Ace of clubs.

    >>> from hypothesis import given
    >>> @given(cards())
    ... def test_round_trip(card):
    ...     assert Card.parse(str(card)) == Card.parse(card.unicode()) == card
    >>> test_round_trip()
    """
    return st.sampled_from(one_deck())


@st.composite
def _card_text(draw: st.DrawFn) -> str:
    card = draw(cards())
    rank = draw(st.sampled_from(sorted({card.rank.letter, card.rank.label})))
    suit = draw(st.sampled_from((card.suit.value, card.suit.symbol)))
    text = draw(st.sampled_from((str.upper, str.lower)))(rank + suit)
    blank = st.sampled_from(("", " ", "\t"))
    return draw(blank) + text + draw(blank)


def card_texts() -> SearchStrategy[str]:
    """The texts a person may type for a card: ``TC``, ``10c``, ``q♥``, blanks around.

    Every one is accepted by :meth:`Card.parse <patience_rules.Card.parse>`.

    >>> from hypothesis import given
    >>> @given(card_texts())
    ... def test_parse_is_forgiving(text):
    ...     assert Card.parse(text) in one_deck()
    >>> test_parse_is_forgiving()
    """
    return _card_text()


def deal_numbers() -> SearchStrategy[int]:
    """A deal number: an integer in ``range(DEALS)``, i.e. ``0 ≤ n < 2**35``."""
    return st.integers(min_value=0, max_value=DEALS - 1)


def _name(game: str) -> str:
    """*game*'s canonical name (``"Forty Thieves"`` is ``"forty_thieves"``)."""
    return GameCode(game, variant_of(game), 0).game


def _variants(game: str, variant: enum.Enum | str | None) -> tuple[enum.Enum, ...]:
    if variant is not None:
        return (variant_of(game, variant),)
    return tuple(type(variant_of(game)))


def _names(game: str | None, variant: object, among: tuple[str, ...]) -> tuple[str, ...]:
    if game is not None:
        return (_name(game),)
    if variant is not None:
        raise InvalidCodeError(f"variant {variant!r} given without a game")
    return among


def game_codes(
    game: str | None = None, variant: enum.Enum | str | None = None
) -> SearchStrategy[GameCode]:
    """A :class:`~patience_rules.GameCode` of *game* (default: any game) under *variant*.

    *variant* is a ``Variant`` member or its name (only together with *game*);
    by default any variant of the game.  Codes exist for every game in
    :data:`~patience_rules.GAMES`, whether or not this version of the library
    plays it (see :func:`playable`).

    >>> from hypothesis import given
    >>> from patience_rules import parse_code
    >>> @given(game_codes("scorpion", "flexible"))
    ... def test_round_trip(code):
    ...     assert str(code).startswith("SC1-F-") and parse_code(str(code)) == code
    >>> test_round_trip()

    Raises:
        InvalidCodeError: *game* or *variant* is unknown, or *variant* comes without *game*.
    """
    names = _names(game, variant, GAMES)
    for name in names:
        _variants(name, variant)
    return st.sampled_from(names).flatmap(
        lambda name: st.builds(
            GameCode, st.just(name), st.sampled_from(_variants(name, variant)), deal_numbers()
        )
    )


@st.composite
def _code_text(draw: st.DrawFn, codes: SearchStrategy[GameCode]) -> str:
    text = str(draw(codes))
    text = draw(st.sampled_from((str.upper, str.lower, str.title)))(text)
    blank = st.sampled_from(("", " ", "  ", "\n"))
    return draw(blank) + text + draw(blank)


def code_texts(
    game: str | None = None, variant: enum.Enum | str | None = None
) -> SearchStrategy[str]:
    """A code as a person pastes it: any letter case, blanks around it.

    >>> from hypothesis import given
    >>> from patience_rules import parse_code
    >>> @given(code_texts("golf"))
    ... def test_pasted_codes_parse(text):
    ...     assert str(parse_code(text)) == text.strip().upper()
    >>> test_pasted_codes_parse()
    """
    return _code_text(game_codes(game, variant))


def playable() -> tuple[str, ...]:
    """The games this version of the library plays, in :data:`~patience_rules.GAMES` order.

    >>> "golf" in playable()
    True
    """
    names = []
    for name in GAMES:
        try:
            rules_of(name)
        except PatienceError:
            continue
        names.append(name)
    return tuple(names)


@st.composite
def _walk(
    draw: st.DrawFn, codes: SearchStrategy[GameCode], max_moves: int, *, undo: bool
) -> Game[Any, Any]:
    code = draw(codes)
    game = new_game(code)
    for _ in range(draw(st.integers(min_value=0, max_value=max_moves))):
        options: list[object] = list(game.legal_moves())
        if undo and game.can_undo:
            options.append(UNDO)
        if not options:
            break
        choice = options[draw(st.integers(min_value=0, max_value=len(options) - 1))]
        game = game.undo() if choice == UNDO else game.play(choice)
    note(f"replay {code}: {' '.join(game.record) or '(no action)'}")
    return game


def games(
    game: str | None = None,
    variant: enum.Enum | str | None = None,
    *,
    max_moves: int = MAX_MOVES,
    undo: bool = True,
) -> SearchStrategy[Game[Any, Any]]:
    """A :class:`~patience_rules.Game` reached by a random walk of legal actions.

    The walk deals a code of *game* (default: any :func:`playable` game) under
    *variant* (default: any), then takes up to *max_moves* actions, each drawn
    from the position's legal moves and, if *undo* is true and there is
    something to undo, an undo.  It stops early where nothing is legal, so
    won and (in Golf) stuck games occur too.  It uses only the game's
    ``legal_moves`` and :meth:`~patience_rules.Game.play`, so it works for any
    game the library registers.  Shrinking shortens the walk and prefers the
    first legal moves.

    >>> from hypothesis import given, settings
    >>> from patience_rules import Game
    >>> @settings(max_examples=20)
    ... @given(games("golf", max_moves=20))
    ... def test_saved_games_load(game):
    ...     assert Game.from_dict(game.to_dict()) == game
    >>> test_saved_games_load()

    Raises:
        InvalidCodeError: *game* or *variant* is unknown, or *variant* comes without *game*.
        PatienceError: *game* is not :func:`playable`.
        InvalidArgumentError: *max_moves* is not a whole number from 0 to
            :data:`patience_rules.MAX_MOVES`, or *undo* is not a bool.
    """
    _check_walk(max_moves, undo)
    names = _names(game, variant, playable())
    for name in names:
        rules_of(name)
        _variants(name, variant)
    return st.sampled_from(names).flatmap(
        lambda name: _walk(game_codes(name, variant), max_moves, undo=undo)
    )


def states(
    game: str | None = None,
    variant: enum.Enum | str | None = None,
    *,
    max_moves: int = MAX_MOVES,
) -> SearchStrategy[Any]:
    """A game module's ``State`` reachable from a dealt code: :func:`games`' positions.

    >>> from hypothesis import given, settings
    >>> from patience_rules import golf
    >>> @settings(max_examples=20)
    ... @given(states("golf", "classic"))
    ... def test_legal_moves_are_accepted(state):
    ...     assert all(golf.refusal(state, move) is None for move in golf.legal_moves(state))
    >>> test_legal_moves_are_accepted()
    """
    return games(game, variant, max_moves=max_moves, undo=False).map(lambda g: g.state)


def moves(position: Game[Any, Any] | GameState) -> SearchStrategy[Any]:
    """One of the legal actions of *position* (a :class:`~patience_rules.Game` or a ``State``).

    Where nothing is legal the strategy is empty: a test that draws from it
    is rejected rather than failed, as with Hypothesis' ``assume``.  Draw from it
    with ``st.data()`` or in a stateful test's rules.

    >>> from hypothesis import given, settings, strategies as st
    >>> from patience_rules import new_game
    >>> @settings(max_examples=20)
    ... @given(st.data())
    ... def test_legal_moves_are_played(data):
    ...     game = new_game("GO1-C-AAAAAAB")
    ...     assert game.check(data.draw(moves(game))) is None
    >>> test_legal_moves_are_played()

    Raises:
        InvalidPositionError: *position* is neither a Game nor a game's ``State``.
    """
    if isinstance(position, Game):
        legal = position.legal_moves()
    else:
        game = getattr(position, "game", None)
        if game not in playable():
            raise InvalidPositionError(f"{quote(position)} is neither a Game nor a game's State")
        legal = rules_of(game).legal_moves(position)  # which checks the State's type
    return st.sampled_from(legal) if legal else st.nothing()
