"""Reading a saved undo history that is a chain of legal actions, without reading every position.

:meth:`Game.from_dict <patience_rules.Game.from_dict>` reads each saved position
with the game's ``from_dict`` (every card looked up, every pile checked) and then
searches, for each pair, the legal action that leads from one to the next.  Reading
the positions was most of loading a full history: a position's piles are each a
Python call, and a hundred positions cost many times the hundred moves that made
them.  An undo history that play wrote is a chain: each position is the one before
it after one legal action, which changes one or two piles.  :func:`read` proves
exactly that, encoding only the piles that changed and comparing the saved JSON in C.

Proof that :func:`read` returns what the full read returns, or ``None``.
Write ``F`` for the game's ``from_dict`` and ``T`` for its ``to_dict``; for
every position ``s`` play reaches, ``F(T(s)) == s`` (the round trip the test
suite checks) and ``apply(s, m)`` accepts exactly the moves ``legal_moves(s)``
lists (checked too).  The oldest position is read with ``F`` and must be
exactly ``T`` of what it read (Golf's own reading, :func:`_golf_oldest`, tells that
without writing ``T``).  By induction, let ``trusted == T(before)``.
A later saved position is accepted only if, for a move ``m`` that ``apply``
accepts (so a legal action) and ``after = apply(before, m)``, it equals
``T(after)`` built as :func:`_encoded` builds it (Golf's :func:`_golf_successor`,
which plays ``apply``'s fast path inline, and Forty Thieves'
:func:`_forty_thieves_successor` compare the saved position with it pile by pile,
each once, and pass the saved position on as the next ``trusted``, equal to
``T(after)``; so does Scorpion's :func:`_scorpion_successor` for a card move, its
two columns built as below): ``trusted`` with the score
and status read off ``after``, and each field (in a list of piles, each pile)
that is not ``before``'s own object encoded again (Golf's columns after a play
are ``trusted``'s with that column's saved list one name shorter; Scorpion's
source and target columns of a card move, when they kept their
face-down cards and lost or received the moved cards on top, are ``trusted``'s with
the face-up list cut short or lengthened by the moved cards' saved names; else encoded
again).  ``T`` encodes each field
from that field alone, so a field that is ``before``'s own is written as in
``trusted``, and the result is ``T(after)`` exactly.  So the saved position
is ``T(after)``: ``F`` reads it as ``after`` (each of ``F``'s checks holds one
legal action after a position that passes it, as the performance notes' third
round found, so ``after`` passes as ``before`` did; a property test builds
chains from tampered oldest positions that ``F`` reads and reads each later one
back), and one legal action leads there from ``before``: what the full read
finds, position by position and pair by pair.  Anything else (a form ``F``
also accepts but ``T`` does not write, a change no single action explains, a
key too many or too few) gives ``None``, and the caller reads and checks it all
as before, so what loads and every refusal's message are unchanged.  The
candidate actions are guessed from the saved piles that changed
(:data:`_SPECS`; saved data of any shape only makes the guess fail): a wrong
guess only costs the full read.  Values are
compared with ``==``: JSON data (what ``json.loads`` gives: plain dicts,
lists, strings and numbers) compares as its text does, once a number's type
is checked too (``35.0 == 35`` and ``True == 1``, and the full read refuses a
float or a bool where it wants an int; the score is a position's one number).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import compress, count
from operator import attrgetter, is_not, ne
from types import ModuleType
from typing import Any, TypeVar

from patience_rules import _json, forty_thieves, golf, scorpion
from patience_rules._rules import PLAYING, STUCK, WON, GameState, Rules
from patience_rules.cards import Card, Rank, one_deck
from patience_rules.errors import IllegalMoveError, InvalidPositionError

__all__ = ["read"]

S = TypeVar("S", bound=GameState)

_Encode = Callable[[Any], Any]
"""How a pile is saved."""

_Item = Callable[[Any], Any] | None
"""How each item of a flat pile is saved (``encode(pile) == [item(x) for x in pile]``), or
``None`` for a pile that is not saved item by item."""

_Field = tuple[str, Callable[[Any], Any], _Encode, _Item, bool]
"""How a saved key is written: its key, the state's field (a getter), its encoding, its
items' encoding, and whether it is a list of piles (encoded pile by pile, and only the piles
that changed are)."""


def _field(key: str, encode: _Encode, item: _Item, *, nested: bool = False) -> _Field:
    return key, attrgetter(key), encode, item, nested


def _card(card: Any) -> str:  # noqa: ANN401 - a Card
    """A card's saved name: ``_json.names`` of one card, ``[_card(card)] == names((card,))``."""
    name: str = _json.NAMES[card.index]
    return name


def _suit(suit: Any) -> str:  # noqa: ANN401 - a Suit
    return suit.value  # type: ignore[no-any-return] # a Suit's value is its name


