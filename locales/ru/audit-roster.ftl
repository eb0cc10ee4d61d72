# Audit-log details: команды и их составы, записи о людях (членство в
# клубе, дисквалификации, клоны, места работы), спартакиады, чемпионаты и
# их судьи и организаторы, письма, токены API, учётные записи, сеансы,
# версии регламента и организации.

## Команды
audit-teams-applied = { $team }
audit-teams-applied-motto = { $team } ({ $motto })
audit-teams-decided = { $before } → { $after }
audit-teams-decided-reason = { $before } → { $after }: { $reason }
audit-teams-invited = приглашение игроку { $nick }
audit-teams-transfer-requested = { $nick }: приглашение принято, переход ждёт одобрения судьи
audit-teams-transferred = { $nick }: { $from } → { $team }
audit-teams-joined = { $nick }: в составе команды
audit-teams-transfer-decided = { $nick }
audit-teams-invitation-declined = приглашённый игрок отказался
audit-teams-invitation-cancelled = капитан отозвал приглашение
audit-teams-membership-ended = { $nick }: в составе → { $reason }
audit-teams-captaincy = капитан: { $before } → { $after }
audit-teams-dissolved = { $team }: { $before } → { $after }; { $freed ->
    [one] освобождён { $freed } игрок
    [few] освобождены { $freed } игрока
   *[many] освобождено { $freed } игроков
}

## Люди
audit-people-club-marked = { $nick }: член клуба нет → да
audit-people-club-marked-in = { $nick }: член клуба нет → да в чемпионате #{ $championship }
audit-people-club-ended = { $nick }: член клуба да → нет
audit-people-club-ended-in = { $nick }: член клуба да → нет в чемпионате #{ $championship }
audit-people-ban-imposed = { $nick }: { $from } – { $until }: { $reason } (дисквалификация: нет → наложена)
audit-people-ban-lifted = { $nick }: { $from } – { $until }: { $reason } (дисквалификация: наложена → снята)
audit-people-clones-linked = { $nick } = { $other }
audit-people-clones-unlinked = { $nick } ≠ { $other }
audit-people-employment = { $organization }: { $from } – { $until }
audit-people-employment-open = { $organization }: { $from } – по настоящее время
audit-people-employment-confirmed = { $nick }: место работы #{ $id } не подтверждено → подтверждено

## Спартакиады
audit-series-athletes = { $sport }: { $nicks }
audit-series-athletes-of = { $sport } / { $organization }: { $nicks }
audit-series-created = { $name }
audit-series-sport = вид спорта #{ $id }: { $sport }; очки { $points }
audit-series-points = { $sport }: очки { $before } → { $after }
audit-series-place = { $sport }: { $organization }, место { $place }

## Чемпионаты
audit-championship-created = { $name } ({ $preset })
audit-championship-role = { $nick }: { $role }
audit-championship-scheduled = { $rule }: { $count ->
    [one] { $count } турнир
    [few] { $count } турнира
   *[many] { $count } турниров
}
audit-championship-start-moved = { $before } UTC → { $after } UTC ({ $typed } по местному времени)

## Письма
audit-outbox-resent = { $kind } → { $address }
audit-outbox-opted-in = подписка на письма: { $kinds }
audit-outbox-opted-in-none = подписка на письма: нет
audit-outbox-opted-out = отказ от писем: { $kinds }
audit-outbox-opted-out-none = отказ от писем: нет

## Токены API, учётные записи, сеансы
audit-api-tokens-named = «{ $name }»
audit-accounts-nick = { $nick }
audit-sessions-ended = { $count ->
    [one] завершён { $count } сеанс
    [few] завершены { $count } сеанса
   *[many] завершено { $count } сеансов
}

## Версии регламента
audit-regulation-published = версия { $number }: { $summary }; действует с { $from } UTC
audit-regulation-published-from-tournament = версия { $number }: { $summary }; действует с { $from } UTC (с турнира { $tournament })

## Организации
audit-organizations-created = { $name }
audit-championship-tournament-cancelled = турнир { $number } отменён: { $reason }
audit-teams-player-added = в состав внесён(а) { $name } ({ $nick })
audit-people-claim-sent = { $nick }: отправлена ссылка, чтобы принять запись
audit-people-claimed = { $nick }: запись принята владельцем (теперь это учётная запись)
audit-outbox-resent-all = неотправленные письма снова в очереди: { $count }
audit-series-sport-organizer = { $sport }: организатор вида { $nick }
audit-series-places = { $sport }: места списком — { $places }
audit-series-places-line = { $organization } { $place }
