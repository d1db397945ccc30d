"""Immutable, typed rules engines for Golf, Forty Thieves and Scorpion patience.

>>> import patience_rules
>>> game = patience_rules.new_game("GO1-E-AAAAAAB")
>>> game.check("1").message
'The rank must be one higher or one lower'
"""

from patience_rules import forty_thieves, golf, scorpion
from patience_rules._rules import Status
from patience_rules.cards import Card, Rank, Suit, one_deck, two_decks
from patience_rules.codes import DEALS, GAMES, GameCode, encode, parse_code, variant_of
from patience_rules.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
)
from patience_rules.game import HISTORY_LIMIT, Game, new_game, replay
from patience_rules.reasons import LANGUAGES, Reason, Refusal, UnknownLanguageError, message

__version__ = "0.1.0.dev0"

__all__ = [
    "DEALS",
    "GAMES",
    "HISTORY_LIMIT",
    "LANGUAGES",
    "Card",
    "Game",
    "GameCode",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidNotationError",
    "InvalidPositionError",
    "PatienceError",
    "Rank",
    "Reason",
    "Refusal",
    "Status",
    "Suit",
    "UnknownLanguageError",
    "encode",
    "forty_thieves",
    "golf",
    "message",
    "new_game",
    "one_deck",
    "parse_code",
    "replay",
    "scorpion",
    "two_decks",
    "variant_of",
]
