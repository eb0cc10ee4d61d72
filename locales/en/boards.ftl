# Boards of a round: assignment (G-V22, E-2), substitutions (G-V31, G-V32), withdrawal (G-G2), lateness (E-6).
boards-wrong-count = { $found } boards assigned, but the match is played on { $expected }.
boards-not-in-entry = Board { $board }: { $nick } is not in the team's line-up for this tournament, neither as a main player nor as a substitute.
boards-on-two-boards = { $nick } is on two boards at once: { $first } and { $again }.
boards-moved = Board { $own } is fixed to { $nick }; moving to board { $placed } is not allowed — players may not be moved between boards.
boards-substitute-fixed = { $nick } has played board { $played } in this tournament and stays on it; cannot be put on board { $placed }.
boards-empty = { $count } { $count ->
        [one] board is empty and will be forfeited.
       *[other] boards are empty and will be forfeited.
    }
boards-withdrawn = More than { $max } players are missing and no substitute is possible: the team is withdrawn from the tournament and loses all its remaining games.
boards-ann-format = The announcement reads "team table_no, Player => replacement", e.g. "Ладья 3, vasya => petya".
boards-ann-empty = The substitution announcement is empty.
boards-ann-missing-arrow = There is no arrow "=>" between the player replaced and the replacement.
boards-ann-several-arrows = The arrow "=>" appears more than once: one announcement, one substitution.
boards-ann-missing-comma = There is no comma between the table number and the player replaced.
boards-ann-missing-team = The team is missing.
boards-ann-missing-table = The table number after the team name is missing.
boards-ann-bad-table = The table number must be a positive whole number, not "{ $found }".
boards-ann-empty-out = The player replaced is missing.
boards-ann-empty-in = The replacement is missing.
boards-ann-bad-nick = "{ $nick }" is not a nick: nicks have no spaces or commas.
boards-sub-wrong-team = The announcement names the team "{ $found }", not "{ $expected }".
boards-sub-unknown-nick = No player is registered as "{ $nick }".
boards-sub-no-such-board = There is no table { $board }: the match's tables are 1 to { $boards }.
boards-sub-not-on-board = { $actual } is playing at table { $board }, not { $nick }.
boards-sub-board-empty = Table { $board } is empty now; { $nick } is not playing there.
boards-sub-not-substitute = { $nick } is not a substitute of this team in the tournament: only a substitute may come in.
boards-sub-already-played = { $nick } has already played in this round: only someone who has not played in this round may come in.
boards-sub-another-board = { $nick } has played board { $played } in this tournament and stays on it; cannot come in at table { $board }.
boards-reason-captain = substitution by the captain's decision (G-V31)
boards-reason-lost-connection = replacement of a player who lost connection (G-V32)
boards-late-forfeit = Later than allowed: the game is lost by forfeit.
boards-late-clock = The delay of { $delay } is taken off the player's clock.
