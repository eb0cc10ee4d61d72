# English. Keys match locales/ru/main.ftl.

site-name = Chess League
nav-skip = Skip to content
nav-label = Main navigation
nav-admin = Administration
nav-account = Profile
nav-logout = Sign out
nav-login = Sign in
nav-signup = Sign up
nav-language = Language
footer-text = Team chess championships: rosters, line-ups, pairings, standings.

home-title = Team chess championships
home-lead = A home for championships made of monthly team tournaments, from a team's application to the season standings.
home-feature-teams = Teams apply and manage their rosters online: transfers, captains, eligibility documents.
home-feature-lineups = Captains enter tournaments and set board orders; substitutions follow the regulations.
home-feature-standings = Pairings, results and standings with FIDE tie-breaks.
home-feature-appeals = Penalties, appeals and the appeals committee's decisions are published.

field-nick = Nick
field-full-name = Full name
field-email = E-mail
field-login = Nick or e-mail
field-password = Password
field-password-confirm = Password again
field-current-password = Current password
field-new-password = New password
hint-nick = Latin letters, digits, "_" and "-", 2 to 30 characters, no spaces or commas.
hint-password = At least { $min } { $min ->
        [one] character
       *[other] characters
    }; not a common one and not made of your nick or name.

signup-title = Sign up
signup-submit = Create account
signup-have-account = Already have an account? Sign in.
login-title = Sign in
login-submit = Sign in
login-no-account = No account yet? Sign up.
login-wrong = Wrong nick (or e-mail) or password.
login-throttled = Too many failed sign-in attempts. Try again in { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }.
login-slow-down = Several failed sign-in attempts in a row: wait { $seconds } { $seconds ->
        [one] second
       *[other] seconds
    } before the next one.

account-title = Profile
account-role = Role
role-admin = Administrator
role-person = Member
password-title = Change password
password-intro = Changing your password signs out all your other sessions.
password-submit = Change password

admin-title = Administration
admin-people = Accounts: { $count }
admin-you = you
admin-grant = Make administrator
admin-revoke = Remove administrator rights
admin-saved = Changes saved.
admin-cannot-demote-self = You cannot remove your own administrator rights.
admin-sessions = Signed in
admin-sign-out-everywhere = Sign out everywhere
admin-signed-out = { $nick } is signed out everywhere ({ $count ->
        [one] { $count } session ended
       *[other] { $count } sessions ended
    }).
admin-audit = Audit log
admin-audit-at = Time
admin-audit-actor = Who
admin-audit-action = Action
admin-audit-subject = Subject
admin-audit-detail = Detail

flash-signed-up = Welcome! Your account is created and you are signed in.
flash-signed-in = You are signed in.
flash-signed-out = You are signed out.
flash-password-changed = Your password has been changed.

error-required = This field is required.
error-nick-length = A nick has 2 to 30 characters.
error-nick-chars = A nick may hold Latin letters, digits, "_" and "-" only, and starts with a letter or digit.
error-name-length = At most 100 characters.
error-name-chars = The name contains characters that are not allowed.
error-email = Enter an e-mail address such as name@example.org.
error-password-short = The password is too short.
error-password-long = The password is too long (at most 256 characters).
error-password-common = This password is too common or easy to guess. Choose another one.
error-password-mismatch = The passwords do not match.
error-nick-taken = This nick is already taken.
error-email-taken = This e-mail address is already registered.
error-current-password = The current password is wrong.

error-home = Home page
error-400-title = Bad request
error-403-title = Access denied
error-404-title = Page not found
error-500-title = Something went wrong
error-400-detail = The request could not be processed.
error-form-unreadable = The form could not be read (a field sent twice, or a value of the wrong kind). Go back, check the form and send it again.
error-403-detail = You are not allowed to see this page or do this.
error-404-detail = There is no such page. Check the address.
error-405-detail = This address does not accept this kind of request.
error-text-title = Text not accepted
error-text-detail = Some fields hold characters that cannot be stored, or are too long:
error-text-back = Go back, correct these fields and send the form again; what you typed is still in the form.
error-control-characters = Contains an invisible control character (for example one copied from another program). Remove it and send again.
error-too-long = Too long: at most { $max } characters.
error-413-detail = The data sent is too large.
error-500-detail = The server ran into an error. It has been logged; please try again later.
error-503-detail = The server is busy or the database is unavailable. Try again in a minute.
error-storage-title = The change was not saved
error-storage-detail = The change could not be saved: storage is full or read-only. Nothing was changed; try again later.
error-csrf-detail = The form has expired or was sent from another site. Reload the page and send it again.
scope-everywhere = Every championship
scope-where = Where
documents-showing-pending = Documents awaiting a review.
documents-show-pending = Show only the documents awaiting a review
documents-show-all = Show the reviewed ones too ({ $count })
size-bytes = { $n } B
size-kb = { $n } KB
size-mb = { $n } MB

