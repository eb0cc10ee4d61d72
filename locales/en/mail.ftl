# E-mail notices and the outbox page.
mail-kind-rule-change = Regulation changes
mail-kind-team-decided = Team application decided
mail-kind-entry-decided = Tournament entry accepted
mail-kind-pairings-published = Pairings published
mail-kind-appeal-filed = Appeal filed
mail-kind-appeal-decided = Appeal decided
mail-kind-document-reviewed = Document reviewed
mail-kind-rule-change-member = Regulation changes of championships where I play for an approved team
mail-footer-optional = You receive this notice because of your role in the championship. You can turn this kind of notice off on your account page (/account).
mail-footer-required = Captains receive regulation changes by the championship's rules (E.2); this notice cannot be turned off.
mail-footer-opt-in = You receive this notice because you asked for the regulation changes of your teams' championships. You can turn it off on your account page (/account).
mail-team-approved-subject = Team "{ $team }" is approved
mail-team-approved-body = The judges approved the application of your team "{ $team }" in { $championship }. The team may now enter tournaments.
mail-team-rejected-subject = Team "{ $team }" is rejected
mail-team-rejected-body = The judges rejected the application of your team "{ $team }" in { $championship }. Reason: { $reason }
mail-entry-subject = Entry "{ $entry }" accepted for tournament { $tournament }
mail-entry-body = Your entry "{ $entry }" for tournament { $tournament } of { $championship } is accepted. Line: { $line }
mail-entry-waiting-body = Your entry "{ $entry }" for tournament { $tournament } of { $championship } is accepted and is number { $position } on the waiting list. Line: { $line }
mail-pairings-subject = Round { $round } of tournament { $tournament }: pairings published
mail-pairings-body = Round { $round } of { $championship } is published. { $entry } plays at table { $table } against { $opponent }.
mail-pairings-bye = Round { $round } of { $championship } is published. { $entry } has a bye in this round.
mail-document-approved-subject = { $several ->
        [yes] Documents approved: { $count }
       *[no] Document "{ $file }" approved
    }
mail-document-rejected-subject = { $several ->
        [yes] Documents rejected: { $count }
       *[no] Document "{ $file }" rejected
    }
mail-document-approved-body = The organizers of { $championship } approved { $several ->
        [yes] the documents { $file }.
       *[no] the document "{ $file }".
    }
mail-document-rejected-body = The organizers of { $championship } rejected { $several ->
        [yes] the documents { $file }.
       *[no] the document "{ $file }".
    } Reason: { $note }. A new document can be uploaded on the page linked below.

notices-title = E-mail notices
notices-intro = Notices are sent to { $email } in the language of your account. Untick the kinds you do not want.
notices-required = Regulation changes are always sent to captains (E.2).
notices-save = Save notice settings
notices-saved = Notice settings saved.
notices-opt-in-title = Sent only if you ask
notices-opt-in-intro = Captains always receive regulation changes; members of approved teams receive them if they tick this box.
notices-opt-in-save = Save

