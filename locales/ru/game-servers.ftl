# Игровые серверы: привязка аккаунтов, подключение чемпионата, партии,
# созданные на сервере и прочитанные обратно.
server-bulk-message = { $championship }, тур { $round }: ваша партия — { "{" }game{ "}" }
audit-server-linked = привязан аккаунт { $server } { $username }
audit-server-unlinked = отвязан аккаунт { $server } { $username }
audit-server-connected = чемпионат подключён к { $server }: партии туров создаются там
audit-server-disconnected = чемпионат отключён от { $server }
audit-rounds-result-server = тур { $round }, стол { $table }, доска { $board }, партия { $game }: { $before } → { $after } (сыграна на { $server }, партия { $server_game })
audit-action-server-linked = привязан аккаунт игрового сервера
audit-action-server-unlinked = отвязан аккаунт игрового сервера
audit-action-server-connected = чемпионат подключён к игровому серверу
audit-action-server-disconnected = чемпионат отключён от игрового сервера
