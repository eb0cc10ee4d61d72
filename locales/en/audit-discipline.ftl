# Audit-log details: appeals and fair play, penalties, violation reports,
# check-in and documents.

## src/app/appeals.rs

audit-appeals-file = tournament { $number }: a case filed by { $team }
audit-appeals-fairplay-report = tournament { $number }: a fair-play report
audit-appeals-referred = G.7 case from fair-play report #{ $report }
audit-appeals-propose = remedy #{ $remedy }: { $kind }
audit-appeals-remedy-added = remedy #{ $remedy } added; { $cleared ->
        [one] { $cleared } vote cleared
       *[other] { $cleared } votes cleared
    }
audit-appeals-remedy-withdrawn = remedy #{ $remedy } withdrawn; { $cleared ->
        [one] { $cleared } vote cleared
       *[other] { $cleared } votes cleared
    }
audit-appeals-vote-uphold = uphold (weight { $weight })
audit-appeals-vote-reject = reject (weight { $weight })
audit-appeals-decide = { $outcome }: votes { $uphold }:{ $reject }
audit-appeals-game-result = appeal case #{ $case }: board { $board } game { $game }: { $before } → { $after }
audit-appeals-standing = appeal case #{ $case }: { $name } → place { $place }
audit-appeals-places = appeal case #{ $case }: { $n ->
        [one] { $n } place
       *[other] { $n } places
    } recorded again
audit-appeals-deduction = { $code } team #{ $team }: −{ $amount } — { $reason }
audit-appeals-supervised-demanded = supervised game demanded of { $nick }
audit-appeals-supervised-outcome = supervised game of person #{ $person }: { $outcome }

## src/app/penalties.rs

audit-penalties-impose = { $code } { $team }: −{ $amount } ×{ $count }{ $sanctioned ->
        [yes] , { $sanction }
       *[no] {""}
    }{ $lost ->
        [yes] , loss of the game: tournament { $tournament }, round { $round }, table { $table }, board { $board }, game { $game }
       *[no] {""}
    }{ $named ->
        [yes] , person { $person }
       *[no] {""}
    } — { $reason }
audit-penalties-barred = { $code }: { $reason }
audit-penalties-player-barred = { $code }: { $nick } may not play in this tournament; { $outcome ->
        [replaced] { $replacement } takes the board
        [dropped] no longer a substitute
        [withdrawn] the entry has too few players and is withdrawn
       *[kept] the line stays, kept off the boards
    }
audit-penalties-game-lost = D.2 penalty #{ $penalty }, loss of the current game by { $name }: round { $round } table { $table } board { $board } game { $game }: { $before } → { $after }
audit-penalties-removed = D.2 penalty #{ $penalty }: { $name } removed before the draw: { $reason }
audit-penalties-withdrawn = D.2 penalty #{ $penalty }: { $name } withdrawn after round { $round }, { $lost ->
        [one] { $lost } open game lost
       *[other] { $lost } open games lost
    }: { $reason }
audit-penalties-revoke = { $code } −{ $amount }: in force → revoked — { $reason }
audit-penalties-revoke-game-gone = { $code } −{ $amount }: in force → revoked; game #{ $id } no longer exists — { $reason }
audit-penalties-revoke-game-finished = { $code } −{ $amount }: in force → revoked; tournament { $tournament }, round { $round }, table { $table }, board { $board }, game { $game } left at { $result }: the tournament is finished — { $reason }
audit-penalties-revoke-game-changed = { $code } −{ $amount }: in force → revoked; tournament { $tournament }, round { $round }, table { $table }, board { $board }, game { $game } left at { $result }: it no longer holds the result the penalty set ({ $set }) — { $reason }
audit-penalties-revoke-game-returned = { $code } −{ $amount }: in force → revoked; tournament { $tournament }, round { $round }, table { $table }, board { $board }, game { $game }: { $result } → pending (no result) — { $reason }
audit-penalties-game-returned = D.2 penalty #{ $penalty } revoked: round { $round } table { $table } board { $board } game { $game }: { $before } → pending
# A game's result said in words; scores (1-0, 1/2, +-…) are shown as they are.

## src/app/violations.rs

audit-violations-report = round { $round }, table { $table } ({ $home } – { $away }), against { $against }: { $what }
audit-violations-report-board = round { $round }, table { $table } ({ $home } – { $away }), against { $against }, board { $board }: { $what }
audit-violations-answer = { $text }

## src/app/check_in.rs

audit-check-in-admitted = tournament { $tournament }, { $nick }: admitted
audit-check-in-refused = tournament { $tournament }, { $nick }: not admitted: { $reasons }

## src/app/documents.rs

audit-documents-upload = { $kind }, { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }, { $type }
audit-documents-upload-replaces = { $kind }, { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }, { $type } (replaces #{ $replaces })
audit-documents-review = { $kind }: { $before } → { $after }{ $dated ->
        [yes] , valid until { $until }
       *[no] {""}
    }{ $noted ->
        [yes] : { $note }
       *[no] {""}
    }
audit-documents-purge = uploaded before { $before }: { $documents ->
        [one] { $documents } document
       *[other] { $documents } documents
    }, { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    } removed
audit-documents-purge-all = league documents purge --before { $before }: { $documents ->
        [one] { $documents } document
       *[other] { $documents } documents
    }, { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    } removed

## src/web/documents/files.rs

audit-files-download = { $kind }, downloaded by { $nick }
audit-penalties-entry-back = sanction { $code } #{ $penalty } revoked, entry { $name }: { $outcome ->
        [restored] restored as before the sanction ({ $line })
        [started] the tournament has started, left as it is
        [changed] changed since, left as it is
        [barred] another sanction in force, left as it is
       *[taken] a player is in another entry, left as it is
    }
