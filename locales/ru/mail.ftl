# Уведомления по электронной почте и страница исходящих.
mail-kind-rule-change = Изменения регламента
mail-kind-team-decided = Решение по заявке команды
mail-kind-entry-decided = Заявка на турнир принята
mail-kind-pairings-published = Опубликованы пары тура
mail-kind-appeal-filed = Подана апелляция
mail-kind-appeal-decided = Решение по апелляции
mail-kind-document-reviewed = Документ проверен
mail-kind-rule-change-member = Изменения регламента чемпионатов, где я играю за допущенную команду
mail-footer-optional = Вы получили это уведомление из-за вашей роли в чемпионате. Этот вид уведомлений можно отключить в личном кабинете (/account).
mail-footer-required = Капитаны получают изменения регламента по правилам чемпионата (Е.2); это уведомление отключить нельзя.
mail-footer-opt-in = Вы получили это уведомление, потому что попросили присылать изменения регламента чемпионатов ваших команд. Отключить его можно в личном кабинете (/account).
mail-team-approved-subject = Команда «{ $team }» допущена
mail-team-approved-body = Судьи одобрили заявку вашей команды «{ $team }» в чемпионате «{ $championship }». Теперь команда может заявляться на турниры.
mail-team-rejected-subject = Команда «{ $team }» не допущена
mail-team-rejected-body = Судьи отклонили заявку вашей команды «{ $team }» в чемпионате «{ $championship }». Причина: { $reason }
mail-entry-subject = Заявка «{ $entry }» на турнир { $tournament } принята
mail-entry-body = Ваша заявка «{ $entry }» на турнир { $tournament } чемпионата «{ $championship }» принята. Строка: { $line }
mail-entry-waiting-body = Ваша заявка «{ $entry }» на турнир { $tournament } чемпионата «{ $championship }» принята и стоит { $position }-й в листе ожидания. Строка: { $line }
mail-pairings-subject = Тур { $round } турнира { $tournament }: пары опубликованы
mail-pairings-body = Опубликован тур { $round } чемпионата «{ $championship }». { $entry } играет за столом { $table } против команды { $opponent }.
mail-pairings-bye = Опубликован тур { $round } чемпионата «{ $championship }». { $entry } в этом туре свободна от игры.
mail-document-approved-subject = { $several ->
        [yes] Документы приняты: { $count }
       *[no] Документ «{ $file }» принят
    }
mail-document-rejected-subject = { $several ->
        [yes] Документы отклонены: { $count }
       *[no] Документ «{ $file }» отклонён
    }
mail-document-approved-body = Организаторы чемпионата «{ $championship }» { $several ->
        [yes] приняли документы: { $file }.
       *[no] приняли документ «{ $file }».
    }
mail-document-rejected-body = Организаторы чемпионата «{ $championship }» { $several ->
        [yes] отклонили документы: { $file }.
       *[no] отклонили документ «{ $file }».
    } Причина: { $note }. Новый документ можно загрузить на странице по ссылке ниже.

notices-title = Уведомления по электронной почте
notices-intro = Уведомления приходят на { $email } на языке вашей учётной записи. Снимите отметки с ненужных видов.
notices-required = Изменения регламента капитанам приходят всегда (Е.2).
notices-save = Сохранить настройки уведомлений
notices-saved = Настройки уведомлений сохранены.
notices-opt-in-title = Только по вашему желанию
notices-opt-in-intro = Капитаны получают изменения регламента всегда; участники допущенных команд — если отметят этот пункт.
notices-opt-in-save = Сохранить

