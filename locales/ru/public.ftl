# Public pages: the season chart, team and player
# records, halls of fame.

season-chart-title = Очки сезона после каждого турнира
season-chart-desc = Линейный график очков сезона после каждого турнира (штраф вычитается начиная с турнира, за который назначен). Участников на графике: { $count }. { $lines }.
season-chart-x = Турнир
season-chart-y = Очки
season-chart-legend = Обозначения линий
season-chart-note = На графике — первые { $shown } из { $count }; в таблицах — все.
season-cumulative-caption = Очки сезона после каждого турнира (числа графика)

team-captains-title = Капитаны
team-captains-none = Передач капитанства не было.
team-transfers-title = Переходы
team-transfers-none = Переходов не было.
team-transfer-date = Дата
team-transfer-from = Из команды
team-transfer-to = В команду
team-results-title = Результаты
team-results-none = Команда ещё не сыграла ни одного завершённого турнира.
team-results-tournament = Турнир
team-results-place = Место
team-results-points = Очки
team-season-label = В сезоне
team-penalties-title = Штрафы в силе

person-teams-over-time = Команды по времени
person-games-title = Партии
person-games-none = Партий в опубликованных турах нет.
person-score = Результат
person-score-of = из { $games }
person-by-board = По доскам
person-games-count = Партий
person-points = Очки
person-games-caption = Партии по турнирам, турам и доскам
person-round = Тур
person-colour = Цвет
person-opponent = Соперник
person-result = Итог
player-colour-white = белые
player-colour-black = чёрные
player-round-playoff = плей-офф

hall-title = История и зал славы
hall-links = История чемпионата
hall-top-four = Четвёрка лучших сезона (Е.1)
hall-top-pending = Четвёрка лучших записывается, когда завершается последний турнир сезона. Незавершённых турниров: { $count }.
hall-winners = Победители турниров (Е.1)
hall-date = Дата
hall-winner = Победитель
hall-place = Место
hall-total = Очки сезона
hall-decisions-link = Решения апелляционного комитета
hall-platform-title = Зал славы
hall-platform-intro = Чемпионаты с записанной историей (Е.1): четвёрка лучших сезона и победы в турнирах.
hall-platform-none = Пока ни один турнир не завершён.
hall-wins = Победы в турнирах
hall-history-link = история
hall-season-on = сезон продолжается

pager-label = Страницы
pager-previous = ← Предыдущая
pager-next = Следующая →
pager-position = Страница { $page } из { $pages }