def _scorpion_column(column: Any) -> dict[str, list[str]]:  # noqa: ANN401 - a Column
    return {"down": _json.names(column.down), "up": _json.names(column.up)}


def _suits(suits: Sequence[Any]) -> list[str]:
    return [suit.value for suit in suits]


_FIELDS: dict[str, tuple[_Field, ...]] = {
    "forty_thieves": (
        _field("columns", _json.names, _card, nested=True),
        _field("stock", _json.names, _card),
        _field("waste", _json.names, _card),
        _field("foundations", _json.names, _card, nested=True),
    ),
    "scorpion": (
        _field("columns", _scorpion_column, None, nested=True),
        _field("reserve", _json.names, _card),
        _field("removed_runs", _suits, _suit),
    ),
}
"""Each game's saved piles, as its ``to_dict`` writes them after the header
(``_json.header``: the variant, score and status)."""


def read(
    rules: Rules[S, Any], items: list[Any], then: Mapping[str, Any] | None = None
) -> tuple[S, ...] | None:
    """The positions *items* saves, if they are a chain of legal actions; else ``None``.

    With *then* (a saved game, whose position is the one after the history), its
    position too, one legal action after the last of *items*.  Each position is
    what the game's ``from_dict`` reads (the proof is in this module's docstring).
    ``None`` says nothing is wrong, only that the full read must decide.
    """
    if not items:
        return ()
    oldest: _Oldest = _OLDEST.get(rules, _oldest)
    start = oldest(rules, items[0])
    if start is None:
        return None
    before, trusted = start
    later = _later(items, then, trusted)
    if later is None:
        return None
    game = before.game
    step: _Step = _STEPS.get(game, _successor)
    spec = _SPECS.get(game)
    states = [before]
    for item in later:
        found = step(rules, spec, before, trusted, item)
        if found is None:
            return None
        before, trusted = found
        states.append(before)
    return tuple(states)


def _oldest(rules: Rules[S, Any], item: object) -> tuple[S, dict[str, Any]] | None:
    """The oldest saved position, read in full, and ``T`` of it, if *item* is exactly that."""
    if type(item) is not dict:
        return None
    try:
        oldest = rules.from_dict(item)
    except InvalidPositionError:
        return None
    trusted = rules.to_dict(oldest)
    return (oldest, trusted) if item == trusted else None


def _written_oldest(rules: ModuleType, item: object) -> tuple[Any, dict[str, Any]] | None:
    """:func:`_oldest` for a game that reads its own writing: the position, and *item* as ``T``.

    When *item* is exactly what ``T`` writes, the game's ``_from_written`` (Golf's, Forty
    Thieves', Scorpion's) reads it as ``F`` does (the proof is there), in fewer steps, and ``T`` of
    it is *item* itself: not written again (a fourth of reading the oldest position).
    Anything else is left to the full read (``None``), as :func:`_oldest` leaves what
    ``T`` does not write back.
    """
    oldest = rules._from_written(item)  # noqa: SLF001 - the game's reading of its own writing
    return None if oldest is None else (oldest, item)  # type: ignore[return-value]  # a dict, read


_Oldest = Callable[[Any, object], tuple[Any, dict[str, Any]] | None]
"""How a game's oldest saved position is read: :func:`_oldest`'s signature."""

_OLDEST: dict[object, _Oldest] = {
    golf: _written_oldest,
    forty_thieves: _written_oldest,
    scorpion: _written_oldest,
}
"""The games whose oldest saved position is read by a step of their own (called as
:func:`_oldest` is, which reads the others')."""


def _later(
    items: list[Any], then: Mapping[str, Any] | None, trusted: dict[str, Any]
) -> list[Any] | None:
    """The saved positions after the oldest: *items*'s, then *then*'s keys of a position."""
    later = items[1:]
    if then is None:
        return later
    if type(then) is not dict or not trusted.keys() <= then.keys():
        return None
    return [*later, {key: then[key] for key in trusted}]


_Spec = tuple[
    Callable[[Any, dict[str, Any], dict[str, Any]], Sequence[Any]],
    Callable[[Any, Any, dict[str, Any], tuple[_Field, ...]], dict[str, Any]],
    tuple[_Field, ...],
]
"""A game's candidate actions, how ``T(after)`` is built from ``T(before)``
(:func:`_encoded`) and its saved piles (:data:`_FIELDS`): :data:`_SPECS`."""


def _successor(
    rules: Rules[S, Any], spec: _Spec, before: S, trusted: dict[str, Any], item: object
) -> tuple[S, dict[str, Any]] | None:
    """The position one legal action after *before* that *item* saves, and ``T`` of it.

    *trusted* is ``T(before)``.  The candidate actions are guessed from the saved piles
    that changed and ``apply`` judges each: it accepts exactly the moves ``legal_moves``
    lists (a property the test suite checks).
    """
    if type(item) is not dict:
        return None
    guess, encode, fields = spec
    try:
        moves = guess(before, trusted, item)
    except (TypeError, KeyError, IndexError):  # saved data of another shape: no guess
        return None
    for move in moves:
        try:
            after = rules.apply(before, move)
        except IllegalMoveError:
            continue
        expected = encode(after, before, trusted, fields)
        if item == expected and type(item["score"]) is int:
            return after, expected
    return None


