## Entries and line-ups (B.1.3, B.2.2, § 1.8, § 1.9, G.1)
line-empty = The line is empty.
line-spaces = The line must not contain spaces (B.1.3).
line-wrong-team = The line must start with the team name { $expected } (or a double such as { $expected }2); it starts with “{ $found }”.
line-no-doubles = This regulation does not allow doubles.
line-empty-name = Name { $position } is empty (two commas in a row).
line-too-few = { $found } players named; { $needed } are needed.
line-too-many = { $found } names after the team; at most { $allowed } players and substitutes.
line-unknown-nick = No player is registered as “{ $nick }”.
line-not-member = { $nick } is not a member of the team at this moment.
line-duplicate = { $nick } is named twice.
line-other-entry = { $nick } is already in the entry { $entry } of this tournament (B.2.2).
line-parallel-event = { $nick } is already entered in { $event }, held at the same time: one sport per athlete (§ 1.8).
line-parallel-sport = { $nick } is listed for { $sport } in the series { $series }, held at the same time as chess: one sport per athlete (§ 1.8).
line-not-eligible = { $nick } is not eligible: { $reasons }.
entry-not-open = Registration opens at { $at }.
entry-past-deadline = Entries closed at { $at }: the regulation accepts no entry after that.
entry-closed = Registration is closed: the tournament has started or its field has been drawn.
entry-no-team = You are neither the captain nor a member of a participating team of this championship.
entry-undertaking = We undertake to play without engines, databases, books or anyone's advice, and accept the judges' decision on disputes as final (“fair play”).
entry-undertaking-required = Accept the fair-play undertaking: play without engines, databases, books or advice; the judges' decision on disputes is final.
entry-team-not-participant = The team is not a participant of the championship.
tournament-title = Tournament { $number }
entries-title = Entries
entries-none = No entries yet.
entry-name = Entry
entry-captain = Captain
entry-boards = Boards
entry-substitutes = Substitutes
entry-at = Entered
entry-status = Status
entry-late = late
entry-withdraw = Withdraw
entry-form-title = Enter the tournament
entry-problems = { $count ->
    [one] The entry was not accepted: one problem.
   *[other] The entry was not accepted: { $count } problems.
}
entry-line = One line: Team,board1,…,sub1,…
entry-line-hint = No spaces. If this line is filled in, the fields below are ignored.
entry-fields = Or fill in the fields
entry-name-hint = The team's name, or a double: the name followed by 1, 2, …
entry-board = Board { $board }
entry-sub = Substitute { $number }
entry-submit = Submit the entry
entry-window-opens = Registration opens at { $at }.
entry-window-open-until = Registration is open; an entry is in time until { $at }.
entry-window-open = Registration is open.
entry-window-late = Registration is open; entries in time closed at { $at }, an entry now is late (penalty { $code }).
entry-window-closed = Registration is closed.
entry-status-playing = plays
entry-status-waiting = waiting list, { $position }
entry-status-sits-out = sits out (odd count, B.1.3)
entry-status-withdrawn = withdrawn
entry-status-retired = withdrawn during play
entry-accepted = Entry { $entry } accepted.
entry-replaced = The line of { $entry } was replaced.
entry-accepted-late = Entry { $entry } accepted late: penalty { $code } recorded.
entry-accepted-waiting = Entry { $entry } accepted on the waiting list, position { $position } (§ 1.9).
entry-accepted-sits-out = Entry { $entry } accepted, but it sits out as things stand: with an odd number of entries the double registered last does not play (B.1.3).
entry-withdrawn = Entry { $entry } withdrawn.
standings-title = Standings
standings-rank = Rk
standings-mp = MP
standings-gp = GP
standings-why = Ahead of the next by
round-title = Round { $round }
round-draft = draft
round-complete = complete
round-publish = Publish the pairings
round-table = Table
round-home = Home
round-score = Score
round-away = Away
round-bye = bye
game-result = Result
game-save = Save
judges-title = Judges
draw-seed = Seed of the lot (optional)
draw-seed-hint = Leave empty for a random seed; give the seed of an earlier draw to reproduce it.
draw-submit = Close registration and draw round 1
round-pair-next = Pair the next round
round-already-drawn = Round 1 is already drawn.
round-not-drawn = The field has not been drawn yet.
round-no-format = No format of the regulation fits { $count } entries.
round-previous-open = Round { $round } must be published (and, in a Swiss or a play-off, complete) before the next is paired.
round-all-paired = Every round of the tournament has been paired.
round-engine = The pairing engine could not pair the round: { $detail }
round-unsupported = This format (group stage and play-off) cannot be paired here yet.
round-not-published = Results are entered once the round is published.
game-changed = Someone else changed this game first; it now reads { $result }. Check it and enter the result again if needed.
game-bad-result = Choose a result from the list.
game-recorded = Result recorded.
round-paired = Round paired: check it and publish it.
round-published = Round published.
tournament-finish = Finish the tournament
tournament-is-finished = Finished.
tournament-finished = Tournament finished: places and tournament points recorded.
tournament-not-finished = Every round must be paired, published and complete before the tournament is finished.
tournament-already-finished = The tournament is finished: its results, line-ups and entries are final. The chief judge may reopen it, giving a reason.
tournament-playoff-needed = First place is shared by { $entries } after every tie-break: a play-off match decides it (V.4.2).
season-title = Season standings
season-none = No tournament has finished yet.
season-penalties = Penalties
season-total = Total
history-title = History
history-place = place { $place }
adjust-title = Adjust the pairings (before publication)
adjust-a = Swap
adjust-b = with
adjust-reason = Reason
adjust-submit = Swap
round-adjusted = Pairings adjusted; the change is in the round's notes.
adjust-published = A published round cannot be adjusted.
adjust-not-in-round = Choose two entries paired in this round, in different matches.
## What puts a team above the next in the standings (§ 3.3, V.4.2)
gap-values = { $criterion }: { $ahead } vs { $behind }
gap-values-step = { $criterion }, { $step }: { $ahead } vs { $behind }
gap-mp = match points
gap-gp = game points
gap-playoff = play-off, place
gap-step-primary = on the primary score
gap-step-secondary = on the secondary score
gap-step-board-count = board count
gap-step-board = board { $board }
gap-step-without-bottom = without the bottom { $count ->
    [one] board
   *[other] { $count } boards
}
## A round's notes
note-berger = Berger table round { $round } (C.05 Annex 1)
note-lot = drawn by lot (§ 3.1), lot number { $seed }
note-swiss = paired by the team Swiss system (FIDE C.04.6)
note-group-first = group stage round { $round } (“group stage and play-off”): groups by lot, Berger tables (C.05 Annex 1)
note-group = group stage round { $round } (“group stage and play-off”), Berger tables (C.05 Annex 1)
note-group-lot = group { $group }, shared place { $place } settled by lot (“group ties”), lot number { $seed }
note-knockout-first = play-off (“group stage and play-off”): group winners against the other group's runners-up
note-knockout = play-off (“group stage and play-off”): { $stages }
note-stage-semi = semi-final
note-stage-final = final
note-stage-third = match for 3rd place
note-playoff = play-off for 1st place (V.4.2): { $games } games per board, colours reversed in game 2
note-adjusted = adjusted by the judge: { $a } ⇄ { $b } ({ $reason })
tournament-not-finished-yet = The tournament is not finished: there is nothing to reopen.
tournament-reopen = Reopen the tournament
tournament-reopen-reason = Why it is reopened (captains and judges are told)
tournament-reopened = The tournament is reopened: places and tournament points are withdrawn until it is finished again.
sheet-save = Save the results
sheet-hint = One cell per game, the home player's result: 1 win, 0 loss, = draw, + and - a forfeit won or lost, -- both absent, R replay, empty: no result yet. Tab moves to the next board.
sheet-bad-notation = Not a result: write 1, 0, =, +, -, --, R, or leave empty.
sheet-saved = { $count ->
        [one] { $count } result saved.
       *[other] { $count } results saved.
    }
