# Audit-log details: туры, доски, плей-офф посева E, импорт TRF, заявки и обращения по API-токенам.

audit-rounds-rounds-set = { $rounds } { $rounds ->
    [one] тур
    [few] тура
   *[many] туров
} (R-3.5)
audit-rounds-rounds-regulation = число туров по регламенту
audit-rounds-drawn = { $entries } { $entries ->
    [one] заявка
    [few] заявки
   *[many] заявок
}, { $system }, зерно жребия { $seed }
audit-rounds-system-round-robin = круговая система
audit-rounds-system-swiss = швейцарская система
audit-rounds-system-knockout = олимпийская система
audit-rounds-paired-berger = тур { $round }: тур { $table_round } по таблицам Бергера (C.05, прил. 1)
audit-rounds-paired-lot = тур { $round }: жеребьёвка по жребию (R-3.1), зерно жребия { $seed }
audit-rounds-paired-swiss = тур { $round }: по швейцарской системе для команд (ФИДЕ C.04.6)
audit-rounds-paired = составлены пары тура { $round }
audit-rounds-published = тур { $round } опубликован
audit-rounds-unfit = { $nick } не может играть ({ $rules }): { $count ->
    [one] доска { $boards } освобождена
    [few] доски { $boards } освобождены
   *[many] доски { $boards } освобождены
}
audit-rounds-result = тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $before } → { $after }
audit-rounds-result-api = тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $before } → { $after } (API-токен #{ $token } «{ $name }»)
audit-rounds-result-sheet = тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $before } → { $after } (бланк результатов)
audit-rounds-result-pending = нет результата
audit-rounds-result-replay = переигровка
audit-rounds-reopened = { $reason }
audit-rounds-finished = { $places ->
    [one] { $places } место записано
    [few] { $places } места записаны
   *[many] { $places } мест записано
}
audit-rounds-adjusted = тур { $round }: изменено судьёй: { $a } ⇄ { $b } ({ $reason })

audit-boards-lineup = { $entry }, тур { $round }: { $players }
audit-boards-substitution = { $rule }, тур { $round }, начиная с партии { $game }: { $announcement }
audit-boards-reported = тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $result }
audit-boards-late-home-forfeit = E-6: опоздание игрока хозяев на { $late }: партия проиграна без игры
audit-boards-late-away-forfeit = E-6: опоздание игрока гостей на { $late }: партия проиграна без игры
audit-boards-late-home-clock = E-6: опоздание игрока хозяев на { $late }: с часов снято { $seconds } с
audit-boards-late-away-clock = E-6: опоздание игрока гостей на { $late }: с часов снято { $seconds } с
audit-boards-retired = G-G2: заявка { $entry } снята после тура { $round }, { $games ->
    [one] { $games } неоконченная партия засчитана проигранной
    [few] { $games } неоконченные партии засчитаны проигранными
   *[many] { $games } неоконченных партий засчитаны проигранными
}: { $reason }
audit-boards-interrupted = G-V23: тур { $round }, { $games ->
    [one] { $games } партия будет переиграна
    [few] { $games } партии будут переиграны
   *[many] { $games } партий будут переиграны
}: { $reason }

audit-knockout-paired-groups-first = тур { $round }: групповой этап, тур { $group_round } (E-1): группы по жребию, таблицы Бергера (C.05, прил. 1)
audit-knockout-paired-groups = тур { $round }: групповой этап, тур { $group_round } (E-1), таблицы Бергера (C.05, прил. 1)
audit-knockout-paired-first = тур { $round }: плей-офф (E-1): победители групп против вторых мест другой группы{ $lots ->
    [0] { "" }
    [1] ; делёж места в группе решён жребием (E-8)
    [one] ; делёж { $lots } места в группах решён жребием (E-8)
    [few] ; делёж { $lots } мест в группах решён жребием (E-8)
   *[many] ; делёж { $lots } мест в группах решён жребием (E-8)
}
audit-knockout-paired-final = тур { $round }: плей-офф (E-1): финал
audit-knockout-paired-final-third = тур { $round }: плей-офф (E-1): финал, матч за 3-е место
audit-knockout-paired-playoff = тур { $round }: плей-офф (E-1)
audit-knockout-paired = составлены пары тура { $round }
audit-knockout-armageddon = E-9: армагеддон на доске { $board }, белыми по жребию играет { $white }, зерно жребия { $seed }
audit-knockout-playoff = тур { $round }: { $entries } (G-V42)

audit-trf-team = { $team }: команда создана и допущена при импорте TRF турнира { $tournament }
audit-trf-tournament = TRF «{ $file }»: { $teams } { $teams ->
    [one] команда
    [few] команды
   *[many] команд
}, { $rounds } { $rounds ->
    [one] тур
    [few] тура
   *[many] туров
}, { $unmatched ->
    [one] { $unmatched } игрок не сопоставлен
    [few] { $unmatched } игрока не сопоставлены
   *[many] { $unmatched } игроков не сопоставлено
}

audit-entries-entered = заявка подана: { $line }{ $late ->
    [yes] { " " }(с опозданием)
   *[no] { "" }
}{ $undertaken ->
    [yes] { " " }(обязательство E-13)
   *[no] { "" }
}
audit-entries-replaced = заявка заменена: { $line }{ $late ->
    [yes] { " " }(с опозданием)
   *[no] { "" }
}{ $undertaken ->
    [yes] { " " }(обязательство E-13)
   *[no] { "" }
}
audit-entries-withdrawn = { $entry }: заявлена → отозвана

audit-write-refused = API-токен #{ $token } «{ $name }», владелец { $owner }: { $why }
audit-write-refused-conflict = API-токен #{ $token } «{ $name }», владелец { $owner }: конфликт версий, в партии теперь { $result } (версия { $version })

audit-token-refused = API-токен #{ $token } «{ $name }», владелец { $owner }, чемпионат #{ $championship }: { $why }