def _golf_successor(
    _rules: object, _spec: object, before: golf.State, trusted: dict[str, Any], item: object
) -> tuple[golf.State, dict[str, Any]] | None:
    """:func:`_successor` for Golf: ``apply``'s fast path inlined, each saved pile compared once.

    *trusted* equals ``T(before)``.  Every action puts one card on the waste: the saved
    waste's new top names it, and the guess is the draw when it is *before*'s first stock
    card, else the play of the column whose exposed card it is (:func:`_golf_column`; a
    wrong guess only costs the full read).  The new position is built as
    :func:`golf.apply <patience_rules.golf.apply>`'s fast path builds it, with its
    conditions, which decide every legal Golf action (see there): a draw is legal exactly
    when a stock and a card on the board are left (else the game is won), a play exactly
    when its column's exposed card fits the waste card (then the game is neither won nor
    stuck); ``apply`` refuses anything else, and so does this step (``None``).

    *item* equals ``T(after)`` exactly when it has ``T``'s six keys (as many as
    *trusted*'s, each looked up) and each value is ``T(after)``'s: the variant *before*'s
    (an action keeps it), the score and status *after*'s (the score an ``int``, which
    ``==`` alone does not tell), the columns *trusted*'s (a draw) or *trusted*'s with the
    played column's saved list one name shorter (a play: ``T`` encodes each column on its
    own), the stock *trusted*'s less its first name (a draw) or *trusted*'s, and the
    waste *trusted*'s and the name of the moved card (its top was looked up by that
    canonical name).  So *item* is passed on as the next step's *trusted*, and each
    saved pile is compared once, where building ``T(after)`` as a dict and comparing it
    copied *trusted*, compared ``apply``'s piles with *before*'s to encode them, and
    compared every pile again (see the performance notes' fourteenth round).
    """
    if type(item) is not dict or len(item) != len(trusted):
        return None
    try:
        saved_waste = item["waste"]
        card = _BY_NAME[saved_waste[-1]] if saved_waste.__class__ is list else None
        saved_columns, saved_stock = item["columns"], item["stock"]
        variant, score, status = item["variant"], item["score"], item["status"]
    except (TypeError, KeyError, IndexError):  # saved data of another shape: no guess
        return None
    if card is None:  # a saved waste that is no list
        return None
    columns, stock, waste = before.columns, before.stock, before.waste
    if stock and stock[0] is card:  # a draw
        if not any(columns):  # won: apply refuses the draw
            return None
        stock = stock[1:]
        if saved_columns != trusted["columns"] or saved_stock != trusted["stock"][1:]:
            return None
    else:
        played = _golf_column(before, card)
        if played == golf.COLUMNS or not _GOLF_FITS[before.variant][waste[-1].index][card.index]:
            return None
        # A list with one column replaced, as apply builds it.
        changed = list(columns)
        changed[played] = columns[played][:-1]
        columns = tuple(changed)
        piles = trusted["columns"].copy()
        piles[played] = piles[played][:-1]
        if saved_columns != piles or saved_stock != trusted["stock"]:
            return None
    after = _GolfUnfrozen()
    after.variant = before.variant
    after.columns = columns
    after.stock = stock
    after.waste = waste + (card,)  # noqa: RUF005 - unpacking builds a list first
    after.__class__ = golf.State
    # State.status, read without the property while a stock is left: the game is won when
    # the board is clear, else playing (1,300 instructions a position, 250 this way).
    state = PLAYING if stock and any(columns) else after.status
    # State.score while the game is not stuck: 10 a removed card.  Every position here holds
    # the 52 cards (F checked the oldest's, an action moves cards), so the board's are the
    # 52 less the stock's and the waste's: two lengths, where the property sums the
    # columns' (3,900 instructions a position, 450 this way, callgrind).
    if (
        status == state._value_
        and score.__class__ is int
        and score
        == (
            golf.POINTS_PER_CARD * (len(stock) + len(waste) + 1 - _GOLF_OFF_BOARD)
            if state is not STUCK
            else after.score
        )
        and variant == trusted["variant"]
        and saved_waste[:-1] == trusted["waste"]
    ):
        return after, item
    return None


_GOLF_FITS = golf._FITS  # noqa: SLF001 - golf's table of what fits, as apply reads it
_GolfUnfrozen = golf._Unfrozen  # noqa: SLF001 - golf's twin of its State, as apply builds it
_BY_NAME = _json.BY_NAME


_GOLF_OFF_BOARD = len(one_deck()) - golf.BOARD_SIZE
"""The cards a Golf deal does not put on the board: the stock and the waste's first."""


