# Audit-log details: rounds, boards, the seed-E play-off, TRF imports, entries and uses of API tokens.

audit-rounds-rounds-set = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} (§ 3.5)
audit-rounds-rounds-regulation = the regulation's rounds
audit-rounds-drawn = { $entries ->
    [one] { $entries } entry
   *[other] { $entries } entries
}, { $system }, lot number { $seed }
audit-rounds-system-round-robin = round robin
audit-rounds-system-swiss = Swiss system
audit-rounds-system-knockout = knockout
audit-rounds-paired = round { $round }: { $notes }
audit-rounds-published = round { $round } published
audit-rounds-unfit = { $nick } taken off { $count ->
    [one] board
   *[other] boards
} { $boards }: may not play ({ $rules })
audit-rounds-result = round { $round } table { $table } board { $board } game { $game }: { $before } → { $after }
audit-rounds-result-api = round { $round } table { $table } board { $board } game { $game }: { $before } → { $after } (API token #{ $token } «{ $name }»)
audit-rounds-result-sheet = round { $round } table { $table } board { $board } game { $game }: { $before } → { $after } (result sheet)
audit-rounds-result-pending = pending
audit-rounds-result-replay = replay
audit-rounds-reopened = { $reason }
audit-rounds-finished = { $places ->
    [one] { $places } place recorded
   *[other] { $places } places recorded
}
audit-rounds-adjusted = round { $round }: adjusted by the judge: { $a } ⇄ { $b } ({ $reason })

audit-boards-lineup = { $entry } round { $round }: { $players }
audit-boards-substitution = { $rule } round { $round }, from game { $game }: { $announcement }
audit-boards-reported = round { $round } table { $table } board { $board } game { $game }: { $result }
audit-boards-late-home-forfeit = Lateness: home player { $late } late: game lost by forfeit
audit-boards-late-away-forfeit = Lateness: away player { $late } late: game lost by forfeit
audit-boards-late-home-clock = Lateness: home player { $late } late: { $seconds } s off the clock
audit-boards-late-away-clock = Lateness: away player { $late } late: { $seconds } s off the clock
audit-boards-retired = G.2: { $entry } withdrawn after round { $round }, { $games ->
    [one] { $games } open game lost
   *[other] { $games } open games lost
}: { $reason }
audit-boards-interrupted = V.2.3: round { $round }, { $games ->
    [one] { $games } game
   *[other] { $games } games
} to be replayed: { $reason }

audit-knockout-armageddon = Armageddon on board { $board }, White { $white } by lot, lot number { $seed }
audit-knockout-playoff = round { $round }: { $entries } (V.4.2)

audit-trf-team = { $team } created approved by the TRF import of tournament { $tournament }
audit-trf-tournament = TRF "{ $file }": { $teams ->
    [one] { $teams } team
   *[other] { $teams } teams
}, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}, { $unmatched ->
    [one] { $unmatched } player not matched
   *[other] { $unmatched } players not matched
}

audit-entries-entered = entered: { $line }{ $late ->
    [yes] { " " }(late)
   *[no] { "" }
}{ $undertaken ->
    [yes] { " " }(fair-play undertaking)
   *[no] { "" }
}
audit-entries-replaced = replaced: { $line }{ $late ->
    [yes] { " " }(late)
   *[no] { "" }
}{ $undertaken ->
    [yes] { " " }(fair-play undertaking)
   *[no] { "" }
}
audit-entries-withdrawn = { $entry }: entered → withdrawn

audit-write-refused = API token #{ $token } «{ $name }» of { $owner }: { $why }

audit-token-refused = API token #{ $token } «{ $name }» of { $owner } on championship #{ $championship }: { $why }
audit-rounds-result-corrected = round { $round } table { $table } board { $board } game { $game }: { $before } → { $after } (correction: { $reason })
audit-rounds-lot-entered = round { $round }: the pairing drawn by lot in the hall entered
