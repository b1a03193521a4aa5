"""Why the server refuses a command: :class:`TableError`, with a stable ``code`` for the
kind of refusal beside the English message (docs/PROTOCOL.md, "Refusals"). The page shows
the code's text in the reader's language; the message stays for logs and bots.

Every refusal with a code of its own is listed here, with its English message (a
:meth:`str.format` template where it names values, which then travel as ``params``):

>>> error = TableError(NOT_SEATED)
>>> str(error), error.code, error.params
('you are not seated at this table', 'not_seated', {})
>>> error = TableError(CONTRIBUTION_SENT, game=2)
>>> str(error), error.code, error.params
('you have sent your contribution to game 2 already', 'contribution_sent', {'game': 2})

A message without a kind of its own is ``refused``; the rules' errors take the code of
their class (:data:`RULES`):

>>> TableError("a table request is a JSON object").code
'refused'
>>> from nardy.rules.errors import NotYourTurnError
>>> TableError.of(NotYourTurnError("it is player 0's turn, not player 1's")).code
'not_your_turn'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.rules import errors as rules
from nardy.server.protocol.chat import ChatRefused
from nardy.server.protocol.messages import ProtocolError


@dataclass(frozen=True)
class Refusal:
    """A kind of refusal: its code and its English message."""

    code: str
    message: str

    def text(self, params: dict[str, Any]) -> str:
        """The English message with the values ``params`` names filled in.

        >>> CONTRIBUTION_SENT.text({"game": 3})
        'you have sent your contribution to game 3 already'
        """
        return self.message.format(**params) if params else self.message


REFUSED = "refused"
"""The code of a refusal without a kind of its own."""

# -- the table socket
BAD_MESSAGE = "bad_message"
"""The code of a message that could not be read (:class:`ProtocolError`)."""
TEXT_FRAMES = Refusal(BAD_MESSAGE, "send each message as a text frame holding JSON")
NOT_SEATED = Refusal("not_seated", "you are not seated at this table")
MATCH_OVER = Refusal("match_over", "the match is over")
SIGN_IN = Refusal("sign_in", "sign in first")
AUTO_MATCH_ONLY = Refusal("match_tables_only", "automatic play is a match table setting")
HINTS_MATCH_ONLY = Refusal("match_tables_only", "hints are a match table setting")
REMATCH_MATCH_ONLY = Refusal("match_tables_only", "a rematch is for match tables")
REMATCH_PLAYERS_ONLY = Refusal(
    "rematch_players_only", "only the players of this match can ask for a rematch"
)
MATCH_NOT_OVER = Refusal("match_not_over", "the match is not over yet")
CROWDED = Refusal(
    "table_crowded", "this table has as many watchers as it can take; try again later"
)
ADDRESS_SOCKETS = Refusal("too_many_connections", "too many connections from your address")
ADDRESS_OPENS = Refusal(
    "too_many_connections", "too many new connections from your address; wait a little"
)

# -- chat
SIGN_IN_TO_CHAT = Refusal("sign_in_to_chat", "sign in to chat")
CHAT_PLAYERS_ONLY = Refusal("chat_players_only", "only the players at this table can chat here")
SLOW_DOWN = Refusal("slow_down", "slow down: too many chat messages, wait a few seconds")

# -- the players' contributions to the dice (docs/PROTOCOL.md, "Dice")
CONTRIBUTION_PLAYERS_ONLY = Refusal(
    "contribution_players_only", "only the players at this table contribute to its dice"
)
DICE_PRESET = Refusal("dice_preset", "this table's dice were set before players could contribute")
GAME_ROLLED = Refusal(
    "game_rolled",
    "game {game} has rolled already: contributions are taken before a game's first roll",
)
CONTRIBUTION_SENT = Refusal(
    "contribution_sent", "you have sent your contribution to game {game} already"
)

# -- a chouette
SEAT_LEFT = Refusal("seat_left", "you have left this table: the computer plays your seat")
ROLL_OFF_NOT_OVER = Refusal("roll_off_not_over", "the roll-off for box and captain is not over")
RESIGNATION_FINAL = Refusal(
    "resignation_final", "a resignation at a chouette is final: there is none to answer"
)
ANSWER_TEAM_DOUBLE = Refusal("answer_team_double", "answer the proposed team double first")
CAPTAIN_DOUBLES = Refusal(
    "captain_doubles", "only the captain may propose the team's double, before rolling"
)
TEAM_DOUBLE_PROPOSED = Refusal("team_double_proposed", "a team double is already proposed")
TEAM_REFUSED_DOUBLE = Refusal("team_refused_double", "the team refused to double here; roll")
NO_TEAM_DOUBLE = Refusal("no_team_double", "no team double is proposed")
NOTHING_TO_ANSWER = Refusal("nothing_to_answer", "you have nothing to answer")
NOT_STARTED = Refusal(
    "chouette_not_started", "the chouette has not started: its creator may withdraw it"
)
NO_STAND_IN = Refusal("no_stand_in", "no computer can take your seat at this table")

# -- the store and the cluster (docs/DEPLOY.md): the table is fine, ask again
NOT_SAVED = Refusal("not_saved", "the server could not save this ({reason}); try again")
NOT_SAVED_SHOWN = Refusal(
    "not_saved", "the server could not save this ({reason}); the table is shown as saved"
)
MOVED = Refusal(
    "moved",
    "this table has moved to another server: that was not saved; you are being connected "
    "to the table there",
)
UNANSWERED = Refusal(
    "unanswered",
    "the server that held this table stopped before answering; the table goes on elsewhere "
    "— check its state before sending this again",
)
LOST_TOUCH = Refusal("try_again", "this server has lost touch with the others; try again shortly")
KEEPS_MOVING = Refusal("try_again", "this table keeps moving between servers; try again shortly")
ID_TAKEN = Refusal("try_again", "another server holds this new table's id; try again")
NO_ANSWER = Refusal("try_again", "the table's server does not answer; try again shortly")

# -- the lobby (also answered over HTTP, docs/PROTOCOL.md, "Refusals")
NO_TABLE = Refusal("no_table", "there is no table {table_id}")
TABLE_FULL = Refusal("table_full", "this table is full")
TABLE_WITHDRAWN = Refusal("table_withdrawn", "this table was withdrawn: nobody plays at it")
PRIVATE_TABLE = Refusal("private_table", "this table is private: you need its invitation link")
RATED_CREATE = Refusal(
    "rated_needs_account", "rated tables are for registered players: create an account first"
)
RATED_JOIN = Refusal(
    "rated_needs_account", "this table is rated: log in to an account to play at it"
)
UNFINISHED_TABLES = Refusal(
    "too_many_tables", "you have {count} unfinished tables; finish or resign some first"
)
WAITING_TABLES = Refusal(
    "too_many_waiting",
    "you have {count} tables waiting for an opponent already; play there first",
)
NOT_YOUR_TABLE = Refusal("not_your_table", "only the player who made this table can withdraw it")
NOT_WAITING = Refusal(
    "table_not_waiting", "only a table still waiting for players can be withdrawn"
)
# a table request (nardy.server.site.table_request): the lobby's form sends none of the
# malformed ones, which share a code; a script reads the message
REQUEST_OBJECT = Refusal("bad_table_request", "a table request is a JSON object")
OPPONENTS = Refusal("bad_table_request", "opponent must be one of {opponents}")
SETTINGS_OBJECT = Refusal("bad_table_request", "'settings' must be a JSON object")
SEAT_FIELD = Refusal("bad_table_request", "'seat' must be 0, 1 or absent")
CLOCK_FIELDS = Refusal(
    "bad_table_request", "'clock' needs 'move' and 'reserve' in seconds (up to 3600)"
)
CORRESPONDENCE_FLAG = Refusal("bad_table_request", "'clock.correspondence' must be true or false")
RATED_FLAG = Refusal("bad_table_request", "'rated' must be true or false")
CHOUETTE_SIZE = Refusal("chouette_size", "a chouette has 3 to 8 participants")
CHOUETTE_COMPUTERS = Refusal(
    "chouette_computers", "the computer may fill some chouette seats, but not yours"
)
CHOUETTE_MONEY = Refusal("chouette_money_play", "a chouette is backgammon money play")
RATED_MATCHES = Refusal("rated_match_only", "a rated table is a match to a number of points")

# -- the accounts (nardy.server.site.accounts.AccountError)
NAME_INVISIBLE = Refusal("bad_name", "a name needs at least one visible letter or digit")
NAME_TOO_LONG = Refusal("name_too_long", "a name has at most 40 characters")
NAME_KEPT = Refusal("name_kept", "the name {name!r} is kept for the computer; choose another")
NAME_OF_ACCOUNT = Refusal("name_taken", "the name {name!r} is taken by an account; choose another")
NAME_TAKEN = Refusal("name_taken", "the name {name!r} is taken; choose another")
NAME_UNAVAILABLE = Refusal(
    "name_unavailable", "the name {name!r} cannot be registered; choose another"
)
WEAK_PASSWORD = Refusal("weak_password", "a password needs at least 8 characters")
WRONG_PASSWORD = Refusal("wrong_password", "wrong name or password")
BUSY = Refusal("busy", "the server is busy signing people in; try again in a moment")

# -- HTTP only (nardy.server.http.refused)
SIGN_IN_FIRST = Refusal("sign_in", "sign in first: play as a guest or log in")
TOO_MANY_REQUESTS = Refusal(
    "too_many_requests", "too many requests; try again in {seconds} seconds"
)
TOO_MANY_NEW_PLAYERS = Refusal(
    "too_many_new_players",
    "too many new players from your address; try again in {seconds} seconds",
)
TOO_MANY_LOGINS = Refusal(
    "too_many_logins", "too many failed logins; try again in {seconds} seconds"
)
ORIGIN_REFUSED = Refusal("origin_refused", "requests from {origin} are not accepted here")
TOO_LARGE = Refusal("too_large", "the request body is too large (the limit is {limit} bytes)")
SERVER_FAILED = Refusal("server_failed", "the server failed to answer this request")

# -- the HTTP API's routes (nardy.server.http)
ENGINE_PACE = Refusal(
    "too_many_requests", "too many requests for the engine; try again in {seconds} seconds"
)
NO_PLAYER = Refusal("no_player", "there is no player {player_id}")
UNKNOWN_VARIANT = Refusal("unknown_variant", "unknown variant {variant!r}; variants: {variants}")
RECORDS_MATCH_ONLY = Refusal(
    "match_tables_only", "game records are kept for matches, not chouette tables"
)
NO_SGF = Refusal("no_export", "no .sgf for this table: {reason}")
NO_MAT = Refusal("no_export", "no .mat for this table: {reason}")
BAD_DICE_DOCUMENT = Refusal("bad_dice_document", "{reason}")
ROLLS_TWO_DICE = Refusal("bad_rolls", "each roll is two dice")
SEED_HEXADECIMAL = Refusal("bad_seed", "the seed must be hexadecimal")

# -- the Bot API and its tokens (INTERFACES.md §9)
BEARER_FORM = Refusal("bad_authorization", "the Authorization header must be 'Bearer TOKEN'")
BAD_TOKEN = Refusal("bad_token", "this token is wrong or was revoked")
TOKEN_NEEDED = Refusal("token_needed", "the Bot API needs 'Authorization: Bearer TOKEN'")
NOT_A_BOT = Refusal("not_a_bot", 'this account is not a bot account: register one with "bot": true')
ACCOUNT_FIRST = Refusal("sign_in_account", "sign in to your account first")
TOKENS_FOR_ACCOUNTS = Refusal(
    "tokens_for_accounts", "tokens are for registered accounts: create one first"
)
NO_TOKEN = Refusal("no_token", "you have no such token")
NO_BOT = Refusal("no_bot", "there is no bot {bot_id}")
SELF_CHALLENGE = Refusal("self_challenge", "a bot cannot challenge itself")
ANSWER_LATE = Refusal("unanswered", "the table did not answer in time; look at its state")

# -- tournaments (INTERFACES.md §8)
NO_TOURNAMENT = Refusal("no_tournament", "there is no tournament {tournament_id}")
RATED_TOURNAMENT_CREATE = Refusal(
    "rated_tournament_needs_account", "rated tournaments are made by registered players"
)
RATED_TOURNAMENT_JOIN = Refusal(
    "rated_tournament_needs_account", "this tournament is rated: log in to an account to enter"
)
CREATOR_STARTS = Refusal("tournament_creator_only", "only the tournament's creator may start it")
CREATOR_ADDS_COMPUTERS = Refusal(
    "tournament_creator_only", "only the tournament's creator may add the computer"
)
TOURNAMENT_STARTED = Refusal("tournament_started", "the tournament has started already")
ENTRIES_CLOSED = Refusal("tournament_started", "entries are closed: the tournament has started")
TOURNAMENT_FULL = Refusal("tournament_full", "the tournament is full ({limit} players)")
TOO_FEW_PLAYERS = Refusal("too_few_players", "a tournament needs two players or more to start")
NOT_ENTERED = Refusal("not_in_tournament", "you are not in this tournament")
UNKNOWN_LEVEL = Refusal("unknown_level", "unknown level {level!r}; levels: {levels}")
CHAT_TOO_LONG = Refusal("chat_too_long", "a chat message is at most {limit} characters long")

# -- reviews, hints and the analysis of a position (docs/PROTOCOL.md, "Reviews, hints and
# analysis")
REVIEWS_MATCH_ONLY = Refusal(
    "match_tables_only", "reviews and hints are for matches, not chouette tables"
)
NO_FINISHED_GAME = Refusal("no_finished_game", "no game of this table has finished yet")
HINTS_PLAYERS_ONLY = Refusal("hints_players_only", "hints are for the players at the table")
HINTS_NOT_ALLOWED = Refusal(
    "hints_not_allowed",
    "hints are for games against the computer, and for unrated games between people when"
    " both agree",
)
CHOUETTE_HINTS = Refusal(
    "hints_not_allowed", "hints at a chouette are for a player with only computers"
)
ROLLOUT_GAMES = Refusal("bad_rollout_games", "a rollout here is {sizes} games")
CUBE_OWNER = Refusal("bad_cube_owner", "'owner' is centred, roller or opponent")
CUBE_VALUE = Refusal("bad_cube", "'cube' is a power of two from 1 to 64")
SCORE_BELOW_LENGTH = Refusal("bad_score", "each score must be below the match length")
PLY_RANGE = Refusal("bad_ply", "'ply' is from 0 to {most}")
ONE_OF_THREE = Refusal("one_position", "give one of 'text', 'position' and 'position_id'")
ONE_OF_TWO = Refusal("one_position", "give either 'position' (position JSON) or 'position_id'")
TWO_DICE = Refusal("bad_dice", "'dice' are two numbers from 1 to 6")
BOTH_BORNE_OFF = Refusal(
    "both_borne_off",
    "both sides have borne off all their checkers, but the game ends when the first side"
    " has (RULES.md C7)",
)
UNREADABLE_POSITION = Refusal("unreadable_position", "{reason}")

# -- the engine's desk (nardy.server.http.engine_desk)
TOO_COSTLY = Refusal("too_costly", "{reason}")
CANNOT_CHECK_NOW = Refusal(
    "engine_busy", "the server cannot check this position now; try again soon"
)
ENGINE_BUSY = Refusal("engine_busy", "{reason}")
ENGINE_SHARE = Refusal("engine_share", "{reason}")
ENGINE_FAILED = Refusal("engine_failed", "{reason}")
RATED_LIVE = Refusal(
    "rated_live",
    "this is the position of a rated match in play: it is analysed for nobody until the"
    " match is over",
)

RULES: dict[type[Exception], str] = {
    ProtocolError: BAD_MESSAGE,
    ChatRefused: "empty_chat",
    rules.NotYourTurnError: "not_your_turn",
    rules.NothingToAnswerError: NOTHING_TO_ANSWER.code,
    rules.MatchOverError: MATCH_OVER.code,
    rules.IllegalMoveError: "illegal_play",
    rules.IllegalPlayError: "illegal_play",
    rules.IllegalActionError: "illegal_action",
    rules.SettingsError: "bad_settings",
    rules.NotationError: "bad_notation",
    rules.InvalidPositionError: "invalid_position",
}
"""The code of each error class of the rules (and of a message that could not be read, or
a chat line without text); the nearest class listed decides."""


def code_of(error: Exception) -> str:
    """The code of ``error``: its own for a :class:`TableError`, else its class's."""
    if isinstance(error, TableError):
        return error.code
    kind = next((cls for cls in type(error).__mro__ if cls in RULES), None)
    return REFUSED if kind is None else RULES[kind]


class TableError(rules.NardyError):
    """A command the table refuses: the reason for the person who sent it (``str``), the
    kind of refusal (``code``) and the values its message names (``params``)."""

    def __init__(self, kind: Refusal | str, /, **params: Any) -> None:
        refusal = kind if isinstance(kind, Refusal) else Refusal(REFUSED, kind)
        super().__init__(refusal.text(params))
        self.code = refusal.code
        self.params: dict[str, Any] = params

    @classmethod
    def relayed(cls, message: str, code: str, params: dict[str, Any]) -> TableError:
        """The refusal another process made, from the message, code and params it sent."""
        error = cls(Refusal(code, message))
        error.params = dict(params)
        return error

    @classmethod
    def of(cls, error: Exception) -> TableError:
        """The refusal of a command the rules, or the reading of a message, refused: the
        same message, with the code of the error's kind."""
        if isinstance(error, TableError):
            return error
        return cls(Refusal(code_of(error), str(error)))