outbox-title = Outbox
outbox-intro = E-mail notices of the championships you organize: waiting, sent and failed. A failed message can be sent again.
outbox-none = No messages.
outbox-col-created = Written
outbox-col-to = To
outbox-col-kind = Kind
outbox-col-subject = Subject
outbox-col-status = Status
outbox-col-attempts = Attempts
outbox-col-error = Last error
outbox-status-pending = waiting
outbox-status-sending = being sent
outbox-status-sent = sent
outbox-status-failed = failed
outbox-resend = Send again
outbox-resent = The message is queued to be sent again.
outbox-not-failed = Only a failed message can be sent again; this one is already waiting or sent.
nav-outbox = Outbox
mail-rule-change-subject = { $championship }: the regulation has changed (version { $version })
mail-rule-change-body = The regulation of { $championship } has changed: { $summary }. The change applies from tournament { $tournament } (tournaments starting from { $at }), under the three days' notice of E.2.
mail-rule-change-body-later = The regulation of { $championship } has changed: { $summary }. The change applies to tournaments starting from { $at } (E.2: three days' notice); none is scheduled yet.
mail-appeal-filed-subject = { $championship }: appeal no. { $case } filed
mail-appeal-filed-body = An appeal was filed: { $claim }. The committee will consider it; the case is at { $url }.
mail-appeal-committee-body = You sit on the committee of this appeal: { $claim }. Read the case and vote at { $url }.
mail-fairplay-accused-subject = { $championship }: fair-play case no. { $case } concerns you (G.7)
mail-fairplay-accused-body = The judges have referred a suspicion of engine assistance in your games of tournament { $tournament } to the appeals committee as case no. { $case } (G.7). If the committee confirms it, you are removed from play (your team may substitute you; the rounds played stand) and your team { $team } loses 12 points. Until the decision the case's materials are read by the parties, the committee and the judges only; your captain can answer for the team. The case: { $url }
mail-violation-subject = { $championship }, tournament { $number }: a captain reports a violation (V.3.3)
mail-violation-body = A captain reports to the chief judge: { $what } Look at the match and answer at { $url }.
mail-violation-answered-subject = { $championship }, tournament { $number }: the chief judge answered your report
mail-violation-answered-body = The chief judge's answer: { $answer } The match: { $url }.
mail-appeal-decided-subject = { $championship }: appeal no. { $case } decided
mail-appeal-upheld-body = The committee upheld the appeal "{ $claim }". The decision and what it changed are at { $url }.
mail-appeal-rejected-body = The committee rejected the appeal "{ $claim }"; the contested decision stands. See { $url }.
mail-kind-play-status = Changes in play (finish and place, reopening, withdrawal, sitting out)
mail-finished-subject = Tournament { $tournament } of { $championship } is finished
mail-finished-body = Tournament { $tournament } of { $championship } is finished. { $entry } took place { $place } with { $points } tournament points. The tournament: { $url }
mail-reopened-subject = Tournament { $tournament } of { $championship } is reopened
mail-reopened-body = The chief judge reopened tournament { $tournament } of { $championship }: { $reason }. Its places and tournament points are withdrawn until it is finished again. The tournament: { $url }
mail-rounds-subject = Tournament { $tournament } of { $championship }: the number of rounds is changed
mail-rounds-body = The organizing committee has set the rounds of tournament { $tournament } of { $championship } by the number of entries (§ 3.5): { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}. The tournament: { $url }
mail-entry-sits-out-body = { $entry } is entered in tournament { $tournament } of { $championship } with the line { $line }, but sits out as things stand: with an odd number of entries the double registered last does not play (B.1.3). Another entry, or a withdrawal, can change it until the draw.
mail-draw-left-out-subject = { $entry } does not play tournament { $tournament }
mail-draw-sits-out-body = The field of tournament { $tournament } of { $championship } is drawn. { $entry } sits out: with an odd number of entries the double registered last does not play (B.1.3).
mail-draw-waiting-body = The field of tournament { $tournament } of { $championship } is drawn. { $entry } stayed on the waiting list (position { $position }) and does not play (§ 1.9).
mail-withdrawn-subject = { $entry } is withdrawn from tournament { $tournament }
mail-withdrawn-body = { $entry } is withdrawn from tournament { $tournament } of { $championship }: { $reason }. It does not play there; once the field is drawn, its open games and later matches are lost.
mail-penalty-subject = Penalty { $code } on { $team }
mail-penalty-body = The judges of { $championship } imposed { $code } on { $team }: { $points } points off the season table. Reason: { $reason }
mail-penalty-bars-body = The judges of { $championship } imposed { $code } on { $team }: { $points } points off the season table, and the team may not play tournament { $tournament }. Reason: { $reason }
mail-pairings-forfeit = Round { $round } of { $championship } is published. { $entry } wins its match at table { $table } without a game: { $opponent } was withdrawn (G.2).
mail-corrected-subject = Tournament { $tournament }: a result of round { $round } is corrected
mail-corrected-body = A judge corrected a result of round { $round } of tournament { $tournament } of { $championship }: table { $table }, board { $board }, game { $game } — { $was } → { $now }. Reason: { $reason }. The round: { $url }
mail-penalty-player-removed-body = The judges of { $championship } removed { $people } of { $team } from tournament { $tournament } under { $code }, with the right of substitution: the team keeps playing with a substitute in { $people }'s place, and the rounds played stand.{ $committee ->
        [yes] {" "}If the appeals committee confirms the case, the team loses { $pending } points.
       *[no] {""}
    } Reason: { $reason }