def _golf_column(state: golf.State, card: Card) -> int:
    """The index of the column whose exposed card is *card*, or ``COLUMNS`` (none is)."""
    # The seven columns unrolled: a loop over them cost 3,700 instructions a play (most of
    # it the loop's own steps), this about 1,700; comparing the seven saved columns with the
    # old ones, as a map in C, 6,100 (callgrind).
    one, two, three, four, five, six, seven = state.columns
    if one and one[-1] is card:
        return 0
    if two and two[-1] is card:
        return 1
    if three and three[-1] is card:
        return 2
    if four and four[-1] is card:
        return 3
    if five and five[-1] is card:
        return 4
    if six and six[-1] is card:
        return 5
    if seven and seven[-1] is card:
        return 6
    return golf.COLUMNS


def _forty_thieves_successor(  # noqa: C901, PLR0912, PLR0915 - the steps inlined, see the docstring
    _rules: object,
    _spec: object,
    before: forty_thieves.State,
    trusted: dict[str, Any],
    item: object,
) -> tuple[forty_thieves.State, dict[str, Any]] | None:
    """:func:`_successor` for Forty Thieves: each saved pile compared once, *item* kept as ``T``.

    *trusted* equals ``T(before)`` (``T`` of the oldest position, then the saved positions
    this step accepted).  A draw changes the stock's length; a card move two piles, the
    one that shrank its source (found as the comment below says).  *item* equals
    ``T(after)`` exactly when its keys are ``T``'s (as many as *trusted*'s, each looked
    up), its variant, score (an ``int``) and status are *after*'s and each saved pile
    equals *after*'s encoded.  ``apply`` makes a move it accepts and changes nothing
    else: a draw moves the stock's first card onto the waste, a card move the source's
    top card onto the target, and *after*'s other piles are *before*'s (proof below).  A
    saved name list is each card's name in order, so ``T(after)`` is *trusted* with the
    stock and the waste, or the source and the target, one name moved: the stock or the
    source less its first or last name (a slice), the waste or the target with that name
    after its own.  *item*'s moved piles are compared with those, its other piles with
    *trusted*'s, each saved pile once, and *after*'s piles are not compared with
    *before*'s (that was 11 k instructions of a position's 35 k: see the performance
    notes' thirteenth round).  So *item* is the next step's *trusted*.  Anything else
    gives ``None``, and the full read decides.

    Proof that ``apply`` makes exactly the move, for any move it accepts.  Its fast path
    builds the new state from *before*'s piles: a draw with ``stock[1:]`` and
    ``waste + stock[:1]``; a card move with a list of the columns or foundations in
    which the target becomes ``(*onto, card)`` and the source ``pile[:-1]`` (or the
    waste ``waste[:-1]``), ``card`` being ``pile[-1]``.  Its other path, past
    ``refusal``, does the same with ``stock[1:]`` and ``(*waste, stock[0])``, or with
    ``_replace`` on the source (``[:-1]``) and the target (``(*pile, card)``).  Every
    other pile is *before*'s own object.  ∎  A property test checks it for every legal
    move of random positions (``tests/test_loading_history.py``).

    *after* is not asked of ``apply`` by a call: a draw is built here as its fast path
    builds it (*before* is a State with a stock: ``trusted``'s has a first name), its
    call and its tests of the move's classes were 1.3 k instructions a draw.
    """
    if type(item) is not dict or len(item) != len(trusted):
        return None
    try:
        stock, waste, columns = item["stock"], item["waste"], item["columns"]
        old_stock, old_waste, old_columns = trusted["stock"], trusted["waste"], trusted["columns"]
        foundations, old_foundations = item["foundations"], trusted["foundations"]
        header = item["variant"], item["score"], item["status"]
        if len(stock) != len(old_stock):
            # a draw: the stock's first name onto the waste, the other piles as they were
            if not (
                stock == old_stock[1:]
                and waste == [*old_waste, old_stock[0]]
                and columns == old_columns
                and foundations == old_foundations
            ):
                return None
            # apply's draw, inlined as its fast path makes it (proof in the docstring)
            move = None
            stock = before.stock
            after = _FortyThievesUnfrozen()
            after.variant = before.variant
            after.columns = before.columns
            after.stock = stock[1:]
            after.waste = before.waste + stock[:1]
            after.foundations = before.foundations
            after.score = before.score
            after.__class__ = _FortyThievesState
        else:
            # The piles that changed, by number (the waste 0, then the columns, then the
            # foundations): the waste and the foundations compared whole first, then the
            # foundations from the left to the first changed one (no move takes a card from
            # a foundation to another) and the columns to the second changed pile, and what
            # the loops did not reach compared whole after them (a map over the ten columns
            # cost more than the loop).  So each saved pile is compared once.
            if stock != old_stock:
                return None
            changed = [0] if waste != old_waste else []
            saved = [waste] if changed else []
            old = [old_waste] if changed else []
            if foundations != old_foundations:
                for index in _FOUNDATION_INDEXES:
                    if foundations[index] != old_foundations[index]:
                        changed.append(index + _FIRST_FOUNDATION)
                        saved.append(foundations[index])
                        old.append(old_foundations[index])
                        break
                if foundations[index + 1 :] != old_foundations[index + 1 :]:
                    return None
            if len(changed) < 2:  # a card move changes two piles
                for index in _COLUMN_INDEXES:
                    if columns[index] != old_columns[index]:
                        changed.append(index + 1)
                        saved.append(columns[index])
                        old.append(old_columns[index])
                        if len(changed) == 2:
                            break
                else:
                    return None
                if columns[index + 1 :] != old_columns[index + 1 :]:
                    return None
            elif columns != old_columns:
                return None
            # The pile that shrank is the source (the waste only shrinks in a card move), its
            # top name now the target's.
            one, other = changed
            if one and len(saved[0]) >= len(old[0]):
                one, other = other, one
                saved.reverse()
                old.reverse()
            source, target = old
            if not (saved[0] == source[:-1] and saved[1] == [*target, source[-1]]):
                return None
            move = _FORTY_THIEVES_MOVES[one][other]
            if move is None:  # no move between these piles
                return None
    except (TypeError, KeyError, IndexError):  # saved data of another shape: no guess
        return None
    if move is not None:  # a card move, asked of apply
        try:
            after = forty_thieves.apply(before, move)
        except IllegalMoveError:
            return None
    # State.status is playing while the stock or the waste holds a card (its first test):
    # told here without the property's call.
    status = _PLAYING if after.stock or after.waste else after.status._value_
    if header != (after.variant._value_, after.score, status) or header[1].__class__ is not int:
        return None
    return after, item


