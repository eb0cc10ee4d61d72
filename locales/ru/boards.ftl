# Доски тура: расстановка (В.2.2, «доски команды»), замены (В.3.1, В.3.2), снятие (Г.2), опоздание («опоздание»).
boards-wrong-count = Расставлено досок: { $found }, а матч играется на { $expected }.
boards-not-in-entry = Доска { $board }: { $nick } нет в заявке команды на турнир — ни среди основных, ни среди запасных.
boards-on-two-boards = { $nick } стоит сразу на двух досках: { $first } и { $again }.
boards-moved = За { $nick } закреплена доска { $own }; пересадить на доску { $placed } нельзя — пересаживать игроков между досками запрещено.
boards-substitute-fixed = { $nick } уже играет в этом турнире на доске { $played } и остаётся за ней; на доску { $placed } поставить нельзя.
boards-empty = { $count } { $count ->
        [one] доска остаётся пустой: на ней засчитывается техническое поражение.
        [few] доски остаются пустыми: на них засчитываются технические поражения.
       *[many] досок остаются пустыми: на них засчитываются технические поражения.
    }
boards-withdrawn = Не хватает больше { $max } игроков, и заменить их некем: команда снимается с турнира, все оставшиеся партии ей засчитываются поражениями.
boards-ann-format = Формат объявления: «команда номер стола, игрок, которого заменяют => заменяющий», например «Ладья 3, vasya => petya», где 3 — номер стола.
boards-ann-empty = Объявление о замене пустое.
boards-ann-missing-arrow = Нет стрелки «=>» между заменяемым игроком и заменой.
boards-ann-several-arrows = Стрелка «=>» встречается больше одного раза: одно объявление — одна замена.
boards-ann-missing-comma = Нет запятой между номером стола и заменяемым игроком.
boards-ann-missing-team = Не указана команда.
boards-ann-missing-table = После названия команды не указан номер стола.
boards-ann-bad-table = Номер стола должен быть целым положительным числом, а указано «{ $found }».
boards-ann-empty-out = Не указан заменяемый игрок.
boards-ann-empty-in = Не указана замена.
boards-ann-bad-nick = «{ $nick }» — не ник: в нике не бывает пробелов и запятых.
boards-sub-wrong-team = В объявлении команда «{ $found }», а не «{ $expected }».
boards-sub-unknown-nick = Игрока с ником «{ $nick }» нет.
boards-sub-no-such-board = Стола { $board } нет: в матче столы с 1 по { $boards }.
boards-sub-not-on-board = За столом { $board } сейчас играет { $actual }, а не { $nick }.
boards-sub-board-empty = Стол { $board } сейчас пуст, и { $nick } не был на него заявлен. Укажите игрока, который стоял за этим столом по расстановке (снятого с доски), или выберите стол и запасного в списках ниже.
boards-sub-not-substitute = { $nick } не запасной этой команды в турнире: ввести в игру можно только запасного.
boards-sub-already-played = { $nick } уже участвует в этом туре: заменить можно только тем, кто в туре не играл.
boards-sub-another-board = { $nick } уже играет в этом турнире на доске { $played } и остаётся за ней; за стол { $board } посадить нельзя.
boards-reason-captain = замена по решению капитана
boards-reason-lost-connection = замена игрока, потерявшего связь
boards-late-forfeit = Опоздание больше допустимого — техническое поражение.
boards-late-clock = Опоздание { $delay } списывается с часов игрока.

# Расстановка, матчи, сообщения о результатах (задача 7: В.2.2, В.3.1, В.3.2, «опоздание», Г.2, В.2.3).
lineup-title = Расстановка команды { $entry }
lineup-intro = Перед туром капитан расставляет игроков по доскам (В.2.2): основной игрок — только на свою доску, запасной — на доску неиграющего основного. Пустая доска — поражение без игры. Расстановку следующего тура можно готовить во время текущего.
lineup-problems = { $count ->
        [one] Расстановка не сохранена: { $count } ошибка.
        [few] Расстановка не сохранена: { $count } ошибки.
       *[other] Расстановка не сохранена: { $count } ошибок.
    }
