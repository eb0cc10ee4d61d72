# Audit-log details: rounds, boards, the seed-E play-off, TRF imports, entries and uses of API tokens.

audit-rounds-rounds-set = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} (R-3.5)
audit-rounds-rounds-regulation = the regulation's rounds
audit-rounds-drawn = { $entries ->
    [one] { $entries } entry
   *[other] { $entries } entries
}, { $system }, seed { $seed }
audit-rounds-system-round-robin = round robin
audit-rounds-system-swiss = Swiss system
audit-rounds-system-knockout = knockout
audit-rounds-paired-berger = round { $round }: Berger round { $table_round } (C.05 Annex 1)
audit-rounds-paired-lot = round { $round }: drawn by lot (R-3.1), lot seed { $seed }
audit-rounds-paired-swiss = round { $round }: paired by FIDE C.04.6 (team Swiss)
audit-rounds-paired = round { $round } paired
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
audit-boards-late-home-forfeit = E-6: home player { $late } late: game lost by forfeit
audit-boards-late-away-forfeit = E-6: away player { $late } late: game lost by forfeit
audit-boards-late-home-clock = E-6: home player { $late } late: { $seconds } s off the clock
audit-boards-late-away-clock = E-6: away player { $late } late: { $seconds } s off the clock
audit-boards-retired = G-G2: { $entry } withdrawn after round { $round }, { $games ->
    [one] { $games } open game lost
   *[other] { $games } open games lost
}: { $reason }
audit-boards-interrupted = G-V23: round { $round }, { $games ->
    [one] { $games } game
   *[other] { $games } games
} to be replayed: { $reason }

audit-knockout-paired-groups-first = round { $round }: group stage round { $group_round } (E-1): groups by lot, Berger tables (C.05 Annex 1)
audit-knockout-paired-groups = round { $round }: group stage round { $group_round } (E-1), Berger tables (C.05 Annex 1)
audit-knockout-paired-first = round { $round }: play-off (E-1): group winners against the other group's runners-up{ $lots ->
    [0] { "" }
    [one] ; a shared place in a group settled by lot (E-8)
   *[other] ; { $lots } shared places in the groups settled by lot (E-8)
}
audit-knockout-paired-final = round { $round }: play-off (E-1): final
audit-knockout-paired-final-third = round { $round }: play-off (E-1): final, match for 3rd place
audit-knockout-paired-playoff = round { $round }: play-off (E-1)
audit-knockout-paired = round { $round } paired
audit-knockout-armageddon = E-9 armageddon on board { $board }, White { $white } by lot, lot seed { $seed }
audit-knockout-playoff = round { $round }: { $entries } (G-V42)

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
    [yes] { " " }(E-13 undertaking)
   *[no] { "" }
}
audit-entries-replaced = replaced: { $line }{ $late ->
    [yes] { " " }(late)
   *[no] { "" }
}{ $undertaken ->
    [yes] { " " }(E-13 undertaking)
   *[no] { "" }
}
audit-entries-withdrawn = { $entry }: entered → withdrawn

audit-write-refused = API token #{ $token } «{ $name }» of { $owner }: { $why }
audit-write-refused-conflict = API token #{ $token } «{ $name }» of { $owner }: version conflict, the game now reads { $result } (version { $version })

audit-token-refused = API token #{ $token } «{ $name }» of { $owner } on championship #{ $championship }: { $why }
