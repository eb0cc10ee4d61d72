penalties-title = Penalties and sanctions
penalties-public = Penalties and sanctions are published with their reasons; revoked ones stay on record, struck through.
penalties-none = No penalty has been imposed.
penalties-link = Penalties and sanctions
penalty-rule = Rule
penalty-tournament = Tournament
penalty-amount = Points
penalty-count = Cases / games
penalty-sanction = Sanction
penalty-reason = Reason
penalty-imposed-col = Imposed by, when
penalty-status = Status
penalty-in-force = in force
penalty-revoked-by = revoked by { $who }, { $at }: { $reason }
penalty-by-platform = the platform
penalty-revoke-reason = Reason for revoking
penalty-revoke = Revoke
penalty-impose-title = Impose a penalty
penalty-count-label = Number of cases or games (rules counted per case or per game)
penalty-fine-label = Fine (when the rule offers a choice)
penalty-fine-rule = as the rule says
penalty-removal-label = Removal from the tournament instead of a fine (D.2)
penalty-person-label = Player's nick (G.7, D.3)
penalty-impose = Impose
penalty-imposed = Penalty recorded.
penalty-revoked = Penalty revoked.
penalty-revoked-entry = The entry { $entry } in tournament { $tournament }: { $outcome ->
        [restored] back as it was before the sanction.
        [started] the tournament has started; the entry stays as it is.
        [changed] changed since; it stays as it is.
        [barred] another sanction in force bars the team or a player; the entry stays as it is.
       *[taken] a player is now in another entry; the entry stays as it is.
    }
penalty-rule-counted = { $code } ({ $amount } per case or game)
penalty-rule-by-committee = { $code } (the player removed; { $amount } only by the appeals committee's decision)
penalty-unknown-rule = Choose a rule from the regulation's catalogue.
penalty-reason-required = Give the reason.
penalty-unknown-team = Choose a team of this championship.
penalty-unknown-tournament = Choose a tournament of this championship.
penalty-unknown-person = There is no player with the nick { $nick }.
penalty-no-next-tournament = No next tournament is scheduled for the sanction to apply to.
penalty-no-members = The dissolved team had no members to pass the sanction to.
penalty-already-passed = The sanction has passed to every member of the dissolved team already (G.4).
penalty-already-revoked = This penalty has already been revoked.
penalty-automatic = This penalty is recorded when the judges withdraw the team on the match page (G.2).
penalty-count-invalid = The number of cases or games must be a whole number from 1.
penalty-count-not-allowed = This rule is not counted per case or per game: leave the number at 1.
penalty-amount-not-allowed = This rule allows these fines only: { $allowed }.
penalty-needs-tournament = Choose the tournament of the offence: the sanction depends on it.
penalty-needs-person = Give the nick of the player concerned.
penalty-team-not-dissolved = The sanction passes to the members only when the team has been dissolved (G.4).
sanction-disqualified-next = disqualified from the next tournament
sanction-banned = banned from the championship
sanction-misses-tournament = misses a tournament
sanction-removed = removed from the tournament
sanction-player-removed = player removed from the tournament
sanction-bar = { $sanction ->
        [misses_tournament] misses tournament { $tournament }
        [player_removed] removed from tournament { $tournament }
       *[other] may not play in tournament { $tournament }
    } ({ $code })
entry-sanctioned = { $nick ->
    [none] { $code }: the team is { $sanction }.
   *[other] { $code }: { $nick } — { $sanction }.
  }
season-deductions = Deductions
season-deduction-by = { $who }, { $at }
penalty-auto-late-entry = late entry (recorded by the platform)
penalty-auto-dissolved = the team was dissolved holding a sanction: it passes to the members (recorded by the platform)
penalty-choice-legend = D.2: the judge's choice (one of them)
penalty-game-loss-label = Loss of the current game instead of a fine (D.2)
penalty-game-label = The game being played
penalty-game-option = Tournament { $tournament }, round { $round }, table { $table }, board { $board }, game { $game }: { $home } – { $away }
penalty-entry-label = The team's entry (when it has several in the tournament)
penalty-entry-option = Tournament { $tournament }: { $entry }
penalty-game-lost = loss of the game: tournament { $tournament }, round { $round }, table { $table }, board { $board }, game { $game }
penalty-game-loss-not-allowed = Only D.2 offers the loss of the current game.
penalty-needs-game = Choose the game the team loses.
penalty-one-choice = D.2 is one of: a fine of ½ or 1, the loss of the current game, or removal from the tournament — choose one.
penalty-points-by-committee = G.7: the judges remove the player (with the right of substitution); the points are deducted only by the appeals committee's decision, not by a fine chosen here. Leave the fine as in the rule.
penalty-unknown-game = There is no such game in this championship.
penalty-game-not-current = That game is not being played in the current round of the tournament.
penalty-game-not-of-team = Neither side of that game is the team's (or the entry chosen).
penalty-game-decided = That game has its result already.
penalty-tournament-finished = The tournament is finished: its games no longer change here (an appeal may change them, D.4).
penalty-entry-not-of-team = That entry is not the team's in the tournament.
penalty-entry-required = The team has several entries in the tournament ({ $entries }): choose the one concerned.
penalty-withdrawal-refused = The entry could not be withdrawn: { $problem }
penalty-offence-g-g1 = application accepted less than 5 minutes before round 1
penalty-offence-g-g2 = more than 2 players missing with no substitute
penalty-offence-g-g3 = leaving a tournament
penalty-offence-g-g4 = offending team dissolved
penalty-offence-g-g5 = moving players between boards against the rules
penalty-offence-g-g6 = incorrect application discovered after the start, per case
penalty-offence-g-g7 = engine assistance confirmed by the appeals committee
penalty-offence-g-g8 = playing under another person's nick, per game
penalty-offence-g-d2 = disobeying a judge
penalty-offence-g-d3 = barred from the hall by the judge for the rest of the tournament (a substitute plays)
penalty-auto-late-entry-short = late entry
penalty-auto-appeal = decision on appeal no. { $case }
