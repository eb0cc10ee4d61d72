# Русский — язык по умолчанию. Ключи совпадают с locales/en/main.ftl.

site-name = Шахматная лига
nav-skip = К содержанию
nav-label = Основная навигация
nav-admin = Администрирование
nav-account = Профиль
nav-logout = Выйти
nav-login = Вход
nav-signup = Регистрация
nav-language = Язык
footer-text = Командные чемпионаты по шахматам: составы, заявки, жеребьёвка, турнирные таблицы.

home-title = Командные чемпионаты по шахматам
home-lead = Площадка для чемпионатов из ежемесячных командных турниров: от заявки команды до итогового зачёта.
home-feature-teams = Команды подают заявки и ведут составы онлайн: переходы, капитаны, документы для допуска.
home-feature-lineups = Капитаны подают заявки на турнир и расстановку по доскам; замены — по регламенту.
home-feature-standings = Жеребьёвка, результаты и турнирные таблицы с дополнительными показателями ФИДЕ.
home-feature-appeals = Штрафы, апелляции и решения апелляционной комиссии публикуются открыто.

field-nick = Ник
field-full-name = Имя и фамилия
field-email = Электронная почта
field-login = Ник или электронная почта
field-password = Пароль
field-password-confirm = Пароль ещё раз
field-current-password = Текущий пароль
field-new-password = Новый пароль
hint-nick = Латинские буквы, цифры, «_» и «-», от 2 до 30 символов, без пробелов и запятых.
hint-password = Не короче { $min } { $min ->
        [one] символа
        [few] символов
       *[other] символов
    }; не распространённый и не из вашего ника или имени.

signup-title = Регистрация
signup-submit = Зарегистрироваться
signup-have-account = Уже есть учётная запись? Войдите.
login-title = Вход
login-submit = Войти
login-no-account = Нет учётной записи? Зарегистрируйтесь.
login-wrong = Неверный ник (или адрес почты) или пароль.
login-throttled = Слишком много неудачных попыток входа. Попробуйте снова через { $minutes } { $minutes ->
        [one] минуту
        [few] минуты
        [many] минут
       *[other] минуты
    }.
login-slow-down = Несколько неудачных попыток входа подряд: подождите { $seconds } { $seconds ->
        [one] секунду
        [few] секунды
        [many] секунд
       *[other] секунды
    } перед следующей.

account-title = Профиль
account-role = Роль
role-admin = Администратор
role-person = Участник
password-title = Смена пароля
password-intro = После смены пароля все другие ваши сеансы будут завершены.
password-submit = Сменить пароль

admin-title = Администрирование
admin-people = Учётные записи: { $count }
admin-you = это вы
admin-grant = Сделать администратором
admin-revoke = Снять права администратора
admin-saved = Изменения сохранены.
admin-cannot-demote-self = Нельзя снять права администратора с самого себя.
admin-sessions = Сеансы
admin-sign-out-everywhere = Завершить все сеансы
admin-signed-out = Все сеансы { $nick } завершены ({ $count ->
        [one] завершён { $count } сеанс
        [few] завершено { $count } сеанса
       *[other] завершено { $count } сеансов
    }).
admin-audit = Журнал действий
admin-audit-at = Время
admin-audit-actor = Кто
admin-audit-action = Действие
admin-audit-subject = Объект
admin-audit-detail = Подробности

flash-signed-up = Добро пожаловать! Учётная запись создана, вы вошли.
flash-signed-in = Вы вошли.
flash-signed-out = Вы вышли.
flash-password-changed = Пароль изменён.

error-required = Заполните это поле.
error-nick-length = Ник должен быть от 2 до 30 символов.
error-nick-chars = В нике допустимы только латинские буквы, цифры, «_» и «-»; первым символом должна быть буква или цифра.
error-name-length = Не длиннее 100 символов.
error-name-chars = Имя содержит недопустимые символы.
error-email = Введите адрес электронной почты вида name@example.org.
error-password-short = Пароль слишком короткий.
error-password-long = Пароль слишком длинный (не более 256 символов).
error-password-common = Этот пароль слишком распространён или легко угадывается. Выберите другой.
error-password-mismatch = Пароли не совпадают.
error-nick-taken = Этот ник уже занят.
error-email-taken = Этот адрес уже зарегистрирован.
error-current-password = Текущий пароль указан неверно.

error-home = На главную
error-400-title = Неверный запрос
error-403-title = Доступ запрещён
error-404-title = Страница не найдена
error-500-title = Что-то пошло не так
error-400-detail = Запрос не удалось обработать.
error-form-unreadable = Форму не удалось прочитать (поле передано дважды или значение не того вида). Вернитесь, проверьте форму и отправьте её снова.
error-403-detail = У вас нет прав на эту страницу или действие.
error-404-detail = Такой страницы нет. Проверьте адрес.
error-405-detail = Этот адрес не принимает такой запрос.
error-text-title = Текст не принят
error-text-detail = В некоторых полях есть символы, которые нельзя сохранить, или текст слишком длинный:
error-text-back = Вернитесь назад, исправьте эти поля и отправьте форму снова: введённое осталось в форме.
error-control-characters = Содержит невидимый управляющий символ (например, скопированный из другой программы). Уберите его и отправьте снова.
error-too-long = Слишком длинно: не больше { $max } { $max ->
        [one] символа
       *[other] символов
    }.