_FortyThievesState = forty_thieves.State
_FortyThievesUnfrozen = forty_thieves._Unfrozen  # noqa: SLF001 - its twin, as apply builds it
_COLUMN_INDEXES = range(forty_thieves.COLUMNS)
_FOUNDATION_INDEXES = range(forty_thieves.FOUNDATIONS)
_FIRST_FOUNDATION = 1 + forty_thieves.COLUMNS
"""A foundation's pile number less its index (the waste is 0, then the columns)."""


def _scorpion_successor(  # noqa: C901 - the guess in line, see the comment
    rules: Rules[scorpion.State, Any],
    _spec: object,
    before: scorpion.State,
    trusted: dict[str, Any],
    item: object,
) -> tuple[scorpion.State, dict[str, Any]] | None:
    """:func:`_successor` for Scorpion's card moves: each saved pile compared once, *item* kept.

    *trusted* equals ``T(before)``.  Most of a Scorpion history is card moves, and a card
    move changes two columns: the guess compares the saved columns with *trusted*'s, each
    once, finds the two that changed (all the others equal) and tells the source from the
    target by their saved lengths, and the moved card by its place in the source.
    *after* is ``apply(before, move)``, made by ``apply``'s own card move told that place
    (proof below).  *item* equals ``T(after)`` exactly when its keys are ``T``'s (as many
    as *trusted*'s, each looked up), its variant, score (an ``int``) and status are
    *after*'s, its reserve and removed runs are *trusted*'s where *after*'s are
    *before*'s own, its columns but the source and the target are *trusted*'s
    (*after*'s are *before*'s own, proof below) and its source and target equal
    *after*'s encoded.  The source column that kept its
    face-down cards and the first of its face-up ones is *trusted*'s with its face-up
    list cut short; the target column that kept its face-down cards and received the
    source's top cards is *trusted*'s with their saved names appended (a name list is
    each card's name in order, so the names of a tuple's slice are the saved list's
    slice); any other column (a face-down card turned up, a run removed) is encoded
    anew.  So *item* is the next step's *trusted*, and each saved column is compared
    once: the five that did not change by the guess, the two that did with what ``T``
    writes of them (see the performance notes' fourteenth round).  Whatever this step
    does not read (the reserve deal, a run moved whole into an empty column, a wrong
    guess, a refused move, saved data of any shape) goes to :func:`_successor`, which
    decides: what either accepts is the one position ``F`` reads, and this step changes
    no outcome.

    Proof that *after* is ``apply(before, move)`` and that its columns but the source
    and the target are *before*'s own.  ``apply`` of a card move in a game not won
    returns ``scorpion._card_move(before, move)`` when that makes it, and refuses it
    otherwise (its other path, past ``_placement``, finds legal only moves
    ``_card_move`` makes, and makes them with it).  Every position here holds the 52
    cards once each (``F`` checked the oldest's, and ``apply`` moves cards).  So a game
    with four runs removed has no card in its columns, and the guess names none (an
    ``IndexError``): the game is not won.  And the guess's card, ``column.up[kept]`` of
    the source, lies face up there alone, which is where ``_card_move``'s search would
    find it: told that place, it skips the search and takes the same steps, so it makes
    the same position or refuses the move (``None``: then :func:`_successor` asks
    ``apply``).  ``_card_move`` copies *before*'s columns into a list, replaces the
    source's and the target's with the columns it builds, and keeps *before*'s reserve:
    every other column is *before*'s own object.  ∎  A property test checks both for
    every card move, legal or not, of random positions (``tests/test_loading_history.py``).
    """
    if type(item) is not dict or len(item) != len(trusted):
        return None
    # The guess, in line: its call, and the columns and lengths it and the step both read,
    # were 1.9 k instructions of a position's 36.9 k (callgrind, the performance notes'
    # fifteenth round).  Only when *item*'s reserve and its columns but two are *trusted*'s.
    # The saved columns are compared with the trusted ones from the left to the second
    # that differs, and the rest in one comparison: a card move changes its two columns
    # (but a run's into an empty column, which _successor reads, as it reads the reserve
    # deal), and the others are then compared once, here (each saved column is compared
    # once in all, the two changed ones below).  The first is the source unless it gained
    # face-up cards and kept its face-down ones; but when a run is removed (the saved
    # removed runs are more) its target loses cards too, and the source is the one whose
    # top card is an Ace (the run's last card, which the move put on its target; nothing
    # is put on an Ace).  The moved card is the source's face-up card at the height the
    # saved source keeps face up, or its lowest when a face-down card was turned up.
    # Telling the changed columns by their lengths (four len calls a column), as the
    # thirteenth round did, left every column to be compared after it: 4 k a position
    # more; the indexes of the changed ones by compress and map(ne, ...) in C, 1 k more
    # than this loop (the fourteenth and fifteenth rounds).  Saved data of any shape
    # (a key missing too) only makes the guess wrong: the generic step decides.
    old_columns = before.columns
    try:
        if item["reserve"] != trusted["reserve"]:
            return _successor(rules, _SPECS["scorpion"], before, trusted, item)
        saved_columns, old = item["columns"], trusted["columns"]
        first = -1
        for index in _SCORPION_INDEXES:
            if saved_columns[index] != old[index]:
                if first >= 0:  # a card move's two columns
                    break
                first = index
        else:
            return _successor(rules, _SPECS["scorpion"], before, trusted, item)
        if saved_columns[index + 1 :] != old[index + 1 :]:
            return _successor(rules, _SPECS["scorpion"], before, trusted, item)
        source, target = first, index
        saved_from, old_from = saved_columns[source], old_columns[source]
        face_down = len(saved_from["down"])
        saved_removed = item["removed_runs"]
        if (
            not (old_from.up and old_from.up[-1].rank is _ACE)
            if len(saved_removed) != len(trusted["removed_runs"])
            else len(saved_from["up"]) >= len(old_from.up) and face_down == len(old_from.down)
        ):  # the target
            target, source = source, target
            saved_from, old_from = saved_columns[source], old_columns[source]
            face_down = len(saved_from["down"])
        kept = len(saved_from["up"]) if face_down == len(old_from.down) else 0
        move = _SCORPION_MOVES[old_from.up[kept].index][target]
        saved = (item["variant"], item["score"], item["status"])  # a key missing: KeyError
    except (TypeError, KeyError, IndexError):  # saved data of another shape: no guess
        return _successor(rules, _SPECS["scorpion"], before, trusted, item)
    # apply's card move, told where the card lies: a third of its instructions were the
    # search for it (callgrind, the performance notes' fourteenth round; proof above)
    after = _scorpion_card_move_at(before, move, (source, kept))
    if after is None:  # refused: the generic step asks apply, and decides
        return _successor(rules, _SPECS["scorpion"], before, trusted, item)
    from_pile, onto_pile = old[source], old[target]
    removed = after.removed_runs
    # The two changed columns as T writes them, from _card_move's code (told the place
    # (source, kept), it builds them so): the source keeps its face-down cards and its
    # face-up ones below the card, unless that leaves face-down cards uncovered (kept 0),
    # when the top one turns up; the target keeps its face-down cards and receives the
    # source's face-up ones from the card up, unless a run is removed (removed runs one
    # more: a new tuple), when _settle builds it.  So the saved names of the source's
    # kept cards and of the moved ones are slices of *trusted*'s source, and only a
    # turned card or a removed run is encoded anew (3 k instructions a position less
    # than building both from *after* and comparing them, the fifteenth round).
    status = _WON if len(removed) == scorpion.RUNS else _PLAYING
    if (
        saved == (after.variant._value_, after.score, status)
        and saved[1].__class__ is int
        and saved_from
        == (
            {"down": from_pile["down"], "up": from_pile["up"][:kept]}
            if kept or not old_from.down
            else _scorpion_column(after.columns[source])
        )
        and (
            saved_columns[target]
            == {"down": onto_pile["down"], "up": onto_pile["up"] + from_pile["up"][kept:]}
            and saved_removed == trusted["removed_runs"]
            if removed is before.removed_runs
            else saved_columns[target] == _scorpion_column(after.columns[target])
            and saved_removed == _suits(removed)
        )
    ):
        return after, item
    return _successor(rules, _SPECS["scorpion"], before, trusted, item)


