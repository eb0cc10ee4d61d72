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
} капитанов ждут ответа (G-V33)
