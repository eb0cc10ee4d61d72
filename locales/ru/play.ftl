## Заявки и составы (G-B13, G-B22, R-1.8, R-1.9, G-G1)
line-empty = Строка заявки пуста.
line-spaces = В строке заявки не должно быть пробелов (G-B13).
line-wrong-team = Строка должна начинаться с названия команды { $expected } (или дубля, например { $expected }2); она начинается с «{ $found }».
line-no-doubles = Регламент не допускает дублей.
line-empty-name = Имя { $position } пусто (две запятые подряд).
line-too-few = { $found } { $found ->
    [one] игрок указан
    [few] игрока указано
   *[other] игроков указано
}; нужно { $needed }.
line-too-many = { $found } имён после команды; не больше { $allowed } игроков и запасных.
line-unknown-nick = Игрок с ником «{ $nick }» не зарегистрирован.
line-not-member = { $nick } сейчас не состоит в команде.
line-duplicate = { $nick } указан дважды.
line-other-entry = { $nick } уже заявлен в составе { $entry } этого турнира (G-B22).
line-parallel-event = { $nick } уже заявлен в турнире «{ $event }», который идёт одновременно: спортсмен выступает только в одном виде (R-1.8).
line-parallel-sport = { $nick } в списке вида «{ $sport }» спартакиады «{ $series }», который идёт одновременно с шахматами: спортсмен выступает только в одном виде (R-1.8).
line-not-eligible = { $nick } не допускается: { $reasons }.
entry-not-open = Регистрация откроется { $at }.
entry-past-deadline = Приём заявок закончился в { $at }: после этого срока регламент заявок не принимает.
entry-closed = Регистрация закрыта: турнир начался или жеребьёвка проведена.
entry-no-team = Вы не капитан и не член команды — участницы чемпионата.
entry-undertaking = Обязуемся играть без движков, баз данных, книг и чужих подсказок и принимаем решение судей по спорам как окончательное (E-13).
entry-undertaking-required = Примите обязательство честной игры (E-13): без движков, баз данных, книг и подсказок; решение судей по спорам окончательное.
entry-team-not-participant = Команда не является участницей чемпионата.
tournament-title = Турнир { $number }
entries-title = Заявки
entries-none = Заявок пока нет.
entry-name = Заявка
entry-captain = Капитан
entry-boards = Доски
entry-substitutes = Запасные
entry-at = Подана
entry-status = Статус
entry-late = поздно
entry-withdraw = Отозвать
entry-form-title = Заявка на турнир
entry-problems = { $count ->
    [one] Заявка не принята: { $count } ошибка.
    [few] Заявка не принята: { $count } ошибки.
   *[other] Заявка не принята: { $count } ошибок.
}
entry-line = Одной строкой: Команда,доска1,…,запасной1,…
entry-line-hint = Без пробелов. Если строка заполнена, поля ниже не учитываются.
entry-fields = Или заполните поля
entry-name-hint = Название команды или дубля: название и цифра 1, 2, …
entry-board = Доска { $board }
entry-sub = Запасной { $number }
entry-submit = Подать заявку
entry-window-opens = Регистрация откроется { $at }.
entry-window-open-until = Регистрация открыта; заявка своевременна до { $at }.
entry-window-open = Регистрация открыта.
entry-window-late = Регистрация открыта; срок своевременной заявки истёк в { $at }, заявка сейчас — поздняя (штраф { $code }).
entry-window-closed = Регистрация закрыта.
entry-status-playing = играет
entry-status-waiting = лист ожидания, { $position }
entry-status-sits-out = не играет (нечётное число, G-B13)
entry-status-withdrawn = отозвана
entry-status-retired = снята по ходу турнира
entry-accepted = Заявка { $entry } принята.
entry-replaced = Строка заявки { $entry } заменена.
entry-accepted-late = Заявка { $entry } принята с опозданием: записан штраф { $code }.
entry-accepted-waiting = Заявка { $entry } принята в лист ожидания, место { $position } (R-1.9).
entry-accepted-sits-out = Заявка { $entry } принята, но пока не играет: при нечётном числе заявок последний заявленный дубль пропускает турнир (G-B13).
entry-withdrawn = Заявка { $entry } отозвана.
standings-title = Турнирная таблица
standings-rank = Место
standings-mp = КО
standings-gp = ИО
standings-why = Чем опережает следующую
round-title = Тур { $round }
round-draft = черновик
round-complete = завершён
round-publish = Опубликовать пары
round-table = Стол
round-home = Хозяева
round-score = Счёт
round-away = Гости
round-bye = без пары
game-result = Результат
game-save = Сохранить
judges-title = Судьи
draw-seed = Число жребия (необязательно)
draw-seed-hint = Оставьте пустым для случайного жребия; укажите число прошлой жеребьёвки, чтобы повторить её.
draw-submit = Закрыть регистрацию и провести жеребьёвку 1-го тура
round-pair-next = Составить пары следующего тура
round-already-drawn = Жеребьёвка 1-го тура уже проведена.
round-not-drawn = Жеребьёвка ещё не проведена.
round-no-format = Ни один формат регламента не подходит для { $count } заявок.
round-previous-open = Тур { $round } должен быть опубликован (а в швейцарской системе и в плей-офф — завершён), прежде чем составлять пары следующего.
round-all-paired = Пары всех туров уже составлены.
round-engine = Программа жеребьёвки не смогла составить пары: { $detail }
round-unsupported = Этот формат (группы и плей-офф) здесь пока не проводится.
round-not-published = Результаты вносятся после публикации тура.
game-changed = Эту партию уже изменил другой судья; сейчас в ней { $result }. Проверьте и при необходимости внесите результат снова.
game-bad-result = Выберите результат из списка.
game-recorded = Результат записан.
round-paired = Пары тура составлены: проверьте и опубликуйте.
round-published = Тур опубликован.
tournament-finish = Завершить турнир
tournament-is-finished = Турнир завершён.
tournament-finished = Турнир завершён: места и очки записаны.
tournament-not-finished = Прежде чем завершить турнир, все туры должны быть составлены, опубликованы и сыграны.
tournament-already-finished = Турнир завершён: его результаты, составы и заявки окончательны. Главный судья может открыть его снова, указав причину.
tournament-playoff-needed = Первое место после всех дополнительных показателей делят { $entries }: нужен дополнительный матч (G-V42).
season-title = Итоги сезона
season-none = Ни один турнир ещё не завершён.
season-penalties = Штрафы
season-total = Итого
history-title = История
history-place = { $place }-е место
adjust-title = Изменить жеребьёвку (до публикации)
adjust-a = Поменять
adjust-b = с
adjust-reason = Причина
adjust-submit = Поменять
round-adjusted = Жеребьёвка изменена; изменение записано в примечаниях тура.
adjust-published = Опубликованный тур изменить нельзя.
adjust-not-in-round = Выберите две команды этого тура из разных матчей.
## Чем команда опережает следующую в таблице (R-3.3, G-V42)
gap-values = { $criterion }: { $ahead } против { $behind }
gap-values-step = { $criterion }, { $step }: { $ahead } против { $behind }
gap-mp = командные очки
gap-gp = очки за партии
gap-playoff = дополнительный матч, место
gap-step-primary = по главному показателю
gap-step-secondary = по вторичному показателю
gap-step-board-count = подсчёт по доскам
gap-step-board = доска { $board }
gap-step-without-bottom = без { $count } { $count ->
    [one] нижней доски
   *[other] нижних досок
}
## Примечания к туру
note-berger = тур { $round } по таблицам Бергера (C.05, прил. 1)
note-lot = жеребьёвка по жребию (R-3.1), зерно жребия { $seed }
note-swiss = по швейцарской системе для команд (ФИДЕ C.04.6)
note-group-first = групповой этап, тур { $round } (E-1): группы по жребию, таблицы Бергера (C.05, прил. 1)
note-group = групповой этап, тур { $round } (E-1), таблицы Бергера (C.05, прил. 1)
note-group-lot = группа { $group }: делёж места { $place } решён жребием (E-8), зерно жребия { $seed }
note-knockout-first = плей-офф (E-1): победители групп против вторых мест другой группы
note-knockout = плей-офф (E-1): { $stages }
note-stage-semi = полуфинал
note-stage-final = финал
note-stage-third = матч за 3-е место
note-playoff = дополнительный матч за 1-е место (G-V42): { $games } партии на доске, во второй цвета меняются
note-adjusted = изменено судьёй: { $a } ⇄ { $b } ({ $reason })
tournament-not-finished-yet = Турнир не завершён: открывать нечего.
tournament-reopen = Открыть турнир снова
tournament-reopen-reason = Причина (её получат капитаны и судьи)
tournament-reopened = Турнир открыт снова: места и турнирные очки отменены до нового завершения.
sheet-save = Сохранить результаты
sheet-hint = По ячейке на партию, результат игрока первой команды: 1 — победа, 0 — поражение, = — ничья, + и - — победа и поражение без игры, -- — неявка обоих, R — переигровка, пусто — результата ещё нет. Tab переводит на следующую доску.
sheet-bad-notation = Это не результат: напишите 1, 0, =, +, -, --, R или оставьте пустым.
sheet-saved = { $count ->
        [one] Сохранён { $count } результат.
        [few] Сохранено { $count } результата.
       *[other] Сохранено { $count } результатов.
    }
