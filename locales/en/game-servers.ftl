# Game servers: linking accounts, connecting a championship, the games
# created on the server and read back.
server-bulk-message = { $championship }, round { $round }: your game is { "{" }game{ "}" }
audit-server-linked = linked the { $server } account { $username }
audit-server-unlinked = unlinked the { $server } account { $username }
audit-server-connected = connected the championship to { $server }: its rounds' games are created there
audit-server-disconnected = disconnected the championship from { $server }
audit-rounds-result-server = round { $round } table { $table } board { $board } game { $game }: { $before } → { $after } (played on { $server }, game { $server_game })
audit-action-server-linked = game-server account linked
audit-action-server-unlinked = game-server account unlinked
audit-action-server-connected = championship connected to a game server
audit-action-server-disconnected = championship disconnected from its game server