lineup-none-open = Сейчас нет тура, для которого можно задать расстановку.
lineup-opponent = Предварительная расстановка команды { $entry }
lineup-empty-board = — пусто (без игры) —
lineup-save = Сохранить расстановку
lineup-substitute = запасной
lineup-board-player = { $nick } (основной, доска)
lineup-saved = Расстановка на тур { $round } сохранена.
lineup-link = Расстановка
lineup-not-playing = Эта команда не играет в турнире (в листе ожидания, не допущена, снялась или выбыла).
lineup-round-closed = Расстановку на тур { $round } изменить уже нельзя (партии начались) или ещё рано.
match-link = Матч
match-boards = Доски
match-board = Доска
match-actions = Действия
match-not-running = Тур не идёт: он ещё не опубликован или уже завершён.
match-board-finished = Все партии за столом { $board } сыграны: заменять некого.
match-armageddon-board = Замена на доске { $board } запрещена: армагеддон играют шахматисты этой доски, и после его назначения их не заменяют.
report-result = Результат
report-submit = Сообщить
report-confirm = Подтвердить
report-pending = сообщено
report-waiting = Результат сообщён; он станет окончательным, когда его подтвердит капитан соперника или решит судья.
report-confirmed = Результат подтверждён обоими капитанами и стал окончательным.
report-not-a-result = Сообщите окончательный результат: 1-0, ½-½, 0-1 или неявку.
report-already-decided = У этой партии уже есть результат.
late-side = Опоздал
late-by = на (мин:сек)
late-submit = Записать опоздание
late-bad-value = Укажите опоздание в минутах и секундах (например, 5:30) или в целых минутах.
substitutions-title = Замены
substitution-from-game = с партии { $game }
substitution-form-title = Объявить замену
substitution-announcement = Объявление
substitution-reason = Причина
substitution-submit = Записать замену
substitution-recorded = Замена в команде { $entry } за столом { $board } записана, с партии { $game }.
retire-reason = Причина снятия
retire-submit = Снять с турнира (Г.2)
retire-done = Команда снята с турнира (Г.2); ей засчитаны поражения во всех оставшихся партиях.
retire-already = Эта команда уже снята.
retire-warning = Пустых досок больше двух, и заменить некем (Г.2).
interrupt-reason = Что случилось
interrupt-submit = Турнир прерван: переиграть несыгранные партии (В.2.3)
interrupt-done = { $count ->
        [one] { $count } партия без результата будет переиграна (В.2.3).
        [few] { $count } партии без результата будут переиграны (В.2.3).
       *[other] { $count } партий без результата будут переиграны (В.2.3).
    }
reason-required = Укажите причину.
boards-sub-no-such-player = На платформе нет игрока с ником «{ $nick }».
boards-sub-other-team = { $nick } играет за команду { $team }, а не за эту.
boards-sub-not-in-entry = { $nick } в составе команды, но не в заявке { $entry }: выйти на замену могут только игроки и запасные, названные в заявке (Б.1.3, В.3.1).
rule-not-in-regulation = В регламенте этого чемпионата нет такого правила.
violations-title = Сообщения главному судье (В.3.3)
violation-board-n = доска { $board }
violation-answer = Ответ главного судьи
violation-open = Ждёт ответа главного судьи
violation-answer-submit = Ответить
violation-form-title = Сообщить о нарушении при замене у соперника
violation-form-hint = Игроки принимают любые замены соперника; если правило нарушено, сообщите главному судье здесь (В.3.3). Сообщение видят судьи и оба капитана.
violation-board = Доска
violation-what = Что произошло
violation-submit = Отправить главному судье
violation-reported = Сообщение отправлено главному судье.
violation-answered = Ответ записан, капитану сообщено.
violation-finished = Турнир закончен: жалоба теперь подаётся в апелляционную комиссию (Д.4).
violation-not-played = Этот матч не играется (тур не опубликован или это пропуск тура).
violation-what-required = Опишите, что произошло.
violation-bad-board = В матче доски с 1 по { $boards }.
violation-answer-required = Напишите ответ.
violation-already-answered = На это сообщение уже ответили.
violation-line = Тур { $round }, стол { $table }
substitution-no-such-game = На этой доске в матче нет партии { $game }.
substitution-game-played = У партии { $game } этой доски уже есть результат: запасной входит перед партией, начиная со следующей.
substitution-from-game-label = Играет с партии
substitution-lists-hint = Выберите стол и запасного или вместо этого впишите объявление капитана ниже. За пустым столом (игрок снят) запасной занимает место снятого игрока до конца турнира.
substitution-board-label = Стол
substitution-replacement-label = Запасной
unfit-short-banned = отстранён
unfit-short-not-on-roster = не в составе команды
unfit-short-not-admitted = не допущен
lineup-out-of-order = Регламент требует расставлять игроков по убыванию рейтинга (допуск { $tolerance }): у { $lower_nick } на { $lower }-й доске рейтинг { $lower_rating }, это больше чем на { $tolerance } выше, чем у { $higher_nick } на { $higher }-й доске ({ $higher_rating }). Поставьте { $lower_nick } выше или { $higher_nick } ниже.
lineup-board-order = Регламент требует расставлять игроков по убыванию рейтинга (число после имени) с допуском { $tolerance }: игрок может стоять выше товарища по команде, у которого рейтинг больше не более чем на { $tolerance }. Игроки без рейтинга — на любой доске.