_SCORPION_INDEXES = range(scorpion.COLUMNS)
_scorpion_card_move_at = scorpion._card_move  # noqa: SLF001 - apply's card move, told the place
_SCORPION_MOVES = tuple(
    tuple(scorpion.MoveCard(card, target + 1) for target in range(scorpion.COLUMNS))
    for card in one_deck()
)
"""``_SCORPION_MOVES[card index][target index]``: every card move, made once."""
_WON = WON._value_
_ACE = Rank.ACE


_Step = Callable[[Any, Any, Any, dict[str, Any], object], tuple[Any, dict[str, Any]] | None]
"""How a game's position after *before* is read: :func:`_successor`'s signature."""

_STEPS: dict[str, _Step] = {
    "golf": _golf_successor,
    "forty_thieves": _forty_thieves_successor,
    "scorpion": _scorpion_successor,
}
"""The games whose positions are read by a step of their own (called as :func:`_successor`
is, which reads the others')."""


def _encoded(
    after: GameState, before: GameState, trusted: dict[str, Any], fields: tuple[_Field, ...]
) -> dict[str, Any]:
    """``T(after)``, from *trusted* (``T(before)``): only what is not *before*'s is encoded.

    The variant is *before*'s (``apply`` keeps it); the status's ``_value_`` is its
    value, read without the enum's ``value`` property.
    """
    expected = trusted.copy()
    expected["score"] = after.score
    expected["status"] = after.status._value_
    if after.variant is not before.variant:
        expected["variant"] = after.variant.value
    for key, get, encode, item, nested in fields:
        new, old = get(after), get(before)
        if new is old:
            continue
        if not nested:
            expected[key] = _pile(new, old, expected[key], encode, item)
            continue
        piles = expected[key] = expected[key].copy()
        for index in compress(count(), map(is_not, new, old)):
            piles[index] = (
                encode(new[index])
                if item is None
                else _pile(new[index], old[index], piles[index], encode, item)
            )
    return expected


