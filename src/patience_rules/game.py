"""The :class:`Game`: a position, its undo history, its record and its move counter.

Everything about the rules lives in the game modules' pure functions; a
:class:`Game` only adds what a player's session needs on top of them.

>>> from patience_rules import new_game
>>> game = new_game("GO1-E-AAAAAAB").play("2").play("d")
>>> game.moves, game.score, game.status
(2, 10, <Status.PLAYING: 'playing'>)
>>> game.undo().moves  # undo never turns the counter back
2
>>> game.undo().record
('2', 'd', 'u')
"""

from __future__ import annotations

import collections
import functools
from collections.abc import Callable, Iterable, Mapping
from itertools import pairwise
from typing import Any, Generic, TypeVar

import attrs

from patience_rules import _chain, _formats, _json, _reachable, forty_thieves, golf, scorpion
from patience_rules._frozen import unfrozen
from patience_rules._rules import PLAYING, WON, GameState, Rules, Status
from patience_rules._text import MAX_NOTATION_LENGTH, plain_integer, quote
from patience_rules.codes import GameCode, parse_code
from patience_rules.errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
)
from patience_rules.forty_thieves import _check_built as check_built_forty_thieves
from patience_rules.reasons import Reason, Refusal
from patience_rules.scorpion import _check_built as check_built_scorpion

__all__ = ["FORMAT", "HISTORY_LIMIT", "MAX_MOVES", "UNDO", "Game", "new_game", "replay"]

HISTORY_LIMIT = 100
"""How many actions can be undone in a row."""

MAX_MOVES = 100_000
"""The most moves a game may count: the move counter never goes past it.

A game at the limit refuses every move (reason ``move_limit``), and a saved
game or a :class:`Game` with a larger counter is refused.
"""

FORMAT = 1
"""The version of the saved-game formats that :meth:`~patience_rules.Game.to_dict` and
:meth:`~patience_rules.Game.to_record` write."""

UNDO = "u"
"""The notation of an undo in a game record."""

_MAX_ACTIONS = 2 * MAX_MOVES + HISTORY_LIMIT
"""The most actions a record can hold.

Proof: every action is a move or an undo.  The moves are at most
:data:`MAX_MOVES` (the counter starts at 0 or more and counts each one).  An
undo takes one position off the undo history, which starts with at most
:data:`HISTORY_LIMIT` positions and gains one per move, so the undos are at
most :data:`HISTORY_LIMIT` plus the moves.
"""

S = TypeVar("S", bound=GameState)
M = TypeVar("M")

_set = object.__setattr__
"""Sets a field of a frozen Game that play and undo write: its record."""

_RULES: dict[str, Rules[Any, Any]] = {
    "golf": golf,
    "forty_thieves": forty_thieves,
    "scorpion": scorpion,
}


def _status_getter(kind: type) -> Callable[[Any], Status]:
    """The function behind the ``status`` property of the State class *kind*."""
    getter: Callable[[Any], Status] = vars(kind)["status"].fget
    return getter


_PLAYERS: dict[type, tuple[Rules[Any, Any], frozenset[type], Callable[[Any], Status]]] = {
    golf.State: (
        golf,
        frozenset({golf.Draw, golf.PlayColumn, golf.TapCard}),
        _status_getter(golf.State),
    ),
    forty_thieves.State: (
        forty_thieves,
        frozenset({forty_thieves.Draw, forty_thieves.MoveCard}),
        _status_getter(forty_thieves.State),
    ),
    scorpion.State: (
        scorpion,
        frozenset({scorpion.DealReserve, scorpion.MoveCard}),
        _status_getter(scorpion.State),
    ),
}
"""Per game's State class, its rules, the classes of its moves, which :meth:`Game.play`
takes as they are, and its status getter, which play calls as a plain function (a
property read goes through C and costs about 600 instructions more, callgrind).

By class, not by ``state.game``: a Game's state is always its game's own State (the checks
compare it with what the rules read back), and ``__class__`` is a fast attribute where the
class variable ``game`` is a dictionary lookup through the type on Python 3.11.

The usual moves (move objects of the game) do not come here: :meth:`Game.play` plays
Golf's itself and calls Scorpion's and Forty Thieves' rules directly (see there)."""

# Golf's rules as Game.play's own path plays them (see there).
_GolfState, _GolfDraw, _GolfPlayColumn = golf.State, golf.Draw, golf.PlayColumn
_GolfUnfrozen = golf._Unfrozen  # noqa: SLF001 - golf's twin of its State
_GOLF_EASY = golf.Variant.EASY
_GOLF_FITS = golf._FITS  # noqa: SLF001 - golf's table of what fits
_GOLF_EASY_FITS = _GOLF_FITS[_GOLF_EASY]
_GOLF_CLASSIC = golf.Variant.CLASSIC
_GOLF_CLASSIC_FITS = _GOLF_FITS[_GOLF_CLASSIC]
_GOLF_STOCK_BIT = golf._STOCK_BIT  # noqa: SLF001 - golf's listing by bits
_GOLF_MOVES = golf._MOVES_BY_BITS  # noqa: SLF001 - golf's listing by bits

# Scorpion's and Forty Thieves' rules as Game.play's own path calls them (see there).
_ScorpionState, _ScorpionMoveCard = scorpion.State, scorpion.MoveCard
_ScorpionDealReserve, _scorpion_apply = scorpion.DealReserve, scorpion.apply
_SCORPION_RUNS = scorpion.RUNS
_FortyThievesMoveCard, _FortyThievesDraw = forty_thieves.MoveCard, forty_thieves.Draw
_forty_thieves_apply = forty_thieves.apply
_forty_thieves_status = _status_getter(forty_thieves.State)

