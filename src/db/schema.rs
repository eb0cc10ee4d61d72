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
    }
}

diesel::joinable!(role_grants -> championships (championship_id));
diesel::joinable!(audit_log -> people (actor_id));

diesel::allow_tables_to_appear_in_same_query!(
    people,
    championships,
    role_grants,
    login_attempts,
    audit_log
);