def _forty_thieves_encoded(
    after: forty_thieves.State,
    before: forty_thieves.State,
    trusted: dict[str, Any],
    _fields: tuple[_Field, ...],
) -> dict[str, Any]:
    """:func:`_encoded` for Forty Thieves, unrolled over its four saved piles: the same steps.

    The loop over :data:`_FIELDS` (a tuple unpacked, two getter calls and a branch a
    field) was a fifth of reading a later position (callgrind; see the performance notes'
    tenth round).  The stock and the waste are flat piles, the columns and the
    foundations lists of piles, each encoded card by card.
    """
    expected = trusted.copy()
    expected["score"] = after.score
    expected["status"] = after.status._value_
    if after.variant is not before.variant:
        expected["variant"] = after.variant.value
    new, old = after.stock, before.stock
    if new is not old:
        expected["stock"] = _pile(new, old, expected["stock"], _json.names, _card)
    new, old = after.waste, before.waste
    if new is not old:
        expected["waste"] = _pile(new, old, expected["waste"], _json.names, _card)
    for key, new_piles, old_piles in (
        ("columns", after.columns, before.columns),
        ("foundations", after.foundations, before.foundations),
    ):
        if new_piles is not old_piles:
            piles = expected[key] = expected[key].copy()
            for index in compress(count(), map(is_not, new_piles, old_piles)):
                piles[index] = _pile(
                    new_piles[index], old_piles[index], piles[index], _json.names, _card
                )
    return expected


def _pile(
    new: Sequence[Any],
    old: Sequence[Any],
    saved: list[Any],
    encode: Callable[[Any], list[Any]],
    item: Callable[[Any], Any] | None,
) -> list[Any]:
    """``encode(new)``, from *saved* (``encode(old)``) where *new* is *old* one item off an end.

    A flat pile is encoded item by item (by *item*), so a draw's stock (``old[1:]``), a
    column or waste that lost its top (``old[:-1]``) or gained one are the old encoding's
    slice or one item more: a slice and a tuple comparison (stopping at identity) instead of
    encoding the pile anew (up to 64 cards; and one item is encoded without a comprehension,
    2,500 instructions for one card, callgrind).
    """
    if item is None:
        return encode(new)
    if len(new) == len(old) - 1:
        if new == old[:-1]:
            return saved[:-1]
        if new == old[1:]:
            return saved[1:]
    elif len(new) == len(old) + 1 and new[:-1] == old:
        return [*saved, item(new[-1])]
    return encode(new)


