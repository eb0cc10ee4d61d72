//! Table definitions shared by both backends (house rule 3: only types both
//! SQLite and PostgreSQL support). Written by hand to match
//! `migrations/{sqlite,postgres}`; the parity test in `tests/it/migrations.rs`
//! checks that both migrated databases expose these columns.

diesel::table! {
    people (id) {
        id -> BigInt,
        nick -> Text,
        nick_key -> Text,
        full_name -> Text,
        email -> Text,
        email_key -> Text,
        password_hash -> Text,
        locale -> Text,
        is_admin -> Bool,
        auth_version -> BigInt,
        created_at -> Timestamp,
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
    }
}

diesel::table! {
    clone_links (id) {
        id -> BigInt,
        person_a -> BigInt,
        person_b -> BigInt,
        linked_by -> Nullable<BigInt>,
        at -> Timestamp,
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
    }
}

diesel::joinable!(role_grants -> championships (championship_id));
diesel::joinable!(tournaments -> championships (championship_id));
diesel::joinable!(teams -> championships (championship_id));
diesel::joinable!(memberships -> teams (team_id));
diesel::joinable!(memberships -> people (person_id));
diesel::joinable!(invitations -> teams (team_id));
diesel::joinable!(employments -> organizations (organization_id));

diesel::allow_tables_to_appear_in_same_query!(
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
);
