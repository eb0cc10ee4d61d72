//! Table definitions shared by both backends (house rule 3: only types both
//! SQLite and PostgreSQL support). Written by hand to match
//! `crates/db/migrations/{sqlite,postgres}`; the parity test in `tests/it/migrations.rs`
//! checks that both migrated databases expose these columns.

diesel::table! {
    people (id) {
        id -> BigInt,
        nick -> Text,
        nick_key -> Text,
        full_name -> Text,
        email -> Nullable<Text>,
        email_key -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        locale -> Text,
        is_admin -> Bool,
        auth_version -> BigInt,
        created_at -> Timestamp,
        added_by -> Nullable<BigInt>,
        fide_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    ratings (id) {
        id -> BigInt,
        person_id -> BigInt,
        source -> Text,
        value -> Integer,
        as_of -> Date,
        origin -> Text,
        site -> Nullable<Text>,
        game_id -> Nullable<BigInt>,
        recorded_by -> Nullable<BigInt>,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    platform_ratings (person_id, period) {
        person_id -> BigInt,
        period -> Integer,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        games -> Integer,
    }
}

diesel::table! {
    rating_periods (period) {
        period -> Integer,
        games -> Integer,
        digest -> Text,
    }
}

diesel::table! {
    rating_imports (id) {
        id -> BigInt,
        made_by -> BigInt,
        made_at -> Timestamp,
        kind -> Text,
        as_of -> Date,
        payload -> Text,
        confirmed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    championships (id) {
        id -> BigInt,
        slug -> Text,
        name -> Text,
        created_at -> Timestamp,
        regulation -> Text,
        preset -> Text,
        time_zone -> Text,
        created_by -> Nullable<BigInt>,
    }
}

diesel::table! {
    championship_content (championship_id) {
        championship_id -> BigInt,
        version -> BigInt,
        changed_in -> Nullable<BigInt>,
        results_version -> BigInt,
    }
}

diesel::table! {
    site_content (id) {
        id -> Integer,
        version -> BigInt,
        listed -> BigInt,
    }
}

diesel::table! {
    role_grants (id) {
        id -> BigInt,
        person_id -> BigInt,
        championship_id -> BigInt,
        role -> Text,
        granted_by -> Nullable<BigInt>,
        granted_at -> Timestamp,
    }
}

diesel::table! {
    login_attempts (id) {
        id -> BigInt,
        account_key -> Text,
        ip -> Text,
        succeeded -> Bool,
        at -> Timestamp,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        at -> Timestamp,
        actor_id -> Nullable<BigInt>,
        action -> Text,
        subject -> Text,
        detail -> Text,
        ip -> Nullable<Text>,
        championship_id -> Nullable<BigInt>,
        message -> Nullable<Text>,
    }
}

diesel::table! {
    organizations (id) {
        id -> BigInt,
        name -> Text,
        name_key -> Text,
        parent_id -> Nullable<BigInt>,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    teams (id) {
        id -> BigInt,
        championship_id -> BigInt,
        name -> Text,
        name_key -> Text,
        motto -> Text,
        organization_id -> Nullable<BigInt>,
        captain_id -> BigInt,
        status -> Text,
        decision_reason -> Nullable<Text>,
        decided_by -> Nullable<BigInt>,
        decided_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        dissolved_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    memberships (id) {
        id -> BigInt,
        team_id -> BigInt,
        championship_id -> BigInt,
        person_id -> BigInt,
        from_at -> Timestamp,
        until_at -> Nullable<Timestamp>,
        start_reason -> Text,
        end_reason -> Nullable<Text>,
    }
}

diesel::table! {
    invitations (id) {
        id -> BigInt,
        team_id -> BigInt,
        person_id -> BigInt,
        invited_by -> BigInt,
        created_at -> Timestamp,
        status -> Text,
        decided_at -> Nullable<Timestamp>,
        decided_by -> Nullable<BigInt>,
        note -> Nullable<Text>,
    }
}

diesel::table! {
    captaincies (id) {
        id -> BigInt,
        team_id -> BigInt,
        from_person -> Nullable<BigInt>,
        to_person -> BigInt,
        at -> Timestamp,
    }
}

diesel::table! {
    club_memberships (id) {
        id -> BigInt,
        person_id -> BigInt,
        from_at -> Timestamp,
        until_at -> Nullable<Timestamp>,
        marked_by -> Nullable<BigInt>,
        championship_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    bans (id) {
        id -> BigInt,
        person_id -> BigInt,
        from_at -> Timestamp,
        until_at -> Nullable<Timestamp>,
        reason -> Text,
        imposed_by -> Nullable<BigInt>,
        lifted_at -> Nullable<Timestamp>,
        lifted_by -> Nullable<BigInt>,
        championship_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    clone_links (id) {
        id -> BigInt,
        person_a -> BigInt,
        person_b -> BigInt,
        linked_by -> Nullable<BigInt>,
        at -> Timestamp,
        championship_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    employments (id) {
        id -> BigInt,
        person_id -> BigInt,
        organization_id -> BigInt,
        from_date -> Date,
        until_date -> Nullable<Date>,
        entered_by -> Nullable<BigInt>,
        confirmed_by -> Nullable<BigInt>,
        confirmed_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    documents (id) {
        id -> BigInt,
        kind -> Text,
        person_id -> Nullable<BigInt>,
        team_id -> Nullable<BigInt>,
        uploaded_by -> Nullable<BigInt>,
        uploaded_at -> Timestamp,
        file_name -> Text,
        media_type -> Text,
        size_bytes -> BigInt,
        sha256 -> Text,
        content -> Binary,
        status -> Text,
        reviewed_by -> Nullable<BigInt>,
        reviewed_at -> Nullable<Timestamp>,
        review_note -> Nullable<Text>,
        valid_until -> Nullable<Date>,
        replaces_id -> Nullable<BigInt>,
        replaced_by_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    tournaments (id) {
        id -> BigInt,
        championship_id -> BigInt,
        number -> Integer,
        starts_at -> Timestamp,
        created_at -> Timestamp,
        drawn_at -> Nullable<Timestamp>,
        format -> Nullable<Text>,
        finished_at -> Nullable<Timestamp>,
        results_version -> BigInt,
        rounds -> Nullable<Integer>,
        cancelled_at -> Nullable<Timestamp>,
        cancel_reason -> Nullable<Text>,
    }
}

diesel::table! {
    entries (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        team_id -> BigInt,
        name -> Text,
        double_no -> Nullable<Integer>,
        line -> Text,
        submitted_by -> BigInt,
        submitted_at -> Timestamp,
        late -> Bool,
        status -> Text,
        status_at -> Nullable<Timestamp>,
        status_reason -> Nullable<Text>,
        retired_after_round -> Nullable<Integer>,
        start_no -> Nullable<Integer>,
        undertaken_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    check_ins (tournament_id, person_id) {
        tournament_id -> BigInt,
        person_id -> BigInt,
        medical -> Text,
        passport -> Bool,
        symptoms -> Bool,
        doctor_note -> Bool,
        refusal -> Text,
        admitted -> Bool,
        recorded_by -> BigInt,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    game_records (game_id) {
        game_id -> BigInt,
        pgn -> Text,
        white_nick -> Text,
        black_nick -> Text,
        plies -> Integer,
        moves -> Text,
        clocks -> Text,
        spent -> Text,
        base_ms -> Nullable<BigInt>,
        final_fen -> Text,
        source -> Text,
        recorded_by -> Nullable<BigInt>,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    game_analyses (game_id, depth) {
        game_id -> BigInt,
        depth -> Integer,
        engine -> Text,
        plies -> Text,
        analysed_at -> Timestamp,
    }
}

diesel::table! {
    analysis_jobs (id) {
        id -> BigInt,
        championship_id -> BigInt,
        person_id -> BigInt,
        from_tournament -> BigInt,
        to_tournament -> BigInt,
        depth -> Integer,
        status -> Text,
        games_done -> Integer,
        games_total -> Integer,
        error -> Nullable<Text>,
        requested_by -> BigInt,
        requested_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    pgn_imports (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        round_id -> Nullable<BigInt>,
        file_name -> Text,
        text -> Text,
        uploaded_by -> BigInt,
        uploaded_at -> Timestamp,
        confirmed_at -> Nullable<Timestamp>,
        outcome -> Nullable<Text>,
    }
}

diesel::table! {
    violation_reports (id) {
        id -> BigInt,
        championship_id -> BigInt,
        tournament_id -> BigInt,
        match_id -> BigInt,
        against_entry_id -> BigInt,
        board -> Nullable<Integer>,
        what -> Text,
        filed_by -> BigInt,
        filed_at -> Timestamp,
        answer -> Nullable<Text>,
        answered_by -> Nullable<BigInt>,
        answered_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sanction_entry_changes (id) {
        id -> BigInt,
        penalty_id -> BigInt,
        entry_id -> BigInt,
        line_before -> Text,
        boards_before -> Text,
        substitutes_before -> Text,
        status_before -> Text,
        line_after -> Text,
        status_after -> Text,
        changed_at -> Timestamp,
    }
}

diesel::table! {
    entry_players (entry_id, person_id) {
        entry_id -> BigInt,
        person_id -> BigInt,
        substitute -> Bool,
        ordinal -> Integer,
    }
}

diesel::table! {
    rounds (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        number -> Integer,
        kind -> Text,
        status -> Text,
        seed -> Nullable<BigInt>,
        notes -> Text,
        created_at -> Timestamp,
        published_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    matches (id) {
        id -> BigInt,
        round_id -> BigInt,
        table_no -> Integer,
        home_entry_id -> BigInt,
        away_entry_id -> Nullable<BigInt>,
        stage -> Text,
        group_no -> Nullable<Integer>,
        forfeit -> Nullable<Text>,
    }
}

diesel::table! {
    lineups (entry_id, round_no, board) {
        entry_id -> BigInt,
        round_no -> Integer,
        board -> Integer,
        person_id -> Nullable<BigInt>,
        set_by -> Nullable<BigInt>,
        set_at -> Timestamp,
    }
}

diesel::table! {
    games (id) {
        id -> BigInt,
        match_id -> BigInt,
        board -> Integer,
        game_no -> Integer,
        home_player_id -> Nullable<BigInt>,
        away_player_id -> Nullable<BigInt>,
        home_white -> Bool,
        result -> Text,
        reported_result -> Nullable<Text>,
        reported_by -> Nullable<BigInt>,
        reported_at -> Nullable<Timestamp>,
        decided_by -> Nullable<BigInt>,
        decided_at -> Nullable<Timestamp>,
        version -> Integer,
    }
}

diesel::table! {
    substitutions (id) {
        id -> BigInt,
        match_id -> BigInt,
        entry_id -> BigInt,
        board -> Integer,
        from_game -> Integer,
        out_person_id -> BigInt,
        in_person_id -> BigInt,
        reason -> Text,
        announcement -> Text,
        recorded_by -> Nullable<BigInt>,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    penalties (id) {
        id -> BigInt,
        championship_id -> BigInt,
        tournament_id -> Nullable<BigInt>,
        team_id -> BigInt,
        entry_id -> Nullable<BigInt>,
        code -> Text,
        amount -> Integer,
        reason -> Text,
        imposed_by -> Nullable<BigInt>,
        imposed_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        revoked_by -> Nullable<BigInt>,
        revoke_reason -> Nullable<Text>,
        count -> Integer,
        sanction -> Nullable<Text>,
        bars_tournament_id -> Nullable<BigInt>,
        person_id -> Nullable<BigInt>,
        game_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    tournament_places (tournament_id, entry_id) {
        tournament_id -> BigInt,
        entry_id -> BigInt,
        team_id -> BigInt,
        place_first -> Integer,
        place_last -> Integer,
        points -> Integer,
    }
}

diesel::table! {
    history_entries (id) {
        id -> BigInt,
        championship_id -> BigInt,
        tournament_id -> Nullable<BigInt>,
        team_id -> BigInt,
        entry_name -> Text,
        kind -> Text,
        place -> Integer,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    series (id) {
        id -> BigInt,
        name -> Text,
        name_key -> Text,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    series_sports (id) {
        id -> BigInt,
        series_id -> BigInt,
        name -> Text,
        championship_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        points -> Text,
    }
}

diesel::table! {
    series_athletes (series_id, person_id) {
        series_id -> BigInt,
        person_id -> BigInt,
        sport_id -> BigInt,
        organization_id -> BigInt,
        added_by -> Nullable<BigInt>,
        added_at -> Timestamp,
    }
}

diesel::table! {
    series_sport_organizers (sport_id, person_id) {
        sport_id -> BigInt,
        person_id -> BigInt,
        added_by -> Nullable<BigInt>,
        added_at -> Timestamp,
    }
}

diesel::table! {
    series_places (sport_id, organization_id) {
        sport_id -> BigInt,
        organization_id -> BigInt,
        place -> Integer,
        set_by -> Nullable<BigInt>,
        set_at -> Timestamp,
    }
}

diesel::table! {
    regulation_versions (id) {
        id -> BigInt,
        championship_id -> BigInt,
        number -> Integer,
        body -> Text,
        settings -> Text,
        summary -> Text,
        published_by -> Nullable<BigInt>,
        published_at -> Timestamp,
        applies_from -> Nullable<Timestamp>,
    }
}

diesel::table! {
    fair_play_reports (id) {
        id -> BigInt,
        championship_id -> BigInt,
        tournament_id -> BigInt,
        person_id -> BigInt,
        team_id -> BigInt,
        grounds -> Text,
        notes -> Text,
        recorded_by -> Nullable<BigInt>,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    appeals (id) {
        id -> BigInt,
        championship_id -> BigInt,
        tournament_id -> BigInt,
        kind -> Text,
        filed_by -> Nullable<BigInt>,
        filing_team_id -> Nullable<BigInt>,
        concerned_team_id -> Nullable<BigInt>,
        report_id -> Nullable<BigInt>,
        what_happened -> Text,
        claim -> Text,
        contested -> Text,
        game_ref -> Text,
        filed_at -> Timestamp,
        status -> Text,
        outcome -> Nullable<Text>,
        decided_at -> Nullable<Timestamp>,
        decided_by -> Nullable<BigInt>,
        supervised_person_id -> Nullable<BigInt>,
        supervised_outcome -> Nullable<Text>,
        supervised_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    appeal_remedies (id) {
        id -> BigInt,
        appeal_id -> BigInt,
        kind -> Text,
        game_id -> Nullable<BigInt>,
        result -> Nullable<Text>,
        code -> Nullable<Text>,
        team_id -> Nullable<BigInt>,
        amount -> Nullable<Integer>,
        penalty_id -> Nullable<BigInt>,
        added_by -> Nullable<BigInt>,
        added_at -> Timestamp,
        entry_id -> Nullable<BigInt>,
        place -> Nullable<Integer>,
    }
}

diesel::table! {
    place_overrides (id) {
        id -> BigInt,
        tournament_id -> BigInt,
        entry_id -> BigInt,
        place -> Integer,
        appeal_id -> Nullable<BigInt>,
        set_by -> Nullable<BigInt>,
        set_at -> Timestamp,
    }
}

diesel::table! {
    appeal_committee (appeal_id, person_id) {
        appeal_id -> BigInt,
        person_id -> BigInt,
        seat -> Text,
    }
}

diesel::table! {
    appeal_votes (appeal_id, person_id) {
        appeal_id -> BigInt,
        person_id -> BigInt,
        uphold -> Bool,
        weight -> Integer,
        voted_at -> Timestamp,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> BigInt,
        championship_id -> BigInt,
        name -> Text,
        secret_hash -> Text,
        created_by -> BigInt,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
        revoked_at -> Nullable<Timestamp>,
        revoked_by -> Nullable<BigInt>,
    }
}

diesel::table! {
    sessions (key_hash) {
        key_hash -> Text,
        person_id -> BigInt,
        state -> Text,
        created_at -> Timestamp,
        last_seen_at -> Timestamp,
    }
}

diesel::table! {
    known_browsers (token_hash) {
        token_hash -> Text,
        person_id -> BigInt,
        failures -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    claim_links (id) {
        id -> BigInt,
        person_id -> BigInt,
        secret_hash -> Text,
        email -> Text,
        sent_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    server_accounts (id) {
        id -> BigInt,
        person_id -> BigInt,
        server -> Text,
        username -> Text,
        username_key -> Text,
        scopes -> Text,
        token_sealed -> Text,
        linked_at -> Timestamp,
        refused_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    server_sign_ins (state) {
        state -> Text,
        person_id -> BigInt,
        server -> Text,
        verifier_sealed -> Text,
        scopes -> Text,
        championship_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    server_connections (championship_id) {
        championship_id -> BigInt,
        account_id -> BigInt,
        connected_by -> BigInt,
        connected_at -> Timestamp,
    }
}

diesel::table! {
    server_games (id) {
        id -> BigInt,
        game_id -> BigInt,
        championship_id -> BigInt,
        server -> Text,
        status -> Text,
        white_id -> BigInt,
        black_id -> BigInt,
        bulk_id -> Nullable<Text>,
        remote_id -> Nullable<Text>,
        pair_at -> Timestamp,
        problem -> Nullable<Text>,
        problem_person -> Nullable<BigInt>,
        problem_detail -> Nullable<Text>,
        attempts -> Integer,
        next_try_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::joinable!(role_grants -> championships (championship_id));
diesel::joinable!(tournaments -> championships (championship_id));
diesel::joinable!(teams -> championships (championship_id));
diesel::joinable!(memberships -> teams (team_id));
diesel::joinable!(memberships -> people (person_id));
diesel::joinable!(invitations -> teams (team_id));
diesel::joinable!(employments -> organizations (organization_id));
diesel::joinable!(entries -> tournaments (tournament_id));
diesel::joinable!(entries -> teams (team_id));
diesel::joinable!(entry_players -> entries (entry_id));
diesel::joinable!(entry_players -> people (person_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(matches -> rounds (round_id));
diesel::joinable!(games -> matches (match_id));
diesel::joinable!(game_records -> games (game_id));
diesel::joinable!(substitutions -> matches (match_id));
diesel::joinable!(tournament_places -> entries (entry_id));
diesel::joinable!(ratings -> people (person_id));
diesel::joinable!(platform_ratings -> people (person_id));
diesel::joinable!(server_accounts -> people (person_id));
diesel::joinable!(server_games -> games (game_id));
diesel::joinable!(server_connections -> server_accounts (account_id));

diesel::allow_tables_to_appear_in_same_query!(
    server_accounts,
    server_sign_ins,
    server_connections,
    server_games,
    ratings,
    platform_ratings,
    rating_periods,
    rating_imports,
    championship_content,
    site_content,
    fair_play_reports,
    appeals,
    appeal_remedies,
    appeal_committee,
    appeal_votes,
    place_overrides,
    people,
    championships,
    role_grants,
    login_attempts,
    audit_log,
    organizations,
    teams,
    memberships,
    invitations,
    captaincies,
    club_memberships,
    bans,
    clone_links,
    employments,
    documents,
    tournaments,
    entries,
    entry_players,
    rounds,
    matches,
    lineups,
    games,
    substitutions,
    penalties,
    tournament_places,
    history_entries,
    series,
    series_sports,
    series_places,
    series_athletes,
    series_sport_organizers,
    regulation_versions,
    api_tokens,
    sessions,
    known_browsers,
    claim_links,
    check_ins,
    game_records,
    game_analyses,
    analysis_jobs,
    pgn_imports,
    violation_reports,
    sanction_entry_changes,
);