def _changed(saved: Sequence[Any], old: Sequence[Any], piles: Iterable[Any]) -> list[Any]:
    """The items of *piles* whose saved pile differs from the old one (all in C)."""
    return list(compress(piles, map(ne, saved, old)))


def _forty_thieves_moves(
    _before: forty_thieves.State, trusted: dict[str, Any], item: dict[str, Any]
) -> Sequence[forty_thieves.Move]:
    """A draw changes the stock; a card move its source (the pile that shrank) and its target."""
    if item["stock"] != trusted["stock"]:
        return _FORTY_THIEVES_DRAW
    changed = _changed(item["columns"], trusted["columns"], _FORTY_THIEVES_COLUMNS)
    changed += _changed(item["foundations"], trusted["foundations"], _FORTY_THIEVES_FOUNDATIONS)
    if item["waste"] != trusted["waste"]:
        changed.append(0)
    if len(changed) != 2:
        return ()
    one, other = changed
    shrank = len(_forty_thieves_pile(item, one)) < len(_forty_thieves_pile(trusted, one))
    move = _FORTY_THIEVES_MOVES[one][other] if shrank else _FORTY_THIEVES_MOVES[other][one]
    return () if move is None else (move,)


_FORTY_THIEVES_DRAW = (forty_thieves.Draw(),)
_PLAYING = PLAYING._value_
_FORTY_THIEVES_PILES: tuple[forty_thieves.Pile, ...] = (
    forty_thieves.Waste(),
    *map(forty_thieves.Column, range(1, forty_thieves.COLUMNS + 1)),
    *map(forty_thieves.Foundation, range(1, forty_thieves.FOUNDATIONS + 1)),
)
"""The piles by number: the waste 0, then the columns, then the foundations."""
_FORTY_THIEVES_COLUMNS = range(1, forty_thieves.COLUMNS + 1)
_FORTY_THIEVES_FOUNDATIONS = range(
    forty_thieves.COLUMNS + 1, forty_thieves.COLUMNS + forty_thieves.FOUNDATIONS + 1
)


def _forty_thieves_pile(saved: dict[str, Any], number: int) -> Any:  # noqa: ANN401 - JSON
    """The saved pile of *number* (the waste 0, then the columns, then the foundations)."""
    if number == 0:
        return saved["waste"]
    if number <= forty_thieves.COLUMNS:
        return saved["columns"][number - 1]
    return saved["foundations"][number - 1 - forty_thieves.COLUMNS]


_FORTY_THIEVES_MOVES: tuple[tuple[forty_thieves.MoveCard | None, ...], ...] = tuple(
    tuple(
        None
        if target in (0, source)
        else forty_thieves.MoveCard(_FORTY_THIEVES_PILES[source], _FORTY_THIEVES_PILES[target])  # type: ignore[arg-type] # not the waste
        for target in range(len(_FORTY_THIEVES_PILES))
    )
    for source in range(len(_FORTY_THIEVES_PILES))
)
"""``_FORTY_THIEVES_MOVES[source][target]``: the card move between two piles by number, made
once; ``None`` onto the waste or onto its own pile."""


def _scorpion_moves(
    before: scorpion.State, trusted: dict[str, Any], item: dict[str, Any]
) -> Sequence[scorpion.Move]:
    """A reserve deal changes the reserve; a move its source and target columns.

    The moved card is the source's face-up card at the height the saved source
    column keeps face up, or its lowest when a face-down card was turned up.
    """
    if item["reserve"] != trusted["reserve"]:
        return _SCORPION_DEAL
    saved = item["columns"]
    numbers = _changed(saved, trusted["columns"], range(scorpion.COLUMNS))
    targets = numbers
    if item["removed_runs"] != trusted["removed_runs"]:
        # A complete run moved whole (uncovered, it stays until its column receives cards)
        # into an empty column is removed there at once: that column is saved unchanged.
        targets = numbers + [
            number
            for number, column in enumerate(before.columns)
            if not column.up and not column.down
        ]
    moves: list[scorpion.Move] = []
    for source in numbers:
        column, kept = before.columns[source], len(saved[source]["up"])
        if len(saved[source]["down"]) != len(column.down):
            kept = 0
        if kept < len(column.up):
            moves += [
                _SCORPION_MOVES[column.up[kept].index][target]
                for target in targets
                if target != source
            ]
    return moves


_SCORPION_DEAL = (scorpion.DealReserve(),)


_SPECS: dict[str, _Spec] = {
    # Forty Thieves reads by its own step (_STEPS); this is what the tests switch it off for.
    "forty_thieves": (_forty_thieves_moves, _forty_thieves_encoded, _FIELDS["forty_thieves"]),
    "scorpion": (_scorpion_moves, _encoded, _FIELDS["scorpion"]),
}
"""What :func:`_successor` reads each game's positions with: its candidate actions (from
the saved piles that changed), :func:`_encoded` and its saved piles (:data:`_FIELDS`)."""
