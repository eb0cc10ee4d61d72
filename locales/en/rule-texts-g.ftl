# The club's team blitz championship regulation: section titles and the text of every rule (A.1 … Zh.2 and the “signs” list of section E).

rule-section-g-a = Terms and general provisions
rule-section-g-b = Teams: captain, roster, registration for the championship and the tournament, dissolution
rule-section-g-v = Course of the championship
rule-section-g-g = Fines, warnings and sanctions
rule-section-g-d = Judging, etiquette, spectators, problems during a tournament
rule-section-g-e = Other matters
rule-section-g-zh = Appeals committee

rule-text-g-a1 = The championship is the club’s team chess championship, made of monthly tournaments.
rule-text-g-a2 = A tournament is one stage of the championship. It is held on the first Wednesday of every month at 18:15 Moscow time. Each team takes part with at least 5 and at most 10 people: 5 players and up to 5 substitutes.
rule-text-g-a3 = Tournament points are awarded to teams after each tournament and added up over all the championship's tournaments.
rule-text-g-a4 = The organizer is also the chief judge of the tournament. The judges settle disputes about play and results.
rule-text-g-a5 = A championship participant is a team officially registered by the judges. The current list of participants and their rosters are published on the club's teams page.
rule-text-g-a6 = A tournament participant is a team that meets the minimum requirements for participants and has applied for the tournament at least 5 minutes before it starts.
rule-text-g-a7 = A team member is a player on the team who is a full member of the Gambler club and/or holds its additional services, and who is not barred from the tournament by the club's penalty list; a ban also covers the person's clone accounts.
rule-text-g-a8 = The organizer announces the date the championship starts.
rule-text-g-a9 = The championship lasts 4 months, from September to December; the organizer announces the dates.
rule-text-g-a10 = There is no deadline for teams to apply for the championship: a team may join from any tournament on.

rule-text-g-b11 = The captain posts the application for the championship on the club's teams page. It gives the team's name, the captain's nick and the team's motto.
rule-text-g-b12 = A team becomes a championship participant once it appears in the “List of participants”.
rule-text-g-b13 = Applying for a tournament works as follows. 30 minutes before the tournament the judge announces that team registration is open. The captain sends one line, comma-separated with no spaces: the team's name, the nicks of the players for boards one to five, then the nicks of substitutes one to five. The nicks must match the team's members. Substitutes are optional; an application with fewer than five players is not accepted.
    A tournament participant able to field more than one line-up may enter double teams by adding 1, 2 and so on to the name. If the number of entries is odd, the last double team to apply (if there is one) sits the tournament out. The nick that submitted the application is the team's captain for that tournament.
rule-text-g-b14 = The captain is responsible for submitting a correct application for the team's line-up.
rule-text-g-b21 = A team must have at least 5 players.
rule-text-g-b22 = A player may not belong to two or more teams of the same tournament at once.
rule-text-g-b31 = A player is a member of a team from the moment their nick appears on the team's roster on the club's teams page.
rule-text-g-b32 = A player stops being a member of a team from the moment their nick disappears from the team's roster on the club's teams page.
rule-text-g-b33 = Players may move from one team to another, any number of times.
rule-text-g-b34 = Captaincy is handed over during a tournament by notifying the tournament's chief judge (TD).
rule-text-g-b41 = The captain may dissolve the team by deleting it from the team page. The name of a team that has already played in the tournament may not be used again.

rule-text-g-v1 = Format: with 4 to 8 teams, a round robin with 2 games per round; with more than 8 teams, a round robin with 1 game per round. Time control: 5 minutes per game, no Fischer increment; games are rated.
rule-text-g-v11 = Scoring: a win is 1 point, a draw 0.5, a loss 0. A team cannot score more than 10 points in one round.
rule-text-g-v21 = In each tournament a team plays with 5 players.
rule-text-g-v22 = Before each round the judge announces “Preliminary editing, 2 minutes to the start of the round”. The current captain opens the tournament's team page and marks, for each nick, the table number at which that player will play in the next round; the opponent's provisional line-up is shown there too. Moving players between boards is forbidden: a player may be replaced only by a substitute not entered as a player in that round.
    The captain may pass the captaincy to another player of the team by unticking their own nick and ticking the other's, but then loses the right to change the line-up for the round. On the call “Edit! Round starts in 30 seconds” captains press the “Edit” button, and when that time is up the judge starts the round. The line-up for the next round may be prepared as soon as the current round starts, though the next opponent is not yet known.