error-413-detail = Отправленные данные слишком велики.
error-500-detail = На сервере произошла ошибка. Мы уже знаем о ней; попробуйте позже.
error-503-detail = Сервер перегружен или база данных недоступна. Попробуйте через минуту.
error-storage-title = Изменение не сохранено
error-storage-detail = Изменение не удалось сохранить: хранилище заполнено или доступно только для чтения. Ничего не изменилось; попробуйте позже.
error-csrf-detail = Форма устарела или отправлена с другого сайта. Обновите страницу и отправьте её снова.
scope-everywhere = Все чемпионаты
scope-where = Где
documents-showing-pending = Документы, ожидающие проверки.
documents-show-pending = Показать только ожидающие проверки
documents-show-all = Показать и проверенные ({ $count })
size-bytes = { $n } Б
size-kb = { $n } КБ
size-mb = { $n } МБ

# Что ждёт человека.
todo-nav = Дела
todo-title = Что ждёт вас
todo-lead = Приглашения, голосования, решения, проверки, заявки и результаты, которые за вами, — каждое со ссылкой туда, где это делается.
todo-none = Сейчас ничего не ждёт вас.
todo-invitation = Ответьте на приглашение в команду { $team }
todo-invitation-judge = Ваш переход в { $team } ждёт одобрения судьи
todo-vote = Проголосуйте по апелляции { $case }
todo-applications = Рассмотрите { $count } { $count ->
    [one] заявку команды
    [few] заявки команд
   *[many] заявок команд
}
todo-transfers = Одобрите или отклоните { $count } { $count ->
    [one] переход
    [few] перехода
   *[many] переходов
}
todo-cases = { $count } { $count ->
    [one] открытая апелляция
    [few] открытые апелляции
   *[many] открытых апелляций
}
todo-results = Турнир { $number }: { $count } { $count ->
    [one] партия без результата
    [few] партии без результата
   *[many] партий без результата
}
todo-documents = Проверьте { $count } { $count ->
    [one] документ
    [few] документа
   *[many] документов
}
todo-entry = Подайте заявку { $team } на турнир { $number } (начало { $at })
todo-confirm = { $team }: подтвердите { $count } { $count ->
    [one] результат
    [few] результата
   *[many] результатов
}, о которых сообщил капитан соперника
todo-team-case = { $team }: открыта апелляция { $case }
todo-violations = Турнир { $number }: { $count } { $count ->
    [one] сообщение
    [few] сообщения
   *[many] сообщений
} капитанов ждут ответа (В.3.3)
audit-action-account-login = вход
audit-action-account-logout = выход
audit-action-account-notices = настройки писем изменены
audit-action-account-password-changed = пароль изменён
audit-action-account-signed-out-everywhere = выход на всех устройствах
audit-action-account-signup = регистрация учётной записи
audit-action-admin-create = создан администратор
audit-action-api-refused = запрос API отклонён
audit-action-api-token-create = выдан токен API
audit-action-api-token-revoke = токен API отозван
audit-action-appeal-amend = дело дополнено
audit-action-appeal-decide = дело решено
audit-action-appeal-file = дело заведено
audit-action-appeal-propose = предложено решение
audit-action-appeal-supervised = очная встреча
audit-action-appeal-vote = голос подан
audit-action-championship-create = чемпионат создан
audit-action-checkin-record = регистрация участника
audit-action-document-download = документ скачан
audit-action-document-purge = документ удалён
audit-action-document-review = документ проверен
audit-action-document-upload = документ загружен
audit-action-entry-barred = заявка снята по наказанию
audit-action-entry-retire = команда снята с турнира
audit-action-entry-submit = заявка подана
audit-action-entry-withdraw = заявка отозвана
audit-action-fairplay-report = сообщение о нечестной игре
audit-action-game-late = опоздание записано
audit-action-game-result = результат записан
audit-action-game-substitution = замена
audit-action-lineup-set = расстановка задана
audit-action-lineup-unfit = игрок снят с доски
audit-action-mail-resend = письмо отправлено повторно
audit-action-match-armageddon = назначен армагеддон
audit-action-organization-create = организация добавлена
audit-action-penalty-impose = наказание назначено
audit-action-penalty-revoke = наказание отменено
audit-action-person-ban = дисквалификация
audit-action-person-ban-lifted = дисквалификация снята
audit-action-person-clone-link = учётные записи связаны как клоны
audit-action-person-employment = место работы записано
audit-action-person-employment-confirmed = место работы подтверждено
audit-action-regulation-publish = регламент изменён
audit-action-round-adjust = пары изменены
audit-action-round-interrupt = тур прерван
audit-action-round-pair = тур составлен
audit-action-round-playoff = составлен матч плей-офф
audit-action-round-publish = тур опубликован
audit-action-series-create = серия создана
audit-action-series-place = место в серии
audit-action-series-points = очки серии
audit-action-series-sport = вид спорта добавлен в серию
audit-action-team-apply = команда подала заявку
audit-action-team-captaincy = капитанство передано
audit-action-team-dissolve = команда распущена
audit-action-team-import = команда импортирована
audit-action-team-invitation-closed = приглашение закрыто
audit-action-team-invite = игрок приглашён
audit-action-team-join = игрок вступил в команду
audit-action-team-transfer-requested = запрошен переход
audit-action-tournament-draw = жеребьёвка проведена
audit-action-tournament-finish = турнир завершён
audit-action-tournament-import = турнир импортирован
audit-action-tournament-places = места установлены
audit-action-tournament-reopen = турнир открыт заново
audit-action-tournament-rounds = число туров изменено
audit-action-tournament-standing = положение изменено
audit-action-tournament-start = начало перенесено
audit-action-violation-answer = ответ на сообщение
audit-action-violation-report = сообщение о нарушении
audit-action-admin-grant = права администратора выданы
audit-action-admin-revoke = права администратора сняты
audit-action-championship-schedule = расписание задано
audit-action-role-grant = роль выдана
audit-action-role-revoke = роль снята
audit-action-team-leave = игрок вышел из команды
audit-action-team-remove = игрок исключён из команды
audit-action-series-athletes-add = спортсмены добавлены в список
audit-action-series-athletes-remove = спортсмены исключены из списка
audit-action-game-confirmed = результат подтверждён другим капитаном
audit-action-game-reported = результат сообщён капитаном
audit-action-person-club-end = членство в клубе прекращено
audit-action-person-club-member = членство в клубе отмечено
audit-action-team-approve = команда допущена
audit-action-team-reject = команда не допущена
audit-action-team-transfer-approved = переход одобрен
audit-action-team-transfer-refused = переход отклонён
preset-name-g = Ежемесячный командный чемпионат по блицу онлайн-клуба
preset-name-r = Шахматный турнир корпоративного чемпионата
preset-name-e = Командный турнир предприятия
confirm-required = Отметьте подтверждение: это действие нельзя отменить.
tournament-finish-confirm = Результаты станут окончательными
appeal-decide-confirm = Решение окончательное и сразу вступает в силу
championship-short-address = Короткий адрес
todo-check-in = Турнир { $number }: регистрация участников, допущено { $admitted } из { $total } (пп. 2.2–2.4)