outbox-title = Исходящие письма
outbox-intro = Уведомления по электронной почте чемпионатов, которые вы организуете: ожидающие, отправленные и неотправленные. Неотправленное письмо можно отправить снова.
outbox-none = Писем нет.
outbox-col-created = Создано
outbox-col-to = Кому
outbox-col-kind = Вид
outbox-col-subject = Тема
outbox-col-status = Состояние
outbox-col-attempts = Попыток
outbox-col-error = Последняя ошибка
outbox-status-pending = ожидает
outbox-status-sending = отправляется
outbox-status-sent = отправлено
outbox-status-failed = не отправлено
outbox-resend = Отправить снова
outbox-resent = Письмо снова поставлено в очередь.
outbox-not-failed = Снова отправить можно только неотправленное письмо; это уже ожидает отправки или отправлено.
nav-outbox = Исходящие
mail-rule-change-subject = { $championship }: регламент изменён (версия { $version })
mail-rule-change-body = Регламент чемпионата { $championship } изменён: { $summary }. Изменение действует с турнира { $tournament } (для турниров, начинающихся с { $at }) — с уведомлением не позже чем за три дня (Е.2).
mail-rule-change-body-later = Регламент чемпионата { $championship } изменён: { $summary }. Изменение действует для турниров, начинающихся с { $at } (Е.2: уведомление за три дня); таких турниров в расписании пока нет.
mail-appeal-filed-subject = { $championship }: подана апелляция № { $case }
mail-appeal-filed-body = Подана апелляция: { $claim }. Её рассмотрит комиссия; дело — { $url }.
mail-appeal-committee-body = Вы в комиссии по этой апелляции: { $claim }. Прочитайте дело и проголосуйте: { $url }.
mail-fairplay-accused-subject = { $championship }: дело № { $case } о честной игре касается вас (Г.7)
mail-fairplay-accused-body = Судьи передали в апелляционную комиссию подозрение в использовании компьютерной помощи в ваших партиях турнира { $tournament }: дело № { $case } (Г.7). Если комиссия его подтвердит, вас отстранят от игры (команда вправе вас заменить; сыгранные туры остаются в силе), а команда «{ $team }» лишится 12 очков. До решения материалы дела видят только стороны, комиссия и судьи; за команду отвечает её капитан. Дело: { $url }
mail-violation-subject = { $championship }, турнир { $number }: капитан сообщает о нарушении (В.3.3)
mail-violation-body = Капитан сообщает главному судье: { $what } Посмотрите матч и ответьте: { $url }.
mail-violation-answered-subject = { $championship }, турнир { $number }: главный судья ответил на ваше сообщение
mail-violation-answered-body = Ответ главного судьи: { $answer } Матч: { $url }.
mail-appeal-decided-subject = { $championship }: решение по апелляции № { $case }
mail-appeal-upheld-body = Комиссия удовлетворила апелляцию «{ $claim }». Решение и что оно изменило — { $url }.
mail-appeal-rejected-body = Комиссия отклонила апелляцию «{ $claim }»; оспоренное решение остаётся в силе. См. { $url }.
mail-kind-play-status = Изменения по ходу турнира (итог и место, повторное открытие, снятие, пропуск тура)
mail-finished-subject = Турнир { $tournament } — { $championship } — завершён
mail-finished-body = Турнир { $tournament } — { $championship } — завершён. { $entry }: { $place }-е место, турнирных очков: { $points }. Турнир: { $url }
mail-reopened-subject = Турнир { $tournament } — { $championship } — открыт снова
mail-reopened-body = Главный судья снова открыл турнир { $tournament } — { $championship }: { $reason }. Места и турнирные очки отменены до нового завершения. Турнир: { $url }
mail-rounds-subject = Турнир { $tournament } — { $championship } — число туров изменено
mail-rounds-body = Оргкомитет установил число туров турнира { $tournament } — { $championship } — по числу заявок (п. 3.5): { $rounds } { $rounds ->
    [one] тур
    [few] тура
   *[many] туров
}. Турнир: { $url }
mail-entry-sits-out-body = { $entry } заявлена в турнир { $tournament } — { $championship } — составом { $line }, но пока не играет: при нечётном числе заявок последний заявленный дубль пропускает турнир (Б.1.3). До жеребьёвки это может измениться.
mail-draw-left-out-subject = { $entry } не играет в турнире { $tournament }
mail-draw-sits-out-body = Жеребьёвка турнира { $tournament } — { $championship } — проведена. { $entry } не играет: при нечётном числе заявок последний заявленный дубль пропускает турнир (Б.1.3).
mail-draw-waiting-body = Жеребьёвка турнира { $tournament } — { $championship } — проведена. { $entry } осталась в листе ожидания (место { $position }) и не играет (п. 1.9).
mail-withdrawn-subject = { $entry } снята с турнира { $tournament }
mail-withdrawn-body = { $entry } снята с турнира { $tournament } — { $championship }: { $reason }. Она в нём не играет; если жеребьёвка проведена, её неоконченные партии и дальнейшие матчи проиграны.
mail-penalty-subject = Наказание { $code } для команды { $team }
mail-penalty-body = Судьи — { $championship } — назначили команде { $team } наказание { $code }: из очков команды в таблице сезона вычитается { $points }. Причина: { $reason }
mail-penalty-bars-body = Судьи — { $championship } — назначили команде { $team } наказание { $code }: из очков команды в таблице сезона вычитается { $points }, и команда не играет в турнире { $tournament }. Причина: { $reason }
mail-pairings-forfeit = Тур { $round } — { $championship } — опубликован. { $entry } выигрывает матч за столом { $table } без игры: команда { $opponent } снята с турнира (Г.2).
mail-corrected-subject = Турнир { $tournament }: исправлен результат тура { $round }
mail-corrected-body = Судья исправил результат тура { $round } турнира { $tournament } ({ $championship }): стол { $table }, доска { $board }, партия { $game } — { $was } → { $now }. Причина: { $reason }. Тур: { $url }
mail-penalty-player-removed-body = Судьи — { $championship } — по пункту { $code } удалили игрока { $people } команды { $team } с турнира { $tournament } с правом замены: команда продолжает играть, вместо { $people } играет запасной, сыгранные туры остаются в силе.{ $committee ->
        [yes] {" "}Если апелляционный комитет подтвердит нарушение, из очков команды в таблице сезона вычтут { $pending }.
       *[no] {""}
    } Причина: { $reason }