rule-text-g-v23 = A round is complete when all its games, for all teams, are finished. If the tournament is interrupted by force majeure (a server crash and the like), every game of the round without a recorded final result (win, loss or draw) is replayed.
rule-text-g-v31 = Any player may be replaced by a substitute of the same team who has not played in that round, and only with the captain's permission. The captain announces the substitution in the hall chat as “team table number, replaced player => substitute”.
rule-text-g-v32 = If a player cannot go on playing for technical reasons (lost connection), a substitute of the team must replace them.
rule-text-g-v33 = Players must accept any substitution in the opposing team. If there was a violation, the captain reports it to the chief judge.
rule-text-g-v41 = Tournament points by place: 1st 12, 2nd 8, 3rd 6, 4th 4, 5th 2, 6th 1.
rule-text-g-v42 = Teams are ranked by these criteria, in order of priority: (a) the team's main result (game points); (b) head-to-head points, if all games between the tied teams have been played; (c) the Sonneborn-Berger score. If teams competing for first place are still equal on all three, they play an extra match (1 round, 2 games).

rule-text-g-g1 = An application accepted less than 5 minutes before the officially announced start of round 1 costs the team 0.5 championship points.
rule-text-g-g2 = A team missing more than 2 players, with no way to replace them, is withdrawn from the tournament and loses all its remaining games on every board.
rule-text-g-g3 = A team that leaves a tournament gets a warning, is disqualified from the next tournament and loses 1 championship point. Leaving a second time is punished by barring the team from the championship.
rule-text-g-g4 = If the offending team is dissolved, the sanctions pass to its members: they miss a tournament.
rule-text-g-g5 = Moving players between boards against the regulation costs 0.5 championship points.
rule-text-g-g6 = An incorrect application by the captain, found after the tournament has started, costs 0.5 points for each case found.
rule-text-g-g7 = A team player found using chess software (engines) is removed from the tournament, with the right to a substitute; results of rounds already played are not revised. If the appeals committee rules that it happened, the team loses 12 championship points.
rule-text-g-g8 = If someone is found playing under another person's nick, the team loses 1 point for every game that person played.

rule-text-g-d1 = The chief judge of the online tournament is the nick marked [TD]; an ordinary judge of the tournament is a nick marked [td].
rule-text-g-d2 = Players at the tournament must obey the judges without question. Disobeying a judge, arguing with one and the like may be punished, at the judge's choice, by a disciplinary fine on the team (0.5 points, 1 point, or loss of the current game) or by removing the team from the current tournament. Whether that team is admitted to later tournaments is decided by the appeals committee; its decision is published.
rule-text-g-d3 = To prevent a conflict or remove anything disrupting the tournament, a judge may switch off chat for any player or group of players, or bar them from the tournament hall for the rest of the tournament.
rule-text-g-d4 = Judges' decisions at every tournament are final and cannot be challenged during the tournament. A complaint about a disputed decision may be filed through the championship’s appeal form by the captain of the team that has the claim, with an exact account of the conflict, the claim and the decision made; complaints and protests posted by other players of the team are not considered. An appeal may change the results of a past tournament.
rule-text-g-d5 = Spectators are allowed at tournaments. To talk among themselves they must use the “ki:” (kibitz) button; talking in the table chat is forbidden. Spectators must leave a table at the first request of a judge or of any player at that table.
rule-text-g-d6 = Situations the regulation does not cover are left to the judge's discretion.

rule-text-g-e1 = Only the winning team gets an entry in the history for a tournament. For the championship, the teams in the top four places get history entries.
rule-text-g-e2 = The tournament's organizer may change this regulation, but must notify the team captains of any change at least three days before the next tournament starts.
rule-text-g-e3 = Signs on which a player may be accused of using engines: regularly being “away” on their own move during the tournament; a steady, unchanging time per move throughout the game; the great majority of moves matching those of specialised chess software when the games are analysed; a steady high playing strength, unusual for that player, in most games of the tournament after a long period of very mediocre results (for example, a player whose usual rating is 200 plays at a strength of 700 in the tournament); other cases not covered by this list.

rule-text-g-zh1 = The appeals committee consists of the club's chess judges, as listed on its judges page, and the captains of the teams playing in that tournament, except the captains of the team that brought the case and of the team directly concerned (the team the appeal is against, if any), main team and doubles alike. The tournament's chief judge has 2 votes, every other member 1. Decisions are taken by majority vote.
rule-text-g-zh2 = The committee may require a player suspected of using specialised chess software to play a face-to-face game against a chess player chosen by the committee. A player who refuses is deemed, de facto, to have used engines.