# Поля форм по именам — для страницы, которая перечисляет ошибки формы,
# не умеющей показать их рядом с полем.
field-other = другое поле
field-lang = Язык
field-next = Адрес возврата
field-name = Название
field-nicks = Ники
field-note = Примечание
field-notes = Пояснения
field-what-happened = Что произошло
field-claim = Требование
field-contested = Что оспаривается
field-game-ref = Партия
field-announcement = Объявление о замене
field-answer = Ответ
field-what = Что
field-sport = Вид спорта
field-text = Текст
field-line = Строка заявки

# Часовые пояса России по названиям, которыми их называют люди.
tz-europe-kaliningrad = калининградское время
tz-europe-moscow = московское время
tz-europe-samara = самарское время
tz-asia-yekaterinburg = екатеринбургское время
tz-asia-omsk = омское время
tz-asia-novosibirsk = новосибирское время
tz-asia-krasnoyarsk = красноярское время
tz-asia-irkutsk = иркутское время
tz-asia-yakutsk = якутское время
tz-asia-vladivostok = владивостокское время
tz-asia-magadan = магаданское время
tz-asia-kamchatka = камчатское время
tz-utc = UTC
claim-title = Принять свою запись
claim-intro = Это запись игрока { $name } (ник { $nick }) на платформе лиги. Задайте пароль: учётная запись будет на адрес { $email }, и вы увидите свою запись, документы, приглашения и сообщения.
claim-submit = Сохранить пароль и войти
claim-done = Запись теперь ваша учётная запись.
claim-used = Эта ссылка уже использована. Если запись приняли вы, войдите с паролем; иначе попросите капитана прислать новую ссылку.
claim-expired = Срок ссылки истёк. Попросите капитана или организатора прислать новую.
claim-already-account = У этой записи уже есть учётная запись: войдите с паролем.
claim-signed-in-as-other = Вы вошли под другим именем: выйдите и откройте ссылку снова.
claim-link-title = Ссылка, чтобы принять эту запись
claim-link-hint = У игрока нет учётной записи. По ссылке, отправленной на его адрес, он задаст пароль и увидит свою запись, документы и сообщения; ссылка действует один раз, 14 дней.
claim-link-submit = Отправить ссылку
claim-link-sent = Ссылка, чтобы принять запись, отправлена на { $email }.
zone-with-offset = { $name } ({ $utc })
moment-in-zone = { $time } ({ $zone })
todo-employments = Подтвердите { $count } { $count ->
    [one] запись о работе
    [few] записи о работе
   *[many] записей о работе
}
