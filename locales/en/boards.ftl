# Boards of a round: assignment (V.2.2, “team boards”), substitutions (V.3.1, V.3.2), withdrawal (G.2), lateness (“lateness”).
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
boards-ann-format = The announcement reads "team table number, player replaced => substitute", e.g. "Ладья 3, vasya => petya", where 3 is the table number.
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
boards-sub-board-empty = Table { $board } is empty now and { $nick } was not lined up there. Name the player the line-up put at that table (the one taken off), or choose the table and the substitute in the lists below.
boards-sub-not-substitute = { $nick } is not a substitute of this team in the tournament: only a substitute may come in.
boards-sub-already-played = { $nick } has already played in this round: only someone who has not played in this round may come in.
boards-sub-another-board = { $nick } has played board { $played } in this tournament and stays on it; cannot come in at table { $board }.
boards-reason-captain = substitution by the captain's decision
boards-reason-lost-connection = replacement of a player who lost connection
boards-late-forfeit = Later than allowed: the game is lost by forfeit.
boards-late-clock = The delay of { $delay } is taken off the player's clock.

# Line-ups, matches, reports (V.2.2, V.3.1, V.3.2, “lateness”, G.2, V.2.3).
lineup-title = Board line-up of { $entry }
lineup-intro = Put each player on a board before the round (V.2.2): main players only on their own board, a substitute on the board of a main player who does not play. A board left empty is lost by forfeit. The next round's line-up can be prepared while the current round runs.
lineup-problems = { $count ->
        [one] The line-up was not saved: one problem.
       *[other] The line-up was not saved: { $count } problems.
    }
lineup-none-open = No round is open for a line-up now.
lineup-opponent = Provisional line-up of { $entry }
lineup-empty-board = — empty (forfeit) —
lineup-save = Save the line-up
lineup-substitute = substitute
lineup-board-player = { $nick } (main player, board)
lineup-saved = Line-up for round { $round } saved.
lineup-link = Board line-up
lineup-not-playing = This team does not play in this tournament (waiting, sitting out, withdrawn or retired).
lineup-round-closed = The line-up for round { $round } can no longer be changed (its games have begun) or cannot be set yet.
match-link = Match
match-boards = Boards
match-board = Board
match-actions = Actions
match-not-running = The round is not being played: it is not published yet or is complete.
match-board-finished = Every game at table { $board } has a result: nobody is left to replace.
match-armageddon-board = No substitution on board { $board }: its players play the armageddon, and nobody replaces them once it is assigned.
report-result = Result to report
report-submit = Report
report-confirm = Confirm
report-pending = reported
report-waiting = Result reported; it becomes final when the other captain confirms it or a judge decides.
report-confirmed = Result confirmed by both captains: it is final.
report-not-a-result = Report a final result: 1-0, ½-½, 0-1 or a forfeit.
report-already-decided = This game already has its result.
late-side = Late
late-by = by (min:sec)
late-submit = Record lateness
late-bad-value = Give the lateness as minutes:seconds (e.g. 5:30) or whole minutes.
substitutions-title = Substitutions
substitution-from-game = from game { $game }
substitution-form-title = Announce a substitution
substitution-announcement = Announcement
substitution-reason = Reason
substitution-submit = Record the substitution
substitution-recorded = Substitution in { $entry } at table { $board } recorded, from game { $game }.
retire-reason = Reason for withdrawing
retire-submit = Withdraw (G.2)
retire-done = The team is withdrawn from the tournament (G.2) and loses all its remaining games.
retire-already = This team has already been withdrawn.
retire-warning = More than two boards are empty with no substitute possible (G.2).
interrupt-reason = What happened
interrupt-submit = Interrupted: replay open games (V.2.3)
interrupt-done = { $count ->
        [one] One game without a result is to be replayed (V.2.3).
       *[other] { $count } games without a result are to be replayed (V.2.3).
    }
reason-required = Give a reason.
boards-sub-no-such-player = Nobody on the platform has the nick "{ $nick }".
boards-sub-other-team = { $nick } plays for { $team }, not for this team.
boards-sub-not-in-entry = { $nick } is on the team's roster but not in the line of { $entry }: only the players and substitutes the entry named can come in (B.1.3, V.3.1).
rule-not-in-regulation = The regulation of this championship has no such rule.
violations-title = Reports to the chief judge (V.3.3)
violation-board-n = board { $board }
violation-answer = Chief judge's answer
violation-open = Waiting for the chief judge's answer
violation-answer-submit = Answer
violation-form-title = Report a violation of the opponent's substitutions
violation-form-hint = Players accept the opponent's substitutions; if a rule was broken, tell the chief judge here (V.3.3). The judges and both captains see the report.
violation-board = Board
violation-what = What happened
violation-submit = Send to the chief judge
violation-reported = Your report went to the chief judge.
violation-answered = The answer is recorded and the captain is told.
violation-finished = The tournament is finished: a complaint now goes to the appeals committee (D.4).
violation-not-played = This match is not being played (its round is not published, or it is a bye).
violation-what-required = Say what happened.
violation-bad-board = The match has boards 1 to { $boards }.
violation-answer-required = Write the answer.
violation-already-answered = This report has been answered already.
violation-line = Round { $round }, table { $table }
substitution-no-such-game = The board has no game { $game } in this match.
substitution-game-played = Game { $game } of this board has its result already: a substitute comes in before a game, from the next one on.
substitution-from-game-label = Plays from game
substitution-lists-hint = Choose the table and the substitute, or type the captain's announcement below instead. On a table left empty (a player removed), the substitute takes the removed player's place for the rest of the tournament.
substitution-board-label = Table
substitution-replacement-label = Substitute
unfit-short-banned = banned
unfit-short-not-on-roster = not on the team's roster
unfit-short-not-admitted = not admitted
lineup-out-of-order = The regulation wants the boards in descending rating (tolerance { $tolerance }): { $lower_nick } on board { $lower } is rated { $lower_rating }, more than { $tolerance } above { $higher_nick } on board { $higher } ({ $higher_rating }). Put { $lower_nick } higher or { $higher_nick } lower.
lineup-board-order = The regulation wants the boards in descending rating (the number after the name) within { $tolerance }: a player may sit above a teammate rated higher by at most { $tolerance }. Unrated players may sit on any board.