sheet-not-saved = { $count ->
        [one] Ведомость не сохранена: { $count } партию нужно проверить (пометка рядом с ней).
        [few] Ведомость не сохранена: { $count } партии нужно проверить (пометки рядом с ними).
       *[other] Ведомость не сохранена: { $count } партий нужно проверить (пометки рядом с ними).
    }
sheet-cell = Результат, стол { $table }, доска { $board }
match-sheet-hint = Сообщите результаты матча: по ячейке на партию, результат игрока первой команды (1, 0, =, +, -, --). В партии, о которой уже сообщил другой капитан, стоит его результат: сохраните без изменений, чтобы подтвердить.
match-sheet-confirm = сообщение другого капитана: сохраните, чтобы подтвердить
match-sheet-submit = Сообщить результаты
match-sheet-reported = Сообщено: { $waiting } ждут подтверждения другого капитана, { $confirmed } подтверждено.

# R-3.5: число туров швейцарской системы по числу заявок.
rounds-title = Туры этого турнира (R-3.5)
rounds-label = Туров
rounds-hint = Организаторы вправе задать число туров по числу заявок. Играют { $entries } { $entries ->
    [one] команда
    [few] команды
   *[many] команд
}: без повторных встреч — не больше { $limit } { $limit ->
    [one] тура
   *[other] туров
}.
rounds-warn = { $rounds } туров — больше, чем { $entries } команд могут сыграть без повторных встреч (не больше { $limit }): последние туры не удастся составить.
rounds-save = Сохранить число туров
rounds-saved = Число туров сохранено.
rounds-error-not-swiss = Число туров задаётся только для турнира по швейцарской системе.
rounds-error-range = От 1 до 60 туров и не меньше уже составленных ({ $paired }).
rounds-error-too-many = { $entries } { $entries ->
    [one] команда
    [few] команды
   *[many] команд
} без повторных встреч { $entries ->
    [one] сыграет
   *[other] сыграют
} не больше { $limit } { $limit ->
    [one] тура
   *[other] туров
}: { $rounds } { $rounds ->
    [one] тур не составить
    [few] тура не составить
   *[many] туров не составить
} (R-3.5).
tournament-rounds = Швейцарская система, { $rounds } { $rounds ->
    [one] тур
    [few] тура
   *[many] туров
}
draw-rounds-warn = Жеребьёвка проведена на { $rounds } туров для { $entries } команд: без повторных встреч можно составить не больше { $limit }. Задайте число туров турнира (R-3.5).
gap-after = не разделили: { $criteria }; { $gap }
entry-captain-answers = За корректность заявки отвечает подающий её капитан (G-B14): { $nick }.
checkin-title = Регистрация участников в день турнира
checkin-hint = Для каждого участника отметьте, что он предъявил: медицинскую справку или подписанную расписку и копию паспорта (R-2.2). Не допускаются участники с медицинскими противопоказаниями и в состоянии опьянения (R-2.3); при признаках заболевания нужна справка врача, выданная сегодня (R-2.4). Играют только допущенные.
checkin-count = Допущено: { $admitted }
checkin-none = Заявок пока нет.
checkin-medical = Медицинская справка или расписка
checkin-medical-certificate = медицинская справка
checkin-medical-waiver = подписанная расписка
checkin-passport = Копия паспорта
checkin-symptoms = Признаки заболевания
checkin-doctor-note = Справка врача, выданная сегодня
checkin-refusal = Не допущен
checkin-status = Допуск
checkin-status-none = не зарегистрирован
checkin-status-admitted = допущен
checkin-status-refused = не допущен: { $reasons }
checkin-unmet-medical = нет медицинской справки или расписки (R-2.2)
checkin-unmet-passport = нет копии паспорта (R-2.2)
checkin-unmet-contraindications = медицинские противопоказания (R-2.3)
checkin-unmet-intoxication = состояние опьянения (R-2.3)
checkin-unmet-doctor-note = признаки заболевания без сегодняшней справки врача (R-2.4)
checkin-submit = Сохранить регистрацию
checkin-admitted = Допущены: { $names }.
checkin-not-admitted = Не допущены: { $names }.
checkin-unchanged = Ничего не изменилось.
checkin-finished = Турнир закончен: регистрацию уже нельзя изменить.
checkin-link = Регистрация участников (R-2.2–R-2.4)
round-no-pairing = Следующий тур нельзя составить: ни одна жеребьёвка не соблюдает правило { $criterion }. При { $entries } командах соперники могли закончиться — швейцарскую систему на { $entries } команд всегда можно провести не больше чем на { $limit } туров. Организаторы могут уменьшить число туров (R-3.5) и завершить турнир.
round-incomplete = В туре { $round } есть партии без окончательного результата; следующий тур можно составить, когда результаты будут у всех партий.
criterion-c1 = C.04.6 [C1]: команды не встречаются дважды
criterion-c2 = C.04.6 [C2]: не больше одного пропуска тура по жеребьёвке
criterion-c3 = C.04.6 [C3]: все оставшиеся команды можно разбить на пары
criterion-c4-c5 = C.04.6 [C4]/[C5]: как можно меньше «плавающих», как можно ближе по очкам
criterion-c7 = C.04.6 [C7]: не «всплывать» два тура подряд
criterion-c8 = C.04.6 [C8]: пожелания по цвету
criterion-c9 = C.04.6 [C9]: сильные пожелания по цвету
criterion-c10 = C.04.6 [C10]: соперники «всплывших» не «плавали» в прошлом туре
criterion-g-v1 = G-V1: круговая система по числу команд
criterion-e-1 = E-1: групповой этап и плей-офф
criterion-e-9 = E-9: ничья в матче плей-офф
criterion-input = данные турнира
