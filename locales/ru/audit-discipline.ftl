# Audit-log details: appeals and fair play, penalties, violation reports,
# check-in and documents.

## src/app/appeals.rs

audit-appeals-file = турнир { $number }: подана жалоба команды { $team }
audit-appeals-fairplay-report = турнир { $number }: рапорт о нечестной игре
audit-appeals-referred = дело по Г.7 по рапорту о нечестной игре #{ $report }
audit-appeals-propose = предложение #{ $remedy }: { $kind }
audit-appeals-remedy-added = добавлено предложение #{ $remedy }; { $cleared ->
        [one] сброшен { $cleared } голос
        [few] сброшены { $cleared } голоса
       *[many] сброшено { $cleared } голосов
    }
audit-appeals-remedy-withdrawn = отозвано предложение #{ $remedy }; { $cleared ->
        [one] сброшен { $cleared } голос
        [few] сброшены { $cleared } голоса
       *[many] сброшено { $cleared } голосов
    }
audit-appeals-vote-uphold = за удовлетворение (вес { $weight })
audit-appeals-vote-reject = за отклонение (вес { $weight })
audit-appeals-decide = { $outcome } (за — { $uphold }, против — { $reject })
audit-appeals-game-result = по делу #{ $case }: доска { $board }, партия { $game }: { $before } → { $after }
audit-appeals-standing = по делу #{ $case }: { $name } → { $place }-е место
audit-appeals-places = по делу #{ $case }: { $n ->
        [one] { $n } место записано
        [few] { $n } места записаны
       *[many] { $n } мест записано
    } заново
audit-appeals-deduction = { $code }, команда #{ $team }: −{ $amount } — { $reason }
audit-appeals-supervised-demanded = назначена партия под наблюдением: { $nick }
audit-appeals-supervised-outcome = партия под наблюдением, участник #{ $person }: { $outcome }

## src/app/penalties.rs

audit-penalties-impose = { $code } { $team }: −{ $amount } ×{ $count }{ $sanctioned ->
        [yes] , { $sanction }
       *[no] {""}
    }{ $lost ->
        [yes] , проигрыш партии: турнир { $tournament }, тур { $round }, стол { $table }, доска { $board }, партия { $game }
       *[no] {""}
    }{ $named ->
        [yes] , игрок { $person }
       *[no] {""}
    } — { $reason }
audit-penalties-barred = { $code }: { $reason }
audit-penalties-player-barred = { $code }: { $nick } не играет в этом турнире; { $outcome ->
        [replaced] доску занимает { $replacement }
        [dropped] больше не запасной
        [withdrawn] игроков слишком мало, состав снят
       *[kept] состав прежний, за доски не садится
    }
audit-penalties-game-lost = наказание Д.2 #{ $penalty }, проигрыш текущей партии ({ $name }): тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $before } → { $after }
audit-penalties-removed = наказание Д.2 #{ $penalty }: { $name } — исключение из турнира до жеребьёвки: { $reason }
audit-penalties-withdrawn = наказание Д.2 #{ $penalty }: { $name } — снятие с турнира после тура { $round }, { $lost ->
        [one] { $lost } несыгранная партия засчитана поражением
        [few] { $lost } несыгранные партии засчитаны поражением
       *[many] { $lost } несыгранных партий засчитано поражением
    }: { $reason }
audit-penalties-revoke = { $code } −{ $amount }: действует → отменено — { $reason }
audit-penalties-revoke-game-gone = { $code } −{ $amount }: действует → отменено; партии #{ $id } больше нет — { $reason }
audit-penalties-revoke-game-finished = { $code } −{ $amount }: действует → отменено; турнир { $tournament }, тур { $round }, стол { $table }, доска { $board }, партия { $game } оставлена как есть ({ $result }): турнир окончен — { $reason }
audit-penalties-revoke-game-changed = { $code } −{ $amount }: действует → отменено; турнир { $tournament }, тур { $round }, стол { $table }, доска { $board }, партия { $game } оставлена как есть ({ $result }): это уже не тот результат, что установило наказание ({ $set }) — { $reason }
audit-penalties-revoke-game-returned = { $code } −{ $amount }: действует → отменено; турнир { $tournament }, тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $result } → без результата — { $reason }
audit-penalties-game-returned = наказание Д.2 #{ $penalty } отменено: тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $before } → нет результата
# A game's result said in words; scores (1-0, 1/2, +-…) are shown as they are.

## src/app/violations.rs

audit-violations-report = тур { $round }, стол { $table } ({ $home } – { $away }), нарушитель — { $against }: { $what }
audit-violations-report-board = тур { $round }, стол { $table } ({ $home } – { $away }), нарушитель — { $against }, доска { $board }: { $what }
audit-violations-answer = { $text }

## src/app/check_in.rs

audit-check-in-admitted = турнир { $tournament }, { $nick }: допущен(а)
audit-check-in-refused = турнир { $tournament }, { $nick }: не допущен(а): { $reasons }

## src/app/documents.rs

audit-documents-upload = { $kind }, { $bytes } { $bytes ->
        [one] байт
        [few] байта
       *[many] байт
    }, { $type }
audit-documents-upload-replaces = { $kind }, { $bytes } { $bytes ->
        [one] байт
        [few] байта
       *[many] байт
    }, { $type } (заменяет #{ $replaces })
audit-documents-review = { $kind }: { $before } → { $after }{ $dated ->
        [yes] , действителен до { $until }
       *[no] {""}
    }{ $noted ->
        [yes] : { $note }
       *[no] {""}
    }
audit-documents-purge = загруженные до { $before }: { $documents ->
        [one] удалён { $documents } документ
        [few] удалены { $documents } документа
       *[many] удалено { $documents } документов
    }, { $bytes } { $bytes ->
        [one] байт
        [few] байта
       *[many] байт
    }
audit-documents-purge-all = league documents purge --before { $before }: { $documents ->
        [one] удалён { $documents } документ
        [few] удалены { $documents } документа
       *[many] удалено { $documents } документов
    }, { $bytes } { $bytes ->
        [one] байт
        [few] байта
       *[many] байт
    }

## src/web/documents/files.rs

audit-files-download = { $kind }, скачал(а) { $nick }
audit-penalties-entry-back = наказание { $code } #{ $penalty } отменено, состав { $name }: { $outcome ->
        [restored] восстановлен как до наказания ({ $line })
        [started] турнир начался, оставлен как есть
        [changed] с тех пор изменён, оставлен как есть
        [barred] другое наказание в силе, оставлен как есть
       *[taken] игрок заявлен в другом составе, оставлен как есть
    }