# What waits for a person.
todo-nav = To do
todo-title = What waits for you
todo-lead = Invitations, votes, decisions, reviews, line-ups and results left to you, each linked to where it is done.
todo-none = Nothing waits for you.
todo-invitation = Answer the invitation to { $team }
todo-invitation-judge = Your move to { $team } awaits a judge's approval
todo-vote = Vote on appeal case { $case }
todo-applications = Decide { $count } team { $count ->
    [one] application
   *[other] applications
}
todo-transfers = Approve or refuse { $count } { $count ->
    [one] transfer
   *[other] transfers
}
todo-cases = { $count } open appeal { $count ->
    [one] case
   *[other] cases
} to see through
todo-results = Tournament { $number }: { $count } { $count ->
    [one] game
   *[other] games
} without a result
todo-documents = Review { $count } { $count ->
    [one] document
   *[other] documents
}
todo-entry = Enter { $team } in tournament { $number } (starts { $at })
todo-confirm = { $team }: confirm { $count } { $count ->
    [one] result
   *[other] results
} the other captain reported
todo-team-case = { $team }: appeal case { $case } is open
todo-violations = Tournament { $number }: { $count } { $count ->
    [one] report
   *[other] reports
} of captains to answer (V.3.3)
audit-action-account-login = signed in
audit-action-account-logout = signed out
audit-action-account-notices = notice settings changed
audit-action-account-password-changed = password changed
audit-action-account-signed-out-everywhere = signed out everywhere
audit-action-account-signup = account created
audit-action-admin-create = administrator created
audit-action-api-refused = API request refused
audit-action-api-token-create = API token issued
audit-action-api-token-revoke = API token revoked
audit-action-appeal-amend = case amended
audit-action-appeal-decide = case decided
audit-action-appeal-file = case filed
audit-action-appeal-propose = remedy proposed
audit-action-appeal-supervised = supervised game
audit-action-appeal-vote = vote cast
audit-action-championship-create = championship created
audit-action-checkin-record = check-in recorded
audit-action-document-download = document downloaded
audit-action-document-purge = document purged
audit-action-document-review = document reviewed
audit-action-document-upload = document uploaded
audit-action-entry-barred = entry barred by a sanction
audit-action-entry-retire = entry retired
audit-action-entry-submit = entry submitted
audit-action-entry-withdraw = entry withdrawn
audit-action-fairplay-report = fair-play report
audit-action-game-late = lateness recorded
audit-action-game-result = result recorded
audit-action-game-substitution = substitution
audit-action-lineup-set = line-up set
audit-action-lineup-unfit = player taken off a board
audit-action-mail-resend = mail sent again
audit-action-match-armageddon = armageddon created
audit-action-organization-create = organization added
audit-action-penalty-impose = penalty imposed
audit-action-penalty-revoke = penalty revoked
audit-action-person-ban = ban imposed
audit-action-person-ban-lifted = ban lifted
audit-action-person-clone-link = accounts linked as clones
audit-action-person-employment = employment recorded
audit-action-person-employment-confirmed = employment confirmed
audit-action-regulation-publish = regulation changed
audit-action-round-adjust = pairing adjusted
audit-action-round-interrupt = round interrupted
audit-action-round-pair = round paired
audit-action-round-playoff = play-off paired
audit-action-round-publish = round published
audit-action-series-create = series created
audit-action-series-place = series place set
audit-action-series-points = series points set
audit-action-series-sport = sport added to a series
audit-action-team-apply = team applied
audit-action-team-captaincy = captaincy handed over
audit-action-team-dissolve = team dissolved
audit-action-team-import = team imported
audit-action-team-invitation-closed = invitation closed
audit-action-team-invite = player invited
audit-action-team-join = player joined
audit-action-team-transfer-requested = transfer requested
audit-action-tournament-draw = draw made
audit-action-tournament-finish = tournament finished
audit-action-tournament-import = tournament imported
audit-action-tournament-places = places set
audit-action-tournament-reopen = tournament reopened
audit-action-tournament-rounds = number of rounds set
audit-action-tournament-standing = standing changed
audit-action-tournament-start = start moved
audit-action-violation-answer = report answered
audit-action-violation-report = violation reported
audit-action-admin-grant = administrator rights granted
audit-action-admin-revoke = administrator rights removed
audit-action-championship-schedule = schedule set
audit-action-role-grant = role granted
audit-action-role-revoke = role removed
audit-action-team-leave = player left the team
audit-action-team-remove = player removed from the team
audit-action-series-athletes-add = athletes listed
audit-action-series-athletes-remove = athletes taken off the list
audit-action-game-confirmed = result confirmed by the other captain
audit-action-game-reported = result reported by a captain
audit-action-person-club-end = club membership ended
audit-action-person-club-member = club membership recorded
audit-action-team-approve = team approved
audit-action-team-reject = team rejected
audit-action-team-transfer-approved = transfer approved
audit-action-team-transfer-refused = transfer refused
preset-name-g = Monthly team blitz championship of an online club
preset-name-r = Corporate championship chess tournament
preset-name-e = Enterprise team tournament
confirm-required = Tick the box to confirm: this cannot be taken back.
tournament-finish-confirm = The results become final
appeal-decide-confirm = The decision is final and is applied at once
championship-short-address = Short address
todo-check-in = Tournament { $number }: check-in of the day, { $admitted } of { $total } admitted (§§ 2.2–2.4)

