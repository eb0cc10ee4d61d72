# Public pages: the season chart, team and player
# records, halls of fame.

season-chart-title = Season points after each tournament
season-chart-desc = Line chart of the season points after each tournament (a penalty counts from the tournament it was imposed for). Entries drawn: { $count }. { $lines }.
season-chart-x = Tournament
season-chart-y = Points
season-chart-legend = Lines of the chart
season-chart-note = The chart shows the first { $shown } of { $count } entries; the tables list them all.
season-cumulative-caption = Season points after each tournament (the chart's numbers)

team-captains-title = Captains
team-captains-none = The captaincy was never handed over.
team-transfers-title = Transfers
team-transfers-none = No transfers.
team-transfer-date = Date
team-transfer-from = From team
team-transfer-to = To team
team-results-title = Results
team-results-none = The team has not played a finished tournament yet.
team-results-tournament = Tournament
team-results-place = Place
team-results-points = Points
team-season-label = In the season
team-penalties-title = Penalties in force

person-teams-over-time = Teams over time
person-games-title = Games
person-games-none = No games in published rounds.
person-score = Score
person-score-of = of { $games }
person-by-board = By board
person-games-count = Games
person-points = Points
person-games-caption = Games by tournament, round and board
person-round = Round
person-colour = Colour
person-opponent = Opponent
person-result = Result
player-colour-white = White
player-colour-black = Black
player-round-playoff = play-off

hall-title = History and hall of fame
hall-links = The championship's history
hall-top-four = The season's top four (E.1)
hall-top-pending = The top four are recorded when the season's last tournament finishes. Tournaments not finished: { $count }.
hall-winners = Tournament winners (E.1)
hall-date = Date
hall-winner = Winner
hall-place = Place
hall-total = Season points
hall-decisions-link = Decisions of the appeals committee
hall-platform-title = Hall of fame
hall-platform-intro = Championships with a recorded history (E.1): the season's top four and the tournament wins.
hall-platform-none = No tournament has finished yet.
hall-wins = Tournament wins
hall-history-link = history
hall-season-on = the season goes on

pager-label = Pages
pager-previous = ← Previous
pager-next = Next →
pager-position = Page { $page } of { $pages }