sheet-not-saved = { $count ->
        [one] The sheet was not saved: { $count } game needs a look (beside it below).
       *[other] The sheet was not saved: { $count } games need a look (beside each below).
    }
sheet-cell = Result, table { $table } board { $board }
match-sheet-hint = Report the match: one cell per game, the result of the first-named team's player (1, 0, =, +, -, --). A game the other captain reported shows that report: save it unchanged to confirm it.
match-sheet-confirm = the other captain's report: save to confirm
match-sheet-submit = Report the results
match-sheet-reported = Reported: { $waiting } waiting for the other captain, { $confirmed } confirmed.

# § 3.5: the rounds of a Swiss from the entries.
rounds-title = Rounds of this tournament (§ 3.5)
rounds-label = Rounds
rounds-hint = The organizers may set the rounds by the number of entries. { $entries } { $entries ->
    [one] team plays
   *[other] teams play
}: without two teams meeting twice, at most { $limit } { $limit ->
    [one] round
   *[other] rounds
}.
rounds-warn = { $rounds } rounds are more than { $entries } teams can play without meeting twice (at most { $limit }): the last rounds cannot be paired.
rounds-save = Save the rounds
rounds-saved = The rounds are saved.
rounds-error-not-swiss = Only a tournament played as a Swiss has its rounds set.
rounds-error-range = Rounds from 1 to 60, and not fewer than the { $paired } already paired.
rounds-error-too-many = { $entries } { $entries ->
    [one] team
   *[other] teams
} can play at most { $limit } { $limit ->
    [one] round
   *[other] rounds
} without meeting twice: { $rounds } { $rounds ->
    [one] round cannot
   *[other] rounds cannot
} be paired (§ 3.5).
tournament-rounds = Swiss system, { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}
draw-rounds-warn = Drawn with { $rounds } rounds for { $entries } teams: at most { $limit } can be paired without repeats. Set the rounds of the tournament (§ 3.5).
gap-after = not separated by { $criteria }; { $gap }
entry-captain-answers = The captain who submits the entry answers for it being correct (B.1.4): { $nick }.
checkin-papers = Papers on file
checkin-papers-ok = all approved
checkin-arrived = Arrived
checkin-arrived-admits = Arrived, papers checked
checkin-arrived-hint = The tick “Arrived” adds to the row what the participant's approved papers on file show (a medical certificate or waiver, a passport copy); tick the rest in the row yourself.
checkin-title = Check-in of the day
checkin-hint = For each participant, record what they presented: a medical certificate or a signed waiver and a passport copy (§ 2.2). Turn away anyone with contraindications or intoxicated (§ 2.3); symptoms of illness need a doctor's note of today (§ 2.4). Only those admitted play.
checkin-count = Admitted: { $admitted }
checkin-none = No entries yet.
checkin-medical = Medical certificate or waiver
checkin-medical-certificate = medical certificate
checkin-medical-waiver = signed waiver
checkin-passport = Passport copy
checkin-symptoms = Symptoms of illness
checkin-doctor-note = Doctor's note of today
checkin-refusal = Turned away
checkin-status = Admission
checkin-status-none = not checked in
checkin-status-admitted = admitted
checkin-status-refused = not admitted: { $reasons }
checkin-unmet-medical = no medical certificate or waiver (§ 2.2)
checkin-unmet-passport = no passport copy (§ 2.2)
checkin-unmet-contraindications = medical contraindications (§ 2.3)
checkin-unmet-intoxication = intoxication (§ 2.3)
checkin-unmet-doctor-note = symptoms without a doctor's note of today (§ 2.4)
checkin-submit = Save the check-in
checkin-admitted = Admitted: { $names }.
checkin-not-admitted = Not admitted: { $names }.
checkin-unchanged = Nothing changed.
checkin-finished = The tournament is finished: its check-in can no longer change.
checkin-link = Check-in of the day (§§ 2.2–2.4)
round-no-pairing = The next round cannot be paired: no pairing keeps the rule { $criterion }. With { $entries } teams every opponent may already have been met — a Swiss of { $entries } teams can always be paired for at most { $limit } rounds. The organizers may set fewer rounds (§ 3.5) and finish the tournament.
round-incomplete = Round { $round } still has games without a final result; the next round can be paired once every game has one.
criterion-c1 = C.04.6 [C1]: two teams do not meet twice
criterion-c2 = C.04.6 [C2]: no second pairing-allocated bye
criterion-c3 = C.04.6 [C3]: every team left can still be paired
criterion-c4-c5 = C.04.6 [C4]/[C5]: fewest upfloaters, closest in score
criterion-c7 = C.04.6 [C7]: no upfloater who floated last round
criterion-c8 = C.04.6 [C8]: colour preferences
criterion-c9 = C.04.6 [C9]: strong colour preferences
criterion-c10 = C.04.6 [C10]: upfloaters' opponents did not float last round
criterion-g-v1 = V.1: round robin by the number of teams
criterion-e-1 = group stage and play-off
criterion-e-9 = armageddon: a drawn play-off match
criterion-input = the tournament's data
result-before-start = Results are entered from the tournament's start ({ $starts }).
result-empty-board = Board { $board }, game { $game }: one side has nobody on the board, so it is lost by forfeit ({ $only }) unless a substitute fills it — announce the substitution on the match page first.
result-round-completed = Round { $round } is complete: its results are changed by a correction with its reason (“Correct” beside the game).
result-pgn-says = The game's PGN record gives { $result }. Another result is entered only as a correction that states the record is wrong.
# The downloadable tables' column heads (CSV), as on the page.
csv-start-no = Start no.
csv-group = Group
csv-group-rank = Group rank
csv-sport-place = { $sport }: place
csv-sport-points = { $sport }: points
entry-line-hint-plain = The team name as registered, then the nicks, separated by commas. If the line is filled, the fields below are ignored.
note-lot-in-hall = drawn by lot in the hall (§ 3.1) and entered by the judges
lot-not-lot-round = Only a draft round that the regulation draws by lot takes a pairing typed from the drum.
lot-missing = { $entry } is in no pair.
lot-half-empty = Table { $table }: “{ $entry }” has no opponent — pick both teams of the table or leave it empty.
lot-twice = { $entry } is named twice.
lot-with-itself = { $entry } cannot play itself.
lot-unknown = A team named does not play this round.
lot-bye-needed = With an odd number of teams one has the bye.
lot-bye-none = With an even number of teams nobody has a bye.
lot-rematch = { $a } and { $b } met in an earlier round.
lot-title = The pairing drawn by lot (§ 3.1)
lot-hint = Enter the pairs as they were drawn from the drum, table by table; the lot the platform drew is replaced. Every team once, no two teams that have met.
lot-home = Table { $table }: home
lot-away = Table { $table }: away
lot-bye = Bye
lot-submit = Save the drawn pairing
lot-entered = The drawn pairing is saved.
