# Audit-log details: туры, доски, плей-офф посева E, импорт TRF, заявки и обращения по API-токенам.

audit-rounds-rounds-set = { $rounds } { $rounds ->
    [one] тур
    [few] тура
   *[many] туров
} (п. 3.5)
audit-rounds-rounds-regulation = число туров по регламенту
audit-rounds-drawn = { $entries } { $entries ->
    [one] заявка
    [few] заявки
   *[many] заявок
}, { $system }, число жребия { $seed }
audit-rounds-system-round-robin = круговая система
audit-rounds-system-swiss = швейцарская система
audit-rounds-system-knockout = олимпийская система
audit-rounds-paired = тур { $round }: { $notes }
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
audit-boards-late-home-forfeit = Опоздание игрока хозяев на { $late }: партия проиграна без игры
audit-boards-late-away-forfeit = Опоздание игрока гостей на { $late }: партия проиграна без игры
audit-boards-late-home-clock = Опоздание игрока хозяев на { $late }: с часов снято { $seconds } с
audit-boards-late-away-clock = Опоздание игрока гостей на { $late }: с часов снято { $seconds } с
audit-boards-retired = Г.2: заявка { $entry } снята после тура { $round }, { $games ->
    [one] { $games } неоконченная партия засчитана проигранной
    [few] { $games } неоконченные партии засчитаны проигранными
   *[many] { $games } неоконченных партий засчитаны проигранными
}: { $reason }
audit-boards-interrupted = В.2.3: тур { $round }, { $games ->
    [one] { $games } партия будет переиграна
    [few] { $games } партии будут переиграны
   *[many] { $games } партий будут переиграны
}: { $reason }

audit-knockout-armageddon = Армагеддон на доске { $board }, белыми по жребию играет { $white }, число жребия { $seed }
audit-knockout-playoff = тур { $round }: { $entries } (В.4.2)

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
    [yes] { " " }(обязательство честной игры)
   *[no] { "" }
}
audit-entries-replaced = заявка заменена: { $line }{ $late ->
    [yes] { " " }(с опозданием)
   *[no] { "" }
}{ $undertaken ->
    [yes] { " " }(обязательство честной игры)
   *[no] { "" }
}
audit-entries-withdrawn = { $entry }: заявлена → отозвана

audit-write-refused = API-токен #{ $token } «{ $name }», владелец { $owner }: { $why }

audit-token-refused = API-токен #{ $token } «{ $name }», владелец { $owner }, чемпионат #{ $championship }: { $why }
audit-rounds-result-corrected = тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $before } → { $after } (исправление: { $reason })
audit-rounds-lot-entered = тур { $round }: внесены пары, вытянутые по жребию в зале
