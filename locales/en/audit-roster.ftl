# Audit-log details: teams and their rosters, people's records (club
# membership, bans, clones, employment), series, championships and their
# staff, mail, API tokens, accounts, sessions, regulation versions and
# organizations.

## Teams
audit-teams-applied = { $team }
audit-teams-applied-motto = { $team } ({ $motto })
audit-teams-decided = { $before } → { $after }
audit-teams-decided-reason = { $before } → { $after }: { $reason }
audit-teams-invited = invited { $nick }
audit-teams-transfer-requested = { $nick } accepted; waiting for a judge
audit-teams-transferred = { $nick }: { $from } → { $team }
audit-teams-joined = { $nick } joined
audit-teams-transfer-decided = { $nick }
audit-teams-invitation-declined = declined by the invited player
audit-teams-invitation-cancelled = withdrawn by the captain
audit-teams-membership-ended = { $nick }: member → { $reason }
audit-teams-captaincy = captain { $before } → { $after }
audit-teams-dissolved = { $team }: { $before } → { $after }; { $freed ->
    [one] { $freed } member freed
   *[other] { $freed } members freed
}

## People
audit-people-club-marked = { $nick }: club member no → yes
audit-people-club-marked-in = { $nick }: club member no → yes in championship #{ $championship }
audit-people-club-ended = { $nick }: club member yes → no
audit-people-club-ended-in = { $nick }: club member yes → no in championship #{ $championship }
audit-people-ban-imposed = { $nick }: { $from } – { $until }: { $reason } (ban: none → imposed)
audit-people-ban-lifted = { $nick }: { $from } – { $until }: { $reason } (ban: imposed → lifted)
audit-people-clones-linked = { $nick } = { $other }
audit-people-clones-unlinked = { $nick } ≠ { $other }
audit-people-employment = { $organization }: { $from } – { $until }
audit-people-employment-open = { $organization }: { $from } – present
audit-people-employment-confirmed = { $nick }: employment #{ $id } unconfirmed → confirmed

## Series
audit-series-athletes = { $sport }: { $nicks }
audit-series-athletes-of = { $sport } / { $organization }: { $nicks }
audit-series-created = { $name }
audit-series-sport = sport #{ $id }: { $sport }; points { $points }
audit-series-points = { $sport }: points { $before } → { $after }
audit-series-place = { $sport }: { $organization }, place { $place }

## Championships
audit-championship-created = { $name } ({ $preset })
audit-championship-role = { $nick }: { $role }
audit-championship-scheduled = { $rule }: { $count ->
    [one] { $count } tournament
   *[other] { $count } tournaments
}
audit-championship-start-moved = { $before } UTC → { $after } UTC ({ $typed } local)

## Mail
audit-outbox-resent = { $kind } → { $address }
audit-outbox-opted-in = opted in: { $kinds }
audit-outbox-opted-in-none = opted in: none
audit-outbox-opted-out = opted out: { $kinds }
audit-outbox-opted-out-none = opted out: none

## API tokens, accounts, sessions
audit-api-tokens-named = «{ $name }»
audit-accounts-nick = { $nick }
audit-sessions-ended = { $count ->
    [one] { $count } session ended
   *[other] { $count } sessions ended
}

## Regulation versions
audit-regulation-published = version { $number }: { $summary }; applies from { $from } UTC
audit-regulation-published-from-tournament = version { $number }: { $summary }; applies from { $from } UTC (tournament { $tournament })

## Organizations
audit-organizations-created = { $name }
audit-championship-tournament-cancelled = tournament { $number } cancelled: { $reason }
audit-teams-player-added = entered { $name } ({ $nick }) on the roster
audit-people-claim-sent = { $nick }: a link to claim the record was sent
audit-people-claimed = { $nick }: the record was claimed (an account now)
audit-outbox-resent-all = failed messages queued again: { $count }
audit-series-sport-organizer = { $sport }: { $nick } organizes the sport
audit-series-places = { $sport }: places as a list — { $places }
audit-series-places-line = { $organization } { $place }