_LEGAL_MOVES = {kind: player[0].legal_moves for kind, player in _PLAYERS.items()}
"""Per game's State class, its ``legal_moves``, for :meth:`Game.legal_moves`."""


def rules_of(game: object) -> Rules[Any, Any]:
    """The module of pure functions that plays *game* (e.g. ``"golf"``)."""
    rules = _RULES.get(game) if isinstance(game, str) else None
    if rules is None:
        raise PatienceError(f"unknown game {quote(game)} (expected one of {', '.join(_RULES)})")
    return rules


def _check_code(code: GameCode | None) -> None:
    if code is not None and not isinstance(code, GameCode):
        raise InvalidCodeError(f"{code!r} is not a GameCode")


def _check_moves(moves: object) -> None:
    if type(moves) is not int or not 0 <= moves <= MAX_MOVES:
        raise InvalidPositionError(
            f"the move counter {quote(moves)} is not an integer from 0 to {MAX_MOVES}"
        )


def _check_history(history: object) -> None:
    if not isinstance(history, tuple):
        raise InvalidPositionError("the undo history must be a tuple of positions")
    if len(history) > HISTORY_LIMIT:
        raise InvalidPositionError(f"the undo history holds more than {HISTORY_LIMIT} positions")


@attrs.frozen(repr=False, init=False)
class Game(Generic[S, M]):
    """A game in progress: immutable; every action returns a new :class:`Game`.

    *state* is the position (a game module's ``State``, the type *S*; its
    moves are the type *M*); *code* the game code it was dealt from, or
    ``None``; *moves* the move counter (every accepted move adds one; undo
    leaves it alone; at most :data:`MAX_MOVES`); *history* the earlier
    positions that undo returns to, oldest first, at most
    :data:`HISTORY_LIMIT`.

    :attr:`record` is not an argument: play and undo write it.  Two games are
    equal when their position, code, counter and undo history are (what play
    and undo depend on), whatever their records, as two boards with the same
    position are in python-chess.

    The fields are checked as :meth:`from_dict` checks a saved game: a
    :class:`Game` is always one that play can reach (see :doc:`/loading`).

    Raises:
        InvalidPositionError: the fields do not make such a game.
    """

    # Checked by __init__, written out below.
    state: S
    code: GameCode | None = None
    moves: int = 0
    history: tuple[S, ...] = ()
    _record: tuple[Any, M | str] | None = attrs.field(init=False, default=None, eq=False)
    """The record, newest first, as nested pairs ``(earlier, action)``, one per action.

    ``None`` while the record is empty.  The innermost pair's *earlier* is
    where the record starts: ``None`` for the code's deal, else a
    :class:`Game` with an empty record.  Built from ``_previous`` and ``_move`` when
    first read (:class:`_Linked`), as :attr:`history` is.
    """
    status: Status = attrs.field(init=False, eq=False)
    """``"playing"``, ``"won"`` or (Golf only) ``"stuck"``: the position's status."""
    # Set once where the game is built (a plain slot: every bot and server reads it once
    # an action, and a property calling the position's property cost 2,100 instructions).
    _previous: Game[S, M] | None = attrs.field(init=False, default=None, eq=False)
    """The game that :meth:`play` played from, while :attr:`history` and the record are
    not built yet; ``None`` once they are in their slots.

    Then the history is ``previous.history`` with ``previous.state`` after it, its oldest
    position dropped past :data:`HISTORY_LIMIT`, and the record is ``previous``'s with
    ``_move`` after it (see :class:`_Linked`).
    """
    _move: M | None = attrs.field(init=False, default=None, eq=False)
    """The move :meth:`play` played from ``_previous`` (kept while ``_previous`` is set)."""
    _legal: tuple[M, ...] | None = attrs.field(init=False, default=None, eq=False)
    """The position's legal moves, as :meth:`play` listed them, or ``None`` (not listed)."""

    def __init__(
        self,
        state: S,
        code: GameCode | None = None,
        moves: int = 0,
        history: tuple[S, ...] = (),
    ) -> None:
        # Written out, not attrs's: that stored each field through object.__setattr__, called
        # a validator per field and read the history back through _Linked, 20,700 of a
        # checked Forty Thieves Game(state)'s 187,000 instructions (callgrind). Here the
        # fields are checked, in the same order, then stored on the unfrozen twin (see
        # _frozen; a subclass's one by one), and the game's rules are looked up once.
        moves = plain_integer(moves)  # type: ignore[assignment] # an int, or refused below
        rules = rules_of(getattr(state, "game", None))
        _check_code(code)
        _check_moves(moves)
        _check_history(history)
        status = state.status
        if self.__class__ is Game:
            _set(self, "__class__", _Unfrozen)  # the frozen class's __setattr__ refuses it
            new: Any = self
            new.state, new.code, new.moves, new.history = state, code, moves, history
            new.status = status
            new._record = new._previous = new._move = new._legal = None  # noqa: SLF001 - its own
            new.__class__ = Game
        else:
            fields = (state, code, moves, history, status, None, None, None, None)
            for name, value in zip(_FIELDS, fields, strict=True):
                _set(self, name, value)
        # A position play reaches from the code's deal within the counter passes every check
        # of a built one: Golf's deal check replays it anyway, and Scorpion's direct line of
        # play often finds it; then that replay is its check (the messages of a refusal stay
        # the full checks', which run when it does not replay).
        replayed = not history and _reachable.replayed(rules, state, code, moves)
        proof = dealt = None
        if not replayed:
            positions = (*history, state)
            # What the oldest position's check proved against the deal: the deal check reads it,
            # and the deal itself, looked up once for both (4,000 instructions, callgrind).
            dealt = _reachable.deal_of(rules, positions[0], code)
            proof = _check_built(rules, positions[0], dealt)
            for position in positions[1:]:
                _check_built(rules, position, _reachable.deal_of(rules, position, code))
        _check_game(
            rules, state, code, moves, history, replayed=replayed, proof=proof, dealt=dealt
        )

    @property
    def record(self) -> tuple[str, ...]:
        """Every action accepted since this game was dealt, loaded or built, in order.

        The notations of the moves, in their canonical form, with
        :data:`~patience_rules.game.UNDO` (``"u"``) for an undo.  A game dealt with
        :func:`new_game` records from the deal; one loaded with
        :meth:`from_dict` or built directly records from that position (its
        record starts empty); one loaded with :meth:`from_record` has the
        saved record.
        """
        return tuple(map(str, self._unwound()[1]))

    def _unwound(self) -> tuple[Game[S, M] | None, list[M | str]]:
        """Where the record starts (``None``: the code's deal) and its actions, oldest first."""
        if self._record is None:
            return self._origin(), []
        actions = []
        node: Any = self._record
        while isinstance(node, tuple):
            node, action = node
            actions.append(action)
        actions.reverse()
        return node, actions

    @property
    def rules(self) -> Rules[S, M]:
        """The game module whose pure functions play this game."""
        return rules_of(self.state.game)

    @property
    def score(self) -> int:
        """The score, never below 0."""
        return self.state.score

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would be accepted."""
        return self._previous is not None or bool(self.history)

    def check(self, move: M | str) -> Refusal | None:
        """Why *move* (a move or its notation) would be refused, or ``None``.

        Player-safe: a refusal names no card, and is the same for every hidden card.

        >>> from patience_rules import new_game
        >>> new_game("GO1-E-AAAAAAB").check("3D").message
        'This card is blocked'

        Raises:
            InvalidNotationError: *move* is not a move of this game.
        """
        rules = self.rules
        chosen = rules.to_move(self.state, move)
        if self.moves >= MAX_MOVES:
            return Refusal(Reason.MOVE_LIMIT)
        return rules.refusal(self.state, chosen)

    def play(self, move: M | str) -> Game[S, M]:  # noqa: C901, PLR0912, PLR0915 - the hot path, Golf's steps unrolled
        """The game after *move* (a move or its notation).

        Not player-safe: the game holds every card and its code; send its player view.

        Raises:
            InvalidNotationError: *move* is not a move of this game.
            IllegalMoveError: the rules refuse it, or the counter is at
                :data:`MAX_MOVES`; ``error.refusal`` says why.
        """
        # The hot path of every bot and server, so the profile's costs are cut here: the rules
        # are looked up without self.rules's checks, a move object of the game needs no
        # to_move, and the new game is built field by field on its unfrozen twin (see
        # _frozen), without the checks and the call of _trusted. A move's class is read by
        # type(move): its classes vary here, and Python 3.11 specialises move.__class__ for one
        # class only (the generic read costs about 60 instructions more).
        before: Any = self.state  # any game's State; Golf's fields are read below
        moves = self.moves
        # One test, in one move out of HISTORY_LIMIT, for both rare cases. The counter never
        # passes MAX_MOVES, a multiple of HISTORY_LIMIT (a test checks it), so a counter
        # at the limit is a multiple too. And a game played from at a multiple has its history
        # built first: a chain of _previous links spans at most HISTORY_LIMIT games, as the
        # counter goes up by one a link, so a game keeps at most that many earlier games alive.
        if not moves % HISTORY_LIMIT:
            rules, move_classes, status_of = _PLAYERS[before.__class__]
            if type(move) not in move_classes:  # a notation is read first, as below
                move = rules.to_move(before, move)
            if moves >= MAX_MOVES:
                raise IllegalMoveError(Refusal(Reason.MOVE_LIMIT), f"move {str(move)!r}")
            if self._previous is not None:
                _unlink(self)
        if before.__class__ is _GolfState:
            # Golf's usual moves, a legal column play or draw as move objects, are played here
            # and the new position's legal moves listed with them, not in calls of golf's
            # apply and legal_moves: a Golf action takes a few thousand instructions, and a
            # call of its own cost 450 more, the dispatch through _PLAYERS 300 (callgrind,
            # the reference floor's loop). The steps are golf.apply's fast path (see there)
            # and golf.legal_moves's listing, from the columns, stock and waste card just
            # built; a property test compares them with those functions on random games.
            # Every bot asks for the moves next, and a listed move proves the game playing
            # (no game lists a move once won, and Golf none once stuck), so the status
            # needs no call (1,200 instructions).
            columns, stock = before.columns, before.stock
            # The variant by identity: a Variant's hash, for the dictionary, is Enum's Python
            # __hash__ (190 instructions).
            variant = before.variant
            if variant is _GOLF_EASY:
                fits = _GOLF_EASY_FITS
            elif variant is _GOLF_CLASSIC:
                fits = _GOLF_CLASSIC_FITS
            else:
                fits = _GOLF_FITS[variant]
            card = None
            if type(move) is _GolfPlayColumn:
                index = move.column - 1
                column = columns[index]
                if column:
                    card = column[-1]
                    if fits[before.waste[-1].index][card.index]:
                        # The listing below reads the columns one by one, so they are
                        # unpacked, and the played one is replaced among them, found by its
                        # index in three tests at most: 470 instructions less than a list
                        # copied, changed, made a tuple again and unpacked.
                        one, two, three, four, five, six, seven = columns
                        rest = column[:-1]
                        if index < 4:
                            if index < 2:
                                if index:
                                    two = rest
                                else:
                                    one = rest
                            elif index == 2:
                                three = rest
                            else:
                                four = rest
                        elif index < 6:
                            if index == 4:
                                five = rest
                            else:
                                six = rest
                        else:
                            seven = rest
                        columns = (one, two, three, four, five, six, seven)
                    else:
                        card = None  # refused: the rules say why, below
            elif move.__class__ is _GolfDraw and stock:  # one class reaches it: the faster read
                one, two, three, four, five, six, seven = columns
                # A card left: the game is not won (nor stuck, with a stock). The columns'
                # own test stops at the first with a card, where any() cost 470.
                if one or two or three or four or five or six or seven:
                    card = stock[0]
                    stock = stock[1:]
            if card is not None:
                new = _GolfUnfrozen()
                new.variant = variant
                new.columns = columns
                new.stock = stock
                new.waste = before.waste + (card,)  # noqa: RUF005 - unpacking builds a list first
                new.__class__ = _GolfState
                # The listing, unrolled as in golf.legal_moves (see there); the waste card
                # is *card*.
                fit = fits[card.index]
                fitting = _GOLF_STOCK_BIT if stock else 0
                if one and fit[one[-1].index]:
                    fitting |= 1
                if two and fit[two[-1].index]:
                    fitting |= 2
                if three and fit[three[-1].index]:
                    fitting |= 4
                if four and fit[four[-1].index]:
                    fitting |= 8
                if five and fit[five[-1].index]:
                    fitting |= 16
                if six and fit[six[-1].index]:
                    fitting |= 32
                if seven and fit[seven[-1].index]:
                    fitting |= 64
                # won: no card left, so not even a draw
                if fitting == _GOLF_STOCK_BIT and not (
                    one or two or three or four or five or six or seven
                ):
                    fitting = 0
                # The new game, its fields set as below for the other games' (returned here:
                # a marker for the path taken and its tests cost about 100 instructions).
                game = _Unfrozen()
                game.state = new
                game._legal = _GOLF_MOVES[fitting]  # noqa: SLF001 - the new game's own field
                game.status = PLAYING if fitting else new.status
                game.code = self.code
                game.moves = moves + 1
                game._previous = self  # noqa: SLF001 - the new game's own field
                game._move = move  # noqa: SLF001 - the new game's own field
                game.__class__ = Game
                return game  # type: ignore[no-any-return] # a Game now
        game = _Unfrozen()
        new = None
        if before.__class__ is _ScorpionState:  # read again: a local costs Golf's path 50
            # Scorpion's and Forty Thieves' moves as move objects: the rules' apply called
            # directly, not looked up in _PLAYERS (a dictionary lookup by class and an
            # unpack, about 300 instructions), and the status read off the new position
            # here, not by a call of its getter (a Python call, about 400): State.status's
            # own tests, inlined. A test plays each game to its win this way and compares
            # the status with the position's at every step.
            if type(move) is _ScorpionMoveCard or type(move) is _ScorpionDealReserve:
                new = game.state = _scorpion_apply(before, move)
                game.status = WON if len(new.removed_runs) == _SCORPION_RUNS else PLAYING
                game._legal = None  # noqa: SLF001 - the new game's own field
        elif type(move) is _FortyThievesMoveCard or type(move) is _FortyThievesDraw:
            # (the position is Forty Thieves': a Game holds one of the three games' States)
            new = game.state = _forty_thieves_apply(before, move)
            # a stock or a waste card proves the game playing, as State.status says first
            game.status = PLAYING if new.stock or new.waste else _forty_thieves_status(new)
            game._legal = None  # noqa: SLF001 - the new game's own field
        if new is None:  # a notation, another object, or a tap or a refused move in Golf
            rules, move_classes, status_of = _PLAYERS[before.__class__]
            if type(move) not in move_classes:
                move = rules.to_move(before, move)
            new = game.state = rules.apply(before, move)
            game.status = status_of(new)
            game._legal = None  # noqa: SLF001 - the new game's own field
        game.code = self.code
        game.moves = moves + 1
        # Neither the history nor the record is built: the new game links to this one and
        # keeps the move, and both are built from them when first read (_Linked). Copying the
        # history cost 1,100 instructions a Golf move; a record pair, 330 (a tuple made and
        # freed costs five times a store).
        game._previous = self  # noqa: SLF001 - the new game's own field
        game._move = move  # noqa: SLF001 - the new game's own field
        game.__class__ = Game
        return game  # type: ignore[no-any-return] # a Game now

    def undo(self) -> Game[S, M]:
        """The game as it was before the last action; the counter is unchanged.

        Not player-safe: the game holds every card and its code; send its player view.

        Raises:
            IllegalMoveError: nothing is left to undo (reason ``nothing_to_undo``).
        """
        history = self.history
        if not history:
            raise IllegalMoveError(Refusal(Reason.NOTHING_TO_UNDO))
        earlier = self._record if self._record is not None else self._origin()
        return _trusted(history[-1], self.code, self.moves, history[:-1], (earlier, UNDO))

    def _origin(self) -> Game[S, M] | None:
        """Where a record that starts here starts: ``None`` for the code's deal, else here."""
        is_deal = self.code is not None and self.moves == 0 and not self.can_undo
        return None if is_deal else self

    def legal_moves(self) -> tuple[M, ...]:
        """Every legal action in this position.

        Player-safe: a move names only face-up cards (and piles).
        :func:`~patience_rules.views.player_moves` adds their piles and cards for a client.
        """
        # A Golf game that play built holds its moves; any other lists them here (and so does
        # one whose listing is empty: the rules list nothing then too). One read of the field
        # and an `or`: 50 instructions less a call than a local and a test (callgrind).
        return self._legal or _LEGAL_MOVES[self.state.__class__](self.state)

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data: position, score, counter and undo history.

        The position format (see :doc:`/saved-games`) holds every card; use it
        for positions not reached from a code.  :meth:`to_record` is smaller.

        Not player-safe: it holds every card, the code and the history.
        """
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.state.game,
            "code": None if self.code is None else str(self.code),
            "moves": self.moves,
        }
        data |= self.rules.to_dict(self.state)
        if self.history:
            data["history"] = [self.rules.to_dict(state) for state in self.history]
        return data

    def to_record(self) -> dict[str, Any]:
        """The game as a record, JSON-ready: the recommended save.

        The record holds the game's code (or, for a game not dealt from a
        code, the position its record starts from, in the position format)
        and :attr:`record`; :meth:`from_record` replays it to an equal game
        with the same record and undo history.  See :doc:`/saved-games`.

        Not player-safe: the code names the whole deal.

        >>> from patience_rules import new_game
        >>> new_game("GO1-E-AAAAAAB").play("2").play("d").undo().to_record()
        {'format': 1, 'code': 'GO1-E-AAAAAAB', 'moves': ['2', 'd', 'u']}
        """
        start, actions = self._unwound()
        data: dict[str, Any] = {"format": FORMAT}
        if start is None:
            data["code"] = str(self.code)
        else:
            data["start"] = start.to_dict()
        data["moves"] = [str(action) for action in actions]
        return data

    @classmethod
    def from_record(cls, data: Mapping[str, Any], *, game: str | None = None) -> Game[Any, Any]:
        """Replay a record that :meth:`to_record` wrote, checking every action.

        With *game* (``"golf"``, ``"forty_thieves"`` or ``"scorpion"``), a
        record of another game is refused.  For static types, load with the
        game's module instead: :func:`golf.load_record
        <patience_rules.golf.load_record>` gives a ``Game[golf.State, golf.Move]``.

        Not player-safe: the game holds every card and its code; send its player view.

        >>> from patience_rules import Game
        >>> game = Game.from_record({"format": 1, "code": "GO1-E-AAAAAAB", "moves": ["2", "d"]})
        >>> game.moves, game.record
        (2, ('2', 'd'))

        Data of another kind is refused saying what it is and what reads it:

        >>> from patience_rules import InvalidPositionError
        >>> try:
        ...     Game.from_record(game.to_dict())
        ... except InvalidPositionError as error:
        ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
        this is a saved game in the position format (what Game.to_dict() writes), not a
        record: read it with golf.load_position() or Game.from_dict()

        The result holds the whole deal (its :attr:`state` names every hidden
        card); send a player :func:`~patience_rules.views.player_view` of it.

        Raises:
            InvalidPositionError: the data is not a record (of *game*), is
                malformed, its code or start position is invalid, or an action
                cannot be read or is refused (the message names it, e.g.
                ``moves[3]``).
            PatienceError: *game* is not a game's name.
        """
        data = _formats.expect(data, _formats.Kind.RECORD, game=_game_name(game))
        _check_format(data)
        actions = data.get("moves")
        if not isinstance(actions, list) or len(actions) > _MAX_ACTIONS:
            raise InvalidPositionError(
                f"field 'moves' must be a list of at most {_MAX_ACTIONS} notations"
            )
        if ("code" in data) == ("start" in data):
            raise InvalidPositionError("a record has either a 'code' or a 'start' field")
        if "code" in data:
            try:
                loaded = new_game(data["code"])
            except InvalidCodeError as error:
                raise InvalidPositionError(f"field 'code': {error}") from None
        else:
            try:
                loaded = cls.from_dict(data["start"])
            except InvalidPositionError as error:
                raise InvalidPositionError(f"field 'start': {error}") from None
        return _replayed(loaded, actions)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, game: str | None = None) -> Game[Any, Any]:
        """Read back what :meth:`to_dict` wrote, checking everything.

        With *game* (``"golf"``, ``"forty_thieves"`` or ``"scorpion"``), a
        saved game of another game is refused.  For static types, load with
        the game's module instead: :func:`golf.load_position
        <patience_rules.golf.load_position>` gives a ``Game[golf.State, golf.Move]``.

        Besides each position, it checks that the code agrees with the game
        and variant, that the counter is at most :data:`MAX_MOVES` and the
        history no longer than it allows, that each position of the history
        leads to the next by one legal action, and that every position is
        consistent with the code's deal and with the counters (see
        :doc:`/loading` for every rule).  The game's :attr:`record` starts
        empty, at the loaded position.

        Not player-safe: like the data, the game holds every card and its code;
        send its player view.

        Raises:
            InvalidPositionError: the data is not a saved game (of *game*:
                a record, a player view or a position alone is refused, saying
                what reads it), or it is malformed, inconsistent or tampered with.
            PatienceError: *game* is not a game's name.
        """
        data = _formats.expect(data, _formats.Kind.GAME, game=_game_name(game))
        _check_format(data)
        name = _json.get(data, "game", str)
        try:
            rules = rules_of(name)
        except PatienceError as error:
            raise InvalidPositionError(f"field 'game': {error}") from None
        # A history play wrote, and the position after it, read as a chain of legal actions
        # (patience_rules._chain): None when the full read and check must decide.
        saved = data.get("history")
        chain = (
            _chain.read(rules, saved, data)
            if type(saved) is list and 0 < len(saved) <= HISTORY_LIMIT
            else None
        )
        state = rules.from_dict(data) if chain is None else chain[-1]
        code = _read_code(data)
        moves = _json.count(data, "moves")
        if moves > MAX_MOVES:
            raise InvalidPositionError(
                f"field 'moves' is {quote(moves)}, more than the limit of {MAX_MOVES}"
            )
        if chain is None:
            history, proven = _read_history(data.get("history", []), rules)
        else:
            history, proven = chain[:-1], len(chain) - 1
        loaded: Game[Any, Any] = _trusted(state, code, moves, history)
        _check_game(rules, state, code, moves, history, proven=proven)
        return loaded

    def _repr_svg_(self) -> str:
        """The player's view as SVG, so a notebook shows it (:func:`patience_rules.svg.render`)."""
        from patience_rules import svg  # noqa: PLC0415 - svg imports this module

        return svg.render(self)

    def __getstate__(self) -> dict[str, Any]:
        # The record unwound: pickle and deepcopy would recurse down its pairs. The history
        # is the built tuple, not the earlier games it links to.
        state = {
            field.name: getattr(self, field.name)
            for field in attrs.fields(type(self))
            if field.name not in _UNSAVED_FIELDS
        }
        state["_record"] = self._unwound() if self._record is not None else None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        unwound = state.pop("_record")
        state.setdefault("status", state["state"].status)  # a pickle from before the field
        for name, value in state.items():
            _set(self, name, value)
        _set(self, "_previous", None)
        _set(self, "_move", None)
        _set(self, "_legal", None)
        record = None
        if unwound is not None:
            record, actions = unwound
            for action in actions:
                record = (record, action)
        _set(self, "_record", record)

    def __repr__(self) -> str:
        code = "no code" if self.code is None else str(self.code)
        return (
            f"<Game {self.state.game} {code} moves={self.moves} score={self.score} {self.status}>"
        )


_UNSAVED_FIELDS = frozenset({"_previous", "_move", "_legal"})
"""The fields a pickle leaves out: the link behind a history not built yet (a pickle holds
the built history instead), and the legal moves, listed again when asked for."""


class _Linked:
    """:attr:`Game.history` and ``Game._record``: the slot's value, built from play's links first.

    :meth:`Game.play` copies neither the history nor the record: the new game's
    ``_previous`` is the game it played from and ``_move`` the move, and this descriptor, in
    front of each slot, builds both when either is first read (:func:`_unlink`), stores
    them in their slots and drops the link.  Every reader, the class's equality, hash and
    pickling among them, sees the same tuples as before.
    """

    def __init__(self, slot: Any, doc: str) -> None:  # noqa: ANN401 - the slot's member descriptor
        self._get, self._set = slot.__get__, slot.__set__
        self.__doc__ = doc

    def __get__(self, game: Game[Any, Any] | None, owner: type | None = None) -> Any:  # noqa: ANN401 - the slot's value, or this descriptor on the class
        if game is None:
            return self
        if game._previous is not None:  # noqa: SLF001 - the descriptor is the class's own
            _unlink(game)
        return self._get(game)

    def __set__(self, game: Game[Any, Any], value: Any) -> None:  # noqa: ANN401 - the slot's value
        self._set(game, value)


def _unlink(game: Game[Any, Any]) -> None:
    """Build *game*'s history and record from the games it links to, and drop the link.

    The links end at a game whose history and record are built within
    :data:`HISTORY_LIMIT` links (:meth:`Game.play` cuts the chain), whose slots then hold
    what comes before.
    """
    states, moves = [], []
    node = game
    while (previous := node._previous) is not None:  # noqa: SLF001 - its own class
        moves.append(node._move)  # noqa: SLF001 - its own class
        node = previous
        states.append(node.state)
    states.reverse()
    history = (_HISTORY_SLOT.__get__(node) + tuple(states))[-HISTORY_LIMIT:]
    record = _RECORD_SLOT.__get__(node)
    if record is None:
        record = node._origin()  # noqa: SLF001 - its own class
    for move in reversed(moves):
        record = (record, move)
    _HISTORY_SLOT.__set__(game, history)
    _RECORD_SLOT.__set__(game, record)
    _set(game, "_previous", None)
    _set(game, "_move", None)


_HISTORY_SLOT = vars(Game)["history"]
"""The ``history`` slot's own descriptor, which :class:`_Linked` stands in front of."""
_RECORD_SLOT = vars(Game)["_record"]
"""The ``_record`` slot's own descriptor, which :class:`_Linked` stands in front of."""
Game.history = _Linked(  # type: ignore[assignment,misc] # the same tuple, built lazily
    _HISTORY_SLOT, "The earlier positions that undo returns to, oldest first: a tuple."
)
Game._record = _Linked(  # type: ignore[assignment,misc] # noqa: SLF001 - the same pairs, built lazily
    _RECORD_SLOT, "The record, newest first, as nested pairs (see the field)."
)

_Unfrozen = unfrozen(Game, history=_HISTORY_SLOT, _record=_RECORD_SLOT)
"""A Game whose fields :meth:`Game.play`, :func:`_trusted` and :meth:`Game.__init__` (once it
has checked them) set by plain stores (see :mod:`patience_rules._frozen`); its ``history``
and ``_record`` are the slots themselves."""
_FIELDS = (
    "state",
    "code",
    "moves",
    "history",
    "status",
    "_record",
    "_previous",
    "_move",
    "_legal",
)
"""The fields :meth:`Game.__init__` stores, in order."""


def _replayed(start: Game[S, M], actions: list[Any]) -> Game[S, M]:
    """*start* after *actions*, each read and played as :meth:`Game.play` and :meth:`Game.undo` do.

    The positions are played with the pure functions and the :class:`Game` is built once, at
    the end: a record loads in about the time of replaying it, not of building a game per
    action.  The history, counter, record and every refusal are those of play and undo.

    Raises:
        InvalidPositionError: an action cannot be read or is refused (``moves[3]: ...``).
    """
    rules, state, moves = start.rules, start.state, start.moves
    history = collections.deque(start.history, maxlen=HISTORY_LIMIT)
    record: Any = start._record if start._record is not None else start._origin()  # noqa: SLF001 - its own class
    # Each notation is read once: a move is a value, and no game's notation depends on
    # the position (every to_move ignores it), so a record's repeated "d" is parsed once.
    read: dict[str, Any] = {}
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise InvalidPositionError(f"moves[{index}] is {quote(action)}, not a notation")
        try:
            chosen: Any = read.get(action)
            if chosen is None:
                chosen = read[action] = _read_action(rules, state, action)
            if chosen is UNDO:
                state = _undone(history)
            else:
                after = rules.apply(state, _counted(moves, chosen))
                history.append(state)
                state, moves = after, moves + 1
        except (InvalidNotationError, IllegalMoveError) as error:
            raise InvalidPositionError(f"moves[{index}]: {error}") from error
        record = (record, chosen)
    if not actions:
        return start
    return _trusted(state, start.code, moves, tuple(history), record)


def _undone(history: collections.deque[S]) -> S:
    """The position an undo returns to, taken off *history*; refused as :meth:`Game.undo` is."""
    if not history:
        raise IllegalMoveError(Refusal(Reason.NOTHING_TO_UNDO))
    return history.pop()


def _counted(moves: int, move: M) -> M:
    """*move*, refused as :meth:`Game.play` refuses it when the counter *moves* is at the limit."""
    if moves >= MAX_MOVES:
        raise IllegalMoveError(Refusal(Reason.MOVE_LIMIT), f"move {str(move)!r}")
    return move


def _game_name(game: object) -> str | None:
    """*game*, checked to be ``None`` or a game's name."""
    if game is not None:
        rules_of(game)
    return game  # type: ignore[return-value] # rules_of accepted it: a game name


def _check_format(data: Mapping[str, Any]) -> None:
    if _json.get(data, "format", int) != FORMAT:
        raise InvalidPositionError(
            f"unsupported format {quote(data['format'])} (expected {FORMAT})"
        )


def _trusted(
    state: S,
    code: GameCode | None,
    moves: int,
    history: tuple[S, ...],
    record: tuple[Any, Any] | None = None,
) -> Game[S, Any]:
    """A :class:`Game` of fields known to be consistent, built without the checks.

    :meth:`Game.play` and :meth:`Game.undo` keep the rules by construction and
    :meth:`Game.from_dict` checks what it reads, so only the public constructor
    pays for checking (it replays the history).  *record* is the private
    record's newest pair (``None``: the record starts empty).
    """
    game = _Unfrozen()
    game.state = state
    game.code = code
    game.moves = moves
    game.history = history
    game._record = record  # noqa: SLF001 - the new game's own field
    game.status = state.status
    game._previous = None  # noqa: SLF001 - the new game's own field
    game._move = None  # noqa: SLF001 - the new game's own field
    game._legal = None  # noqa: SLF001 - the new game's own field
    game.__class__ = Game
    return game  # type: ignore[no-any-return] # a Game now


_BUILT_CHECKS: dict[str, Callable[[object, Any], tuple[bool, object]]] = {
    forty_thieves.State.game: check_built_forty_thieves,
    scorpion.State.game: check_built_scorpion,
}
"""Per game, a check of a built position without the round trip, if it has one: it takes
the position and the deal of the game's code (``None`` without one), which may make it
cheaper, and returns whether it checked the position and what it proved of it against
the deal, for the game's deal check (``None``: nothing)."""


def _check_built(rules: Rules[Any, Any], state: GameState, dealt: GameState | None) -> object:
    """Check that a position built by hand is one :meth:`Game.from_dict` would read back.

    *dealt* is the code's deal, if the code names a deal of the position's game and variant
    (:func:`patience_rules._reachable.deal_of`).  Returns what the game's own check proved
    of the position against it, for the deal check (:data:`_BUILT_CHECKS`), or ``None``.
    """
    direct = _BUILT_CHECKS.get(state.game)
    proof = None
    try:
        # A game's direct check, where it has one, checks the State as from_dict checks the
        # one it reads, without the round trip through JSON (most of a checked Game(state));
        # it declines a State not in the form from_dict reads, and the round trip decides.
        valid = False
        if direct is not None:
            valid, proof = direct(state, dealt)
        valid = valid or rules.from_dict(rules.to_dict(state)) == state
    except (AttributeError, TypeError, ValueError) as error:
        if isinstance(error, PatienceError):
            raise
        valid = False
    if not valid:
        raise InvalidPositionError(f"{quote(state)} is not a valid {state.game} position")
    return proof


def _check_game(  # noqa: PLR0913 - the game's fields, and what the caller knows of them
    rules: Rules[Any, Any],
    state: GameState,
    code: GameCode | None,
    moves: int,
    history: tuple[GameState, ...],
    *,
    proven: int = 0,
    replayed: bool = False,
    proof: object = None,
    dealt: GameState | None = None,
) -> None:
    """Check what holds across a game's fields (*rules* plays it): code, counter, history, deal.

    *proven*: the first *proven* pairs of positions (the history, then the current
    position) are known to be one legal action apart (:func:`patience_rules._chain.read`
    proved it, and ``apply`` keeps the variant), so only the pairs after them are searched.
    *replayed*: the position, with no history, is one play reaches from the code's deal.
    *proof*: what the game's check of a built position proved of the oldest position
    against the code's deal (:func:`_check_built`), for the deal check; ``None``: nothing.
    *dealt*: the code's deal, if the caller has it (``None``: looked up here).
    """
    if code is not None and (code.game != state.game or code.variant is not state.variant):
        raise InvalidPositionError(
            f"field 'code': {code} is not a {state.game} code of variant {state.variant.value!r}"
        )
    if len(history) > moves:
        raise InvalidPositionError(
            f"the history has {len(history)} positions but only {moves} moves were played"
        )
    # The loop searches len(history) - proven pairs: with none, its set-up (3,500
    # instructions, callgrind) is skipped, as in Game(state) of a position alone.
    if len(history) > proven:
        for index, (before, after) in enumerate(pairwise((*history[proven:], state)), proven):
            if before.variant is not state.variant:
                raise InvalidPositionError(f"history[{index}] has another variant")
            if all(rules.apply(before, move) != after for move in rules.legal_moves(before)):
                raise InvalidPositionError(f"history[{index}] does not lead to the next position")
    _reachable.check(
        rules, state, code, moves, history, replayed=replayed, proof=proof, dealt=dealt
    )


def _read_code(data: Mapping[str, Any]) -> GameCode | None:
    text = data.get("code")
    if text is None:
        return None
    try:
        return _parsed_code(text) if text.__class__ is str else parse_code(text)
    except InvalidCodeError as error:
        raise InvalidPositionError(f"field 'code': {error}") from None


_parsed_code = functools.lru_cache(maxsize=128)(parse_code)
""":func:`parse_code`, kept for the next load of the same game.

A web back end loads the same game on every request, and reading its code was 30 k
instructions of a Golf load's 700 k (callgrind).  A code is a frozen value, so sharing one
is safe; a text that is no code raises every time (no exception is kept)."""


def _read_history(value: object, rules: Rules[S, Any]) -> tuple[tuple[S, ...], int]:
    """The positions of a saved history, and how many of its pairs are one legal action apart."""
    if not isinstance(value, list):
        raise InvalidPositionError("field 'history' must be a list of positions")
    if len(value) > HISTORY_LIMIT:
        raise InvalidPositionError(f"field 'history' holds more than {HISTORY_LIMIT} positions")
    chain = _chain.read(rules, value)
    if chain is not None:
        return chain, max(0, len(chain) - 1)
    states = []
    for index, item in enumerate(value):
        try:
            states.append(rules.from_dict(_json.mapping(item, f"history[{index}]")))
        except InvalidPositionError as error:
            raise InvalidPositionError(f"history[{index}]: {error}") from None
    return tuple(states), 0


def new_game(code: GameCode | str) -> Game[Any, Any]:
    """Deal the game that *code* (a :class:`GameCode` or its text) names.

    For static types, deal with the game's module instead:
    :func:`golf.new_game <patience_rules.golf.new_game>` gives a
    ``Game[golf.State, golf.Move]``.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> new_game("GO1-C-AAAAAAB").state.variant
    <Variant.CLASSIC: 'classic'>

    Raises:
        InvalidCodeError: *code* is not a game code.
    """
    if not isinstance(code, GameCode):
        code = parse_code(code)
    return _trusted(rules_of(code.game).deal(code.number, code.variant), code, 0, ())


def dealt(game: str, code: GameCode | str) -> Game[Any, Any]:
    """:func:`new_game`, for a code of *game* only: each game module's ``new_game``.

    Raises:
        InvalidCodeError: *code* is not a game code of *game*.
    """
    if not isinstance(code, GameCode):
        code = parse_code(code)
    if code.game != game:
        raise InvalidCodeError(f"{code} is a {code.game} code, not a {game} one")
    return new_game(code)


def replay(code: GameCode | str, record: Iterable[str]) -> Game[Any, Any]:
    """Deal *code* and play *record*: notations, with ``u`` for an undo.

    The game's :attr:`~Game.record` is *record*, each notation in its
    canonical form.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> game = replay("GO1-E-AAAAAAB", ["2", "U", "3", "D"])
    >>> game.moves, game.record  # undo is not a move
    (3, ('2', 'u', '3', 'd'))

    Raises:
        InvalidCodeError: *code* is not a game code.
        InvalidNotationError: a notation is not a move of this game.
        IllegalMoveError: the record plays a refused action.
    """
    game = new_game(code)
    for notation in record:
        game = _step(game, notation)
    return game


def _step(game: Game[S, M], action: object) -> Game[S, M]:
    """*game* after *action*: an undo if it is ``u``, else a move's notation."""
    chosen = _action(game, action)
    return game.undo() if chosen is UNDO else game.play(chosen)


def _action(game: Game[S, M], action: object) -> M | str:
    """*action* read in *game*: :data:`UNDO` for an undo, else the move it names.

    Raises:
        InvalidNotationError: *action* is neither.
    """
    return _read_action(game.rules, game.state, action)


def _read_action(rules: Rules[S, M], state: S, action: object) -> M | str:
    """:func:`_action`, in *state* played by *rules*."""
    is_undo = (
        isinstance(action, str)
        and len(action) <= MAX_NOTATION_LENGTH
        and action.strip().lower() == UNDO
    )
    return UNDO if is_undo else rules.to_move(state, action)