mail-penalty-members-body = The judges of { $championship } passed the sanction of the dissolved team { $team } to its members under { $code }: { $people } miss tournament { $tournament }. Reason: { $reason }
mail-sanction-passed-subject = { $code }: you miss tournament { $tournament }
mail-sanction-passed-body = The team { $team } was dissolved while it held a sanction ({ $from }). Under { $code } of { $championship } the sanction passes to its members: you miss tournament { $tournament }.
mail-entry-barred-subject = { $entry }: { $nick } misses tournament { $tournament }
mail-entry-barred-body = Under { $code } of { $championship }, { $nick } may not play in tournament { $tournament }. { $outcome ->
        [replaced] The first substitute, { $replacement }, takes { $nick }'s board in the entry { $entry }.
        [dropped] { $nick } is no longer a substitute of the entry { $entry }.
        [withdrawn] Without { $nick } the entry { $entry } has too few players and is withdrawn.
       *[kept] The entry { $entry } keeps its line; { $nick } is kept off its boards: line up a substitute.
    }
mail-cancelled-subject = Tournament { $tournament } of { $championship } is cancelled
mail-cancelled-body = The organizers cancelled tournament { $tournament } of { $championship }, which your team had entered: { $reason }. The championship's calendar: { $url }
mail-entry-back-subject = { $entry }: the { $code } sanction is revoked
mail-entry-back-body = The sanction under { $code } of { $championship } is revoked. { $outcome ->
        [restored] The entry { $entry } in tournament { $tournament } is back as it was before the sanction: { $line }.
        [started] Tournament { $tournament } has started: the entry { $entry } stays as it is.
        [changed] The entry { $entry } in tournament { $tournament } has changed since and stays as it is.
        [barred] Another sanction in force bars the team or a player of the former entry { $entry } from tournament { $tournament }: the entry stays as it is.
       *[taken] A player of the former entry { $entry } is now in another entry of tournament { $tournament }: the entry stays as it is.
    }
mail-kind-claim = A link to take over your record
mail-kind-invitation = Invitations to a team
mail-claim-subject = Your record on the league platform
mail-claim-body = { $sender } entered you, { $name }, as a player on the league platform. To see your record, your documents and your team's notices, choose a password at the address below. The link works once, for { $days } days. If this is not you, ignore this letter.
mail-invitation-subject = An invitation to the team «{ $team }»
mail-invitation-body = The captain of «{ $team }» invites you to the team's roster. Accept or decline it on the page “What waits for you”:
outbox-resend-all = Send all { $count } again
outbox-resent-all = { $count ->
    [one] One message is queued to be sent again.
   *[other] { $count } messages are queued to be sent again.
}
mail-player-pairing-subject = Round { $round } of tournament { $tournament }: you play board { $board }
mail-player-pairing-body = Round { $round } of { $championship } is published. You play for { $entry } on board { $board } at table { $table }, against { $opponent } ({ $team }). The tournament starts { $starts }. Your games:
mail-player-game-white = game { $game }: White
mail-player-game-black = game { $game }: Black
mail-start-moved-subject = Tournament { $tournament } of { $championship }: a new start
mail-start-moved-body = The organizers moved the start of tournament { $tournament } of { $championship } to { $after } (it was { $before }).
mail-kind-digest = Daily digest of what waits for organizers and judges
mail-digest-subject = { $count } { $count ->
    [one] thing waits
   *[other] things wait
} for you
mail-digest-body = Good morning! This is what waits for you on the site today ({ $count }):
mail-digest-line = { $championship }: { $text } — { $link }
