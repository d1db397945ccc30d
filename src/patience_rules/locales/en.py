"""The texts of the library and the terminal client in English."""

TEXTS = {
    # Names shown in the header.
    "game_golf": "Golf",
    "game_forty_thieves": "Forty Thieves",
    "game_scorpion": "Scorpion",
    "variant_easy": "easy",
    "variant_classic": "classic",
    "variant_standard": "standard",
    "variant_flexible": "flexible",
    "status_playing": "playing",
    "status_won": "won",
    "status_stuck": "stuck",
    "header": "{code} · {game} ({variant}) · move {moves} · score {score}",
    "one_move": "1 move",
    "many_moves": "{count} moves",
    # The table.
    "empty": "empty",
    "one_card": "1 card",
    "many_cards": "{count} cards",
    "stock": "stock: {cards}",
    "waste_top": "waste: {top}",
    "waste_pile": "waste: {count} cards, top {top}, then {under}",
    "foundations": "foundations:",
    "column": "column {number}:",
    "reserve": "reserve: {count} cards face down (r deals them)",
    "reserve_dealt": "reserve: dealt",
    "runs_removed": "runs removed: {suits}",
    "none": "none",
    # The session.
    "intro_moves": "Type a move such as {examples}.",
    "intro_keys": "? lists the legal moves, ! gives a hint, u undoes, q quits.",
    "resumed": "Going on with the game saved in {path} ({moves}).",
    "prompt": "> ",
    "prompt_over": "game over: u undoes, q quits> ",
    "legal_moves": "Legal moves: {moves}",
    "also": "Also: ! hint, svg FILE saves a picture, u undo, q quit.",
    "undone": "Undone.",
    "refused": "✗ {why}",
    "not_a_move": "{text}: {why}. Type ? for the legal moves.",
    "not_utf8": "That line is not UTF-8 text; nothing was played.",
    "line_too_long": "That line is longer than {limit} bytes; nothing was played.",
    "input_stopped": "No end of line in sight: the input is read no further.",
    "no_foundation_move": "The card on {pile} goes on no foundation: {why}.",
    "no_tap_move": "The card on {pile} has nowhere to go.",
    "svg_saved": "Picture saved to {path}.",
    "svg_needs_file": "Name the picture's file: svg FILE",
    "won": "You won! Final score: {score}.",
    "stuck": (
        "No more moves possible: each of the {left} cards left on the board costs 10 points."
        " Final score: {score}."
    ),
    "no_legal_move": "No legal move is left: u undoes the last move, q quits.",
    "hint": "Hint: {move} ({outlook}).",
    "hint_none": "No hint: the game is over.",
    "hint_chance": (
        "Of {worlds} deals that look the same to you, it wins {wins}, loses {losses}"
        " and {unknown} are undecided."
    ),
    "lost_win": "That move lost a game that could still be won (proved).",
    "lost_chance": (
        "From what you could see, it lowered your chance of winning from {before} to {after};"
        " {move} would have kept it."
    ),
    "lost_unseen": "From what you could see, no other move was better: hidden cards decided it.",
    "outlook_win": "still winnable",
    "outlook_no_win": "no longer winnable",
    "outlook_unknown": "whether it can still be won is unknown",
    "final_score": "Final score: {score} after {moves}.",
    "final_replay": "Final score: {score} after {moves} ({status}).",
    "record_follows": "Game record (replay it with: patience-rules replay FILE):",
    "saved": "Saved to {path}.",
    "save_failed": "✗ cannot save to {path}: {why}",
    "last_save_failed": "The last save to {path} failed: it holds an older record.",
    # Problems reported on standard error.
    "record_not_text": "a game record is JSON text, not {kind}",
    "record_not_json": (
        "not a JSON game record: the error is at line {line}, column {column}; a game record is "
        "the JSON that play --save and Game.to_record() write"
    ),
    "record_is_code": (
        "this is a game code, not a game record: play it with patience-rules play {code}"
    ),
    "record_is_saved_game": (
        "this is a saved game in the position format (what Game.to_dict() writes), not a game "
        "record (what play --save and Game.to_record() write); load this one in Python with "
        "Game.from_dict()"
    ),
    "record_is_position": (
        "this is a position without its game (what a game module's to_dict() writes), not a "
        "game record (what play --save and Game.to_record() write); read this one in Python "
        "with its game module's from_dict()"
    ),
    "record_is_view": (
        "this is a player view (what views.player_view() writes), not a game record: its hidden "
        "cards are left out, so it cannot be played on; use the record that play --save or "
        "Game.to_record() wrote instead"
    ),
    "record_code_and_start": "a game record has a 'code' or a 'start' field, not both",
    "record_no_start": (
        "the game record has neither a 'code' field (the deal it starts from) nor a 'start' "
        "field (the saved position it starts from)"
    ),
    "record_bad_start": "field 'start': {why}",
    "record_too_deep": "not a JSON game record: it is nested too deeply",
    "record_not_object": 'a game record must be a JSON object {{"code": ..., "moves": [...]}}',
    "record_missing": "the game record has no '{field}' field",
    "record_bad_code": "field 'code': {code}: {why}",
    "record_bad_value": "not a JSON game record: a value in it cannot be read",
    "record_bad_format": "field 'format' must be {format}",
    "record_moves_not_list": "field 'moves' must be a list of move notations",
    "record_move_not_text": "moves[{index}] is not a move notation (a string)",
    "record_bad_lang": "field 'lang' must be one of {languages}",
    "cannot_read": "cannot read {path}: {why}",
    "not_utf8_file": "it is not UTF-8 text",
    "too_large": "{path} holds more than {limit} bytes, more than any game record",
    "record_problem": "{path}: {problem}",
    "move_refused": "{path}: moves[{index}] {text} is refused: {why}",
    "move_unknown": "{path}: moves[{index}] {text}: {why}",
    "cannot_save": "cannot save to {path}: {why}",
    "code_or_game": "give either a CODE or --game/--variant: a code names its game",
    "save_holds_game": "{path} already holds a game: --game/--variant cannot change it",
    "save_holds_other": "{path} holds the game {code}, not {other}",
    "bad_code": "{code}: {why}",
    "bad_variant": "{variant} is not a {game} variant (expected one of {choices})",
    "unknown_variant": "{variant} is not a variant of any game ({choices})",
    # Why a file cannot be read or written: the system's error, by its errno name.
    "os_enoent": "No such file or directory",
    "os_eacces": "Permission denied",
    "os_eperm": "Operation not permitted",
    "os_eisdir": "Is a directory",
    "os_enotdir": "Not a directory",
    "os_enospc": "No space left on device",
    "os_edquot": "Disk quota exceeded",
    "os_erofs": "Read-only file system",
    "os_enametoolong": "File name too long",
    "os_eloop": "Too many levels of symbolic links",
    "os_eio": "Input/output error",
    "os_eexist": "File exists",
    "os_efbig": "File too large",
    "os_emfile": "Too many open files",
    "os_ebusy": "Device or resource busy",
    "os_einval": "Invalid argument",
    "not_a_file_device": "it is a device, not a regular file",
    "not_a_file_fifo": "it is a FIFO (a named pipe), not a regular file",
    "not_a_file_socket": "it is a socket, not a regular file",
    "os_other": "{message}",
    # A solver's refusal, which it words in English only.
    "solver_error": "{message}",
    # The stats command.
    "stats_title": "{game} {variant}: {total} deals ({sample}), method {method}",
    "stats_random": "random deals",
    "stats_seed": "seed {seed}",
    "stats_outcomes": "outcomes: {counts}",
    "stats_count": "{outcome} {count}",
    "outcome_win": "win",
    "outcome_no_win": "no_win",
    "outcome_unknown": "unknown",
    "stats_winnable": "winnable: {share} (95% Wilson interval {low}–{high})",
    "stats_unknown_note": (
        "  unknown deals count as not won, {upper} if all were won; the interval counts them"
        " as lost for its lower bound and as won for its upper bound (as Blake & Gent do)"
    ),
    "stats_time": (
        "time: {wall} s wall; per deal median {median} s, 90th percentile {p90} s, max {longest} s"
    ),
    "stats_states": "states per deal: median {median}, max {most}",
    "stats_rate": "speed: {rate} deals per second ({solved} deals solved by this run)",
    "results_resumed": "{path}: {done} deals already solved, {left} to go",
    "stats_interrupted": "interrupted: the report counts the {solved} deals this run solved",
    "results_dropped": (
        "{path}: its last line was cut short ({size} bytes, an interrupted write): dropped,"
        " and its deal solved again"
    ),
    "results_not_ours": (
        "{path} is not a results file of patience-rules stats: its first line is not the"
        " header of one; name another file"
    ),
    "results_other_run": (
        "{path} holds another run: its {field} is {theirs}, not {ours}; give the same options"
        " to resume it, or name another file"
    ),
    "results_busy": "{path} is in use by another run of stats; wait for it or name another file",
    "results_bad_line": "line {line}: {why}",
    "results_bad_field": "field '{field}' is missing or wrong",
    "results_other_deal": "line {line}: the deal {code} is not the seed's deal {expected}",
    "results_line_too_long": "line {line} holds more than {limit} bytes",
    "results_too_many": "{path} holds more than {limit} deals, more than a results file may",
    "needs_dask": "{option} needs Dask, which is not installed: pip install '{extra}'",
    "no_scheduler": "cannot reach the Dask scheduler at {address}: {why}",
    "workers_with_scheduler": (
        "--workers sets the size of a local pool or cluster; the cluster of --scheduler has"
        " its own workers"
    ),
    "progress": "{done}/{total} deals, {seconds} s",
    # The daily deal and solution playback.
    "daily_deal": "The daily deal of {date} (a UTC date): {code}, proved winnable.",
    "solve_found": (
        "{code}: a winning line of {moves} moves.  It shows cards that are hidden in play."
    ),
    "solve_no_win": "{code} cannot be won: no line of play wins it (proved).",
    "solve_unknown": (
        "The solver could not decide {code} within {seconds} seconds; try more --max-seconds."
    ),
    "solve_step": "Move {number} of {total}:",
    "solve_pause": "Enter for the next move, q to stop: ",
    "effect_turned_up": "{card} turned face up on {pile}",
    "effect_score": "{points} points, score {score}",
    "metavar_date": "DATE",
    "not_a_date": "{value} is not a date such as 2026-12-02",
    "help_daily": "play the daily deal: the same proved-winnable deal for everyone each day",
    "help_date": "the date of the daily deal, such as 2026-12-02 (default: today in UTC)",
    "help_solve": "solve a deal and show a winning line move by move",
    "help_solve_description": (
        "Solve the deal of CODE and print a winning line move by move, each with what it does "
        "and the table after it; on a terminal, wait for Enter between moves.  A solution "
        "shows cards that are hidden in play."
    ),
    "help_solve_save": "save the solution as a game record in FILE, which replay replays",
    "help_solve_seconds": "seconds the solver may think (default {seconds})",
    # The command line: the placeholders of its arguments (metavariables).
    "metavar_file": "FILE",
    "metavar_code": "CODE",
    "metavar_game": "GAME",
    "metavar_command": "COMMAND",
    "metavar_address": "ADDRESS",
    # The command line: help texts.
    "help_description": "Play Golf, Forty Thieves and Scorpion patience in the terminal.",
    "help_epilog": "Start with: patience-rules play",
    "help_version": "print the version and exit",
    "help_commands": "commands",
    "help_lang": "the language of everything printed (default en, or the saved game's)",
    "help_color": "colour the output (default: only on a terminal, and not when NO_COLOR is set)",
    "help_play": "play a game in the terminal",
    "help_play_description": (
        "Play a game: type moves in the game's notation, u to undo, ? or h for the legal moves, "
        "! for a hint, svg FILE to save a picture of the table, q to quit.  Reads one move per "
        "line (at most {limit} bytes), so input can be piped.  Without CODE, deals a random game."
    ),
    "help_code": "a game code such as GO1-E-AAAAAAF",
    "help_play_game": "the game of a random deal: {games} (default golf)",
    "help_play_variant": (
        "the rule variant of a random deal ({variants}); without --game, the first game"
        " listed that has it"
    ),
    "help_winnable": "deal a random game that the solver has proved winnable",
    "help_save": "keep the game record in FILE; if FILE holds one already, go on with that game",
    "help_deal": "print the position a game code deals",
    "help_svg": "also save a picture of the table in FILE (SVG)",
    "help_new": "print a fresh random game code",
    "help_new_game": "the game: {games}",
    "help_new_variant": "the rule variant ({variants})",
    "help_new_difficulty": (
        "a deal of this difficulty, as the solver rates it: 1 (easiest) to 5 (hardest), "
        "or 0 for a deal it could not win (gives up after {seconds} seconds)"
    ),
    "help_replay": "replay a saved game record",
    "help_replay_description": (
        "Replay a game record (at most {limit} bytes) and print the final position and score.  "
        "A record is what play --save and Game.to_record() write, in one of two forms: "
        '{{"code": CODE, "moves": [...]}} for a game dealt from a code, or '
        '{{"start": {{...}}, "moves": [...]}} for a game that starts from a saved position '
        '(what Game.to_dict() writes); the moves are notations, with "u" for an undo.'
    ),
    "help_file": "the record file, or - for standard input",
    "help_stats": "solve random deals and report how many are winnable",
    "help_stats_description": (
        "Solve a sample of random deals, several at a time, and print how many the solver wins, "
        "with a 95% confidence interval, the count of each outcome and the time taken.  A "
        "progress bar shows on a terminal; a log gets a line every few seconds."
    ),
    "help_stats_game": "the game: {games}",
    "help_stats_variant": "the rule variant (default: the game's default)",
    "help_deals": "how many deals (200), those already in the --results file included",
    "help_seed": "draw the deal numbers repeatably from this seed",
    "help_max_states": "states per deal before the outcome is unknown",
    "help_max_seconds": "seconds per deal before the outcome is unknown (10)",
    "help_method": "the solver's engine",
    "help_workers": (
        "worker processes of the pool or of --dask-local's cluster (default: one per CPU;"
        " 1 without Dask: no pool)"
    ),
    "help_scheduler": (
        "solve the deals on the Dask cluster of this scheduler, such as tcp://host:8786"
        " (needs the cluster extra)"
    ),
    "help_dask_local": "solve the deals on a Dask cluster started here (needs the cluster extra)",
    "help_results": (
        "write each deal's result to FILE as a JSON line as it is solved; if FILE holds"
        " results of the same run, go on from there"
    ),
    # The command line: problems with it.
    "usage_error": "{prog}: error: {message}",
    "argument_error": "argument {name}: {message}",
    "unknown_game_choice": "unknown game {game} (choose from {games})",
    "not_positive": "{value} is not a whole number above 0",
    "not_whole_number": "{value} is not a whole number",
    "not_seconds": "{value} is not a number of seconds above 0",
    # argparse's own texts, which it looks up by their English (its gettext message ids):
    # the client's parser reads them here, so they keep argparse's %-placeholders.
    "argparse_usage": "usage: ",
    "argparse_positionals": "positional arguments",
    "argparse_options": "options",
    "argparse_heading": "%(heading)s:",
    "argparse_help": "show this help message and exit",
    "argparse_invalid_choice": "invalid choice: %(value)r (choose from %(choices)s)",
    "argparse_invalid_type": "invalid %(type)s value: %(value)r",
    "argparse_required": "the following arguments are required: %s",
    "argparse_unrecognized": "unrecognized arguments: %s",
    "argparse_expected_one": "expected one argument",
    "argparse_expected_at_most_one": "expected at most one argument",
    "argparse_expected_at_least_one": "expected at least one argument",
    "argparse_ambiguous": "ambiguous option: %(option)s could match %(matches)s",
    "argparse_ignored_explicit": "ignored explicit argument %r",
    # Why an action is refused, a notation or a code not read: patience_rules.reasons.Reason.
    "reason_game_won": "The game is over: it is already won",
    "reason_nothing_to_undo": "There is nothing left to undo",
    "reason_move_limit": "The game has reached the most moves a game may have",
    "reason_stock_empty": "The stock is empty",
    "reason_wrong_rank": "The card must be exactly one rank lower than the card it goes on",
    "reason_nothing_on_ace": "Nothing can be placed on an Ace",
    "reason_rank_not_adjacent": "The rank must be one higher or one lower",
    "reason_card_blocked": "This card is blocked",
    "reason_card_not_on_board": "This card is not on the board",
    "reason_empty_column": "This column is empty",
    "reason_no_moves": "No more moves possible",
    "reason_wrong_suit": "The card must be of the same suit as the card it goes on",
    "reason_empty_source": "There is no card to move there",
    "reason_same_pile": "A card cannot move onto its own pile",
    "reason_foundation_needs_ace": "A foundation must start with the Ace of its suit",
    "reason_foundation_wrong_suit": "This foundation takes only cards of its own suit",
    "reason_foundation_wrong_rank": (
        "A foundation is built up in order: the card must be one rank higher than its top card"
    ),
    "reason_foundation_to_foundation": "A card cannot move from one foundation to another",
    "reason_king_only_on_empty": "Only a King can go on an empty column",
    "reason_same_suit_required": "Rule: cards must be of the same suit",
    "reason_face_down": "A face-down card cannot be moved",
    "reason_card_not_in_play": "This card is not on the tableau",
    "reason_reserve_dealt": "The reserve has already been dealt",
    "reason_not_a_move": "This is not a move of this game",
    "reason_notation_too_long": "This is too long to be a move",
    "reason_not_a_card": "This is not the name of a card",
    "reason_no_such_column": "There is no column with this number",
    "reason_no_such_foundation": "There is no foundation with this number",
    "reason_no_such_pile": "There is no pile with this name",
    "reason_waste_not_a_target": "No card can be moved onto the waste",
    "reason_invalid_code": "This does not name a game, a variant and a deal",
    "reason_code_form": "A game code has the form PPP-V-XXXXXXX, such as GO1-E-AAAAAAF",
    "reason_code_too_long": "This is too long to be a game code",
    "reason_unknown_code_prefix": "A game code starts with the prefix of a game: GO1, FT1 or SC1",
    "reason_unknown_variant_letter": (
        "The second part of a game code is a variant letter of its game"
        " (GO1: E or C, FT1: N, SC1: C or F)"
    ),
    "reason_deal_part_length": "The deal part of a game code has 7 characters",
    "reason_not_a_code_character": (
        "The deal part of a game code holds only the letters A-Z and the digits 2-7"
    ),
    "reason_deal_number_out_of_range": "A deal number is a whole number from 0 to 2**35 - 1",
    "reason_unknown_game": "There is no game of this name",
    "reason_not_a_variant": "This is not a rule variant of the game",
}
