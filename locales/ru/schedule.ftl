schedule-title = Турниры
schedule-none = Турниры ещё не назначены.
schedule-start = Начало, { $zone }
schedule-move = Перенести
schedule-add = Назначить турниры по правилу
schedule-hint = Например, по регламенту G: первая среда месяца, 18:15, с сентября по декабрь (время — в часовом поясе чемпионата).
schedule-nth = Какой по счёту
schedule-nth-1 = первый
schedule-nth-2 = второй
schedule-nth-3 = третий
schedule-nth-4 = четвёртый
schedule-nth-last = последний
schedule-weekday = День недели
schedule-time = Время начала
schedule-from = С месяца
schedule-until = По месяц
schedule-submit = Назначить
schedule-added = Назначено турниров: { $count }.
schedule-error-weekday = Выберите день недели.
schedule-error-nth = Выберите, какой по счёту день месяца.
schedule-error-time = Введите время в виде ЧЧ:ММ.
schedule-error-month = Введите месяц в виде ГГГГ-ММ.
schedule-error-empty = В этих месяцах нет такого дня.
schedule-error-start = Введите дату и время начала.
schedule-error-drawn = Жеребьёвка этого турнира проведена: его начало переносить уже нельзя.
weekday-mon = понедельник
weekday-tue = вторник
weekday-wed = среда
weekday-thu = четверг
weekday-fri = пятница
weekday-sat = суббота
weekday-sun = воскресенье
schedule-error-too-many-months = Сразу { $months } { $months ->
        [one] месяц
        [few] месяца
       *[other] месяцев
    } — больше { $max }: за один раз можно назначить не больше трёх сезонов.
schedule-error-years = Месяц { $month } вне допустимых лет: { $first }–{ $last }.
schedule-error-order = Первый месяц { $first } позже последнего { $last }.
schedule-error-no-such-time = { $day } в { $time } не существует в часовом поясе { $zone } (часы переводятся через это время).
schedule-error-time-zone = Неизвестный часовой пояс { $zone }.
schedule-error-too-many-tournaments = В чемпионате уже { $have } { $have ->
        [one] турнир
        [few] турнира
       *[other] турниров
    }; ещё { $adding } дадут больше { $max } — предела для одного чемпионата.
schedule-add-day = Добавить турнир
schedule-day-hint = Однодневный турнир: дата и начало 1-го тура по времени чемпионата.
schedule-day = Дата
schedule-submit-day = Добавить турнир
timetable-title = Расписание дня
timetable-rule = Тур длится не больше { $minutes } мин; между турами группового этапа не больше { $pause } мин («длительность тура»). Ниже — самое позднее начало и окончание каждого тура.
timetable-round = Тур
timetable-begins = Начало
timetable-ends = Окончание не позже
schedule-cancel = Отменить турнир
schedule-cancel-reason = Причина отмены
schedule-cancel-error-reason = Укажите причину отмены: её сообщат капитанам заявленных команд.
schedule-cancel-error-drawn = Жеребьёвка этого турнира проведена: он начался, и отменить его уже нельзя.
schedule-cancelled = Турнир отменён; капитанам заявленных команд сообщена причина.