mail-penalty-members-body = Судьи — { $championship } — по пункту { $code } перенесли санкцию распущенной команды { $team } на её участников: { $people } пропускают турнир { $tournament }. Причина: { $reason }
mail-sanction-passed-subject = { $code }: вы пропускаете турнир { $tournament }
mail-sanction-passed-body = Команда { $team } распущена, когда на ней была санкция ({ $from }). По пункту { $code } регламента — { $championship } — санкция переходит на участников команды: вы пропускаете турнир { $tournament }.
mail-entry-barred-subject = { $entry }: { $nick } пропускает турнир { $tournament }
mail-entry-barred-body = По пункту { $code } регламента — { $championship } — { $nick } не может играть в турнире { $tournament }. { $outcome ->
        [replaced] Его доску в составе { $entry } занимает первый запасной, { $replacement }.
        [dropped] { $nick } больше не запасной состава { $entry }.
        [withdrawn] Без { $nick } в составе { $entry } слишком мало игроков, и состав снят с турнира.
       *[kept] Состав { $entry } остаётся прежним, но { $nick } за доски не садится: выставьте запасного.
    }
mail-cancelled-subject = Турнир { $tournament } — { $championship } — отменён
mail-cancelled-body = Организаторы отменили турнир { $tournament } — { $championship }, на который была заявлена ваша команда: { $reason }. Календарь чемпионата: { $url }
mail-entry-back-subject = { $entry }: наказание { $code } отменено
mail-entry-back-body = Наказание по пункту { $code } регламента — { $championship } — отменено. { $outcome ->
        [restored] Состав { $entry } на турнир { $tournament } снова такой, каким был до наказания: { $line }.
        [started] Турнир { $tournament } уже начался: состав { $entry } остаётся как есть.
        [changed] Состав { $entry } на турнир { $tournament } с тех пор изменился и остаётся как есть.
        [barred] Другое действующее наказание не допускает к турниру { $tournament } команду или игрока прежнего состава { $entry }: состав остаётся как есть.
       *[taken] Игрок прежнего состава { $entry } заявлен теперь в другом составе турнира { $tournament }: состав остаётся как есть.
    }
mail-kind-claim = Ссылка, чтобы принять свою запись
mail-kind-invitation = Приглашения в команду
mail-claim-subject = Ваша запись на платформе лиги
mail-claim-body = { $sender } внёс(ла) вас, { $name }, как игрока на платформе лиги. Чтобы видеть свою запись, документы и сообщения команды, задайте пароль по ссылке ниже. Ссылка действует один раз, { $days } дней. Если это не вы, не отвечайте на письмо.
mail-invitation-subject = Приглашение в команду «{ $team }»
mail-invitation-body = Капитан команды «{ $team }» приглашает вас в состав. Принять или отклонить приглашение можно на странице «Что ждёт вас»:
outbox-resend-all = Отправить снова все ({ $count })
outbox-resent-all = Снова в очереди писем: { $count }.
mail-player-pairing-subject = Тур { $round } турнира { $tournament }: вы играете на доске { $board }
mail-player-pairing-body = Опубликован тур { $round } чемпионата «{ $championship }». Вы играете за «{ $entry }» на доске { $board } за столом { $table } против { $opponent } (команда «{ $team }»). Начало турнира: { $starts }. Ваши партии:
mail-player-game-white = партия { $game }: белыми
mail-player-game-black = партия { $game }: чёрными
mail-start-moved-subject = Турнир { $tournament } чемпионата «{ $championship }»: новое время начала
mail-start-moved-body = Организаторы перенесли начало турнира { $tournament } чемпионата «{ $championship }» на { $after } (было { $before }).
mail-kind-digest = Ежедневная сводка дел для организаторов и судей
mail-digest-subject = { $count ->
    [one] Вас ждёт { $count } дело
    [few] Вас ждут { $count } дела
   *[many] Вас ждут { $count } дел
}
mail-digest-body = Доброе утро! Вот что ждёт вас сегодня на сайте ({ $count }):
mail-digest-line = { $championship }: { $text } — { $link }
