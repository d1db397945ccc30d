"""Immutable, typed rules engines for Golf, Forty Thieves and Scorpion patience.

>>> import patience_rules
>>> game = patience_rules.new_game("GO1-E-AAAAAAB")
>>> game.check("1").message
'The rank must be one higher or one lower'
"""

from patience_rules import (
    effects,
    forty_thieves,
    gestures,
    golf,
    interchange,
    piles,
    scorpion,
    views,
)
from patience_rules._rules import Status
from patience_rules.cards import Card, Rank, Suit, one_deck, two_decks
from patience_rules.codes import DEALS, GAMES, GameCode, encode, parse_code, variant_of
from patience_rules.effects import move_effects
from patience_rules.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
)
from patience_rules.game import HISTORY_LIMIT, MAX_MOVES, Game, new_game, replay
from patience_rules.gestures import destinations, drag_move
from patience_rules.piles import Pile, PileKind
from patience_rules.reasons import LANGUAGES, Reason, Refusal, UnknownLanguageError, message
from patience_rules.views import player_moves, player_view

__version__ = "0.1.0.dev0"

__all__ = [
    "DEALS",
    "GAMES",
    "HISTORY_LIMIT",
    "LANGUAGES",
    "MAX_MOVES",
    "Card",
    "Game",
    "GameCode",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidNotationError",
    "InvalidPositionError",
    "PatienceError",
    "Pile",
    "PileKind",
    "Rank",
    "Reason",
    "Refusal",
    "Status",
    "Suit",
    "UnknownLanguageError",
    "destinations",
    "drag_move",
    "effects",
    "encode",
    "forty_thieves",
    "gestures",
    "golf",
    "interchange",
    "message",
    "move_effects",
    "new_game",
    "one_deck",
    "parse_code",
    "piles",
    "player_moves",
    "player_view",
    "replay",
    "scorpion",
    "two_decks",
    "variant_of",
    "views",
]
