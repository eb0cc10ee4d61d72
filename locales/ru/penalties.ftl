penalties-title = Штрафы и санкции
penalties-public = Штрафы и санкции публикуются с причинами; отменённые остаются в списке зачёркнутыми.
penalties-none = Штрафов не назначено.
penalties-link = Штрафы и санкции
penalty-rule = Пункт
penalty-tournament = Турнир
penalty-amount = Очки
penalty-count = Случаев / партий
penalty-sanction = Санкция
penalty-reason = Причина
penalty-imposed-col = Кто и когда назначил
penalty-status = Состояние
penalty-in-force = действует
penalty-revoked-by = отменён: { $who }, { $at }: { $reason }
penalty-by-platform = платформа
penalty-revoke-reason = Причина отмены
penalty-revoke = Отменить
penalty-impose-title = Назначить штраф
penalty-count-label = Число случаев или партий (для пунктов «за каждый случай / партию»)
penalty-fine-label = Штраф (если пункт даёт выбор)
penalty-fine-rule = как в пункте
penalty-removal-label = Удаление с турнира вместо штрафа (Д.2)
penalty-person-label = Ник игрока (Г.7, Д.3)
penalty-impose = Назначить
penalty-imposed = Штраф записан.
penalty-revoked = Штраф отменён.
penalty-revoked-entry = Состав { $entry } на турнир { $tournament }: { $outcome ->
        [restored] восстановлен таким, каким был до наказания.
        [started] турнир уже начался, состав остаётся как есть.
        [changed] с тех пор изменился и остаётся как есть.
        [barred] другое действующее наказание не допускает команду или игрока, состав остаётся как есть.
       *[taken] игрок заявлен теперь в другом составе, состав остаётся как есть.
    }
penalty-rule-counted = { $code } ({ $amount } за каждый случай или партию)
penalty-rule-by-committee = { $code } (удаление игрока; { $amount } — только по решению апелляционного комитета)
penalty-unknown-rule = Выберите пункт из перечня штрафов регламента.
penalty-reason-required = Укажите причину.
penalty-unknown-team = Выберите команду этого чемпионата.
penalty-unknown-tournament = Выберите турнир этого чемпионата.
penalty-unknown-person = Игрока с ником { $nick } нет.
penalty-no-next-tournament = Следующий турнир не назначен — санкции не к чему применить.
penalty-no-members = В распущенной команде не было участников, на которых перешла бы санкция.
penalty-already-passed = Санкция уже перешла на всех участников распущенной команды (Г.4).
penalty-already-revoked = Этот штраф уже отменён.
penalty-automatic = Этот штраф записывается, когда судьи снимают команду на странице матча (Г.2).
penalty-count-invalid = Число случаев или партий — целое, от 1.
penalty-count-not-allowed = Этот пункт не считается по случаям или партиям: оставьте 1.
penalty-amount-not-allowed = Этот пункт допускает только такие штрафы: { $allowed }.
penalty-needs-tournament = Выберите турнир, на котором было нарушение: от него зависит санкция.
penalty-needs-person = Укажите ник игрока.
penalty-team-not-dissolved = Санкция переходит на участников, только если команда распущена (Г.4).
sanction-disqualified-next = дисквалифицирована на следующий турнир
sanction-banned = отстранена от чемпионата
sanction-misses-tournament = пропускает турнир
sanction-removed = удалена с турнира
sanction-player-removed = игрок удалён с турнира
sanction-bar = { $sanction ->
        [misses_tournament] пропускает турнир { $tournament }
        [player_removed] удалён с турнира { $tournament }
       *[other] не играет в турнире { $tournament }
    } ({ $code })
entry-sanctioned = { $nick ->
    [none] { $code }: команда { $sanction }.
   *[other] { $code }: { $nick } — { $sanction }.
  }
season-deductions = Снятые очки
season-deduction-by = { $who }, { $at }
penalty-auto-late-entry = поздняя заявка (записано платформой)
penalty-auto-dissolved = команда распущена под санкцией, санкция перешла на участников (записано платформой)
penalty-choice-legend = Д.2: решение судьи (одно из)
penalty-game-loss-label = Проигрыш текущей партии вместо штрафа (Д.2)
penalty-game-label = Партия, которая идёт сейчас
penalty-game-option = Турнир { $tournament }, тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $home } – { $away }
penalty-entry-label = Состав команды (если у неё в турнире их несколько)
penalty-entry-option = Турнир { $tournament }: { $entry }
penalty-game-lost = проигрыш партии: турнир { $tournament }, тур { $round }, стол { $table }, доска { $board }, партия { $game }
penalty-game-loss-not-allowed = Проигрыш текущей партии есть только в пункте Д.2.
penalty-needs-game = Выберите партию, которую команда проигрывает.
penalty-one-choice = Д.2 — одно из: штраф ½ или 1, проигрыш текущей партии или удаление с турнира. Выберите одно.
penalty-points-by-committee = Г.7: судьи удаляют игрока (с правом замены); очки снимаются только решением апелляционного комитета, а не штрафом, выбранным здесь. Оставьте штраф «как в пункте».
penalty-unknown-game = Такой партии в этом чемпионате нет.
penalty-game-not-current = Эта партия не идёт в текущем туре турнира.
penalty-game-not-of-team = Ни одна сторона этой партии не играет за эту команду (или за выбранный состав).
penalty-game-decided = У этой партии уже есть результат.
penalty-tournament-finished = Турнир окончен: его партии здесь больше не меняются (их может изменить апелляция, Д.4).
penalty-entry-not-of-team = Этот состав не команды в этом турнире.
penalty-entry-required = У команды в турнире несколько составов ({ $entries }): выберите тот, о котором речь.
penalty-withdrawal-refused = Снять состав с турнира не удалось: { $problem }
penalty-offence-g-g1 = заявка принята менее чем за 5 минут до 1-го тура
penalty-offence-g-g2 = не хватает больше двух игроков и нет замены
penalty-offence-g-g3 = уход с турнира
penalty-offence-g-g4 = распущена команда, на которой есть наказание
penalty-offence-g-g5 = перестановка игроков по доскам вопреки правилам
penalty-offence-g-g6 = неверная заявка, обнаруженная после начала, за каждый случай
penalty-offence-g-g7 = помощь движка, подтверждённая апелляционной комиссией
penalty-offence-g-g8 = игра под чужим ником, за каждую партию
penalty-offence-g-d2 = неподчинение судье
penalty-offence-g-d3 = закрыт доступ в турнирный зал до конца турнира (играет запасной)
penalty-auto-late-entry-short = поздняя заявка
penalty-auto-appeal = решение по апелляции № { $case }