# Form fields by name, for the page that lists the problems of a form
# which cannot show them beside its fields.
field-other = another field
field-lang = Language
field-next = Return address
field-name = Name
field-nicks = Nicks
field-note = Note
field-notes = Notes
field-what-happened = What happened
field-claim = Claim
field-contested = What is contested
field-game-ref = Game
field-announcement = Substitution announcement
field-answer = Answer
field-what = What
field-sport = Sport
field-text = Text
field-line = Entry line

# Russia's time zones by the names people call them.
tz-europe-kaliningrad = Kaliningrad time
tz-europe-moscow = Moscow time
tz-europe-samara = Samara time
tz-asia-yekaterinburg = Yekaterinburg time
tz-asia-omsk = Omsk time
tz-asia-novosibirsk = Novosibirsk time
tz-asia-krasnoyarsk = Krasnoyarsk time
tz-asia-irkutsk = Irkutsk time
tz-asia-yakutsk = Yakutsk time
tz-asia-vladivostok = Vladivostok time
tz-asia-magadan = Magadan time
tz-asia-kamchatka = Kamchatka time
tz-utc = UTC
claim-title = Take over your record
claim-intro = This is the record of { $name } (nick { $nick }) on the league platform. Choose a password: your account will use the address { $email }, and you will see your record, documents, invitations and notices.
claim-submit = Save the password and sign in
claim-done = Your record is your account now.
claim-used = This link has been used already. If you claimed the record, sign in with your password; otherwise ask your captain for a new link.
claim-expired = This link has expired. Ask your captain or an organizer for a new one.
claim-already-account = This record is an account already: sign in with its password.
claim-signed-in-as-other = You are signed in as someone else: sign out first, then open the link again.
claim-link-title = A link to claim this record
claim-link-hint = The player has no account. A link mailed to their address lets them choose a password and see their record, documents and notices; the link works once, for 14 days.
claim-link-submit = Send the link
claim-link-sent = A link to claim the record was sent to { $email }.
zone-with-offset = { $name } ({ $utc })
moment-in-zone = { $time } ({ $zone })
todo-employments = Confirm { $count } { $count ->
    [one] employment record
   *[other] employment records
}
