//! Typed ids (house rule 9): a person id can never be passed where a
//! championship id is expected. With the `diesel` feature (enabled by the
//! database layer, never by the rules crate) each id is also a diesel
//! mapping of `BigInt`, so rows load into typed fields and filters take
//! typed values: the bare number only shows where an id becomes text or a
//! start number.
#![forbid(unsafe_code)]

#[cfg(feature = "diesel")]
use diesel::backend::Backend;
#[cfg(feature = "diesel")]
use diesel::deserialize::{self, FromSql};
#[cfg(feature = "diesel")]
use diesel::serialize::{self, Output, ToSql};
#[cfg(feature = "diesel")]
use diesel::sql_types::BigInt;
use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            Hash,
            Default,
            PartialOrd,
            Ord,
            Serialize,
            Deserialize,
        )]
        #[cfg_attr(
            feature = "diesel",
            derive(diesel::AsExpression, diesel::FromSqlRow),
            diesel(sql_type = BigInt)
        )]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }

        #[cfg(feature = "diesel")]
        impl<DB> FromSql<BigInt, DB> for $name
        where
            DB: Backend,
            i64: FromSql<BigInt, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                i64::from_sql(bytes).map($name)
            }
        }

        #[cfg(feature = "diesel")]
        impl<DB> ToSql<BigInt, DB> for $name
        where
            DB: Backend,
            i64: ToSql<BigInt, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                self.0.to_sql(out)
            }
        }
    };
}

id_type!(
    /// A row of `people`: an account.
    PersonId
);
id_type!(
    /// A row of `championships`: a season.
    ChampionshipId
);
id_type!(
    /// A row of `organizations`: an enterprise.
    OrganizationId
);
id_type!(
    /// A row of `teams`.
    TeamId
);
id_type!(
    /// A row of `invitations`.
    InvitationId
);
id_type!(
    /// A row of `tournaments`: one stage of a championship.
    TournamentId
);
id_type!(
    /// A row of `entries`: a team's (or a double's) line in a tournament.
    EntryId
);
id_type!(
    /// A row of `rounds`.
    RoundId
);
id_type!(
    /// A row of `matches`: one pairing of a round.
    MatchId
);
id_type!(
    /// A row of `games`.
    GameId
);
id_type!(
    /// A row of `role_grants`: a person's role in a championship.
    RoleGrantId
);
id_type!(
    /// A row of `login_attempts`.
    LoginAttemptId
);
id_type!(
    /// A row of `audit_log`: one recorded action.
    AuditEntryId
);
id_type!(
    /// A row of `memberships`: a stint of a person in a team.
    MembershipId
);
id_type!(
    /// A row of `captaincies`: a hand-over of a team's captaincy.
    CaptaincyId
);
id_type!(
    /// A row of `club_memberships`.
    ClubMembershipId
);
id_type!(
    /// A row of `bans`.
    BanId
);
id_type!(
    /// A row of `clone_links`: two accounts of one person.
    CloneLinkId
);
id_type!(
    /// A row of `employments`: a person's work at an organization.
    EmploymentId
);
id_type!(
    /// A row of `documents`: an uploaded file.
    DocumentId
);
id_type!(
    /// A row of `substitutions`: a player replaced during a match.
    SubstitutionId
);
id_type!(
    /// A row of `penalties`.
    PenaltyId
);
id_type!(
    /// A row of `history_entries`: a team's place in the record.
    HistoryEntryId
);
id_type!(
    /// A row of `series`: a multi-sport contest of organizations.
    SeriesId
);
id_type!(
    /// A row of `series_sports`: one sport of a series.
    SeriesSportId
);
id_type!(
    /// A row of `regulation_versions`: a published regulation.
    RegulationVersionId
);
id_type!(
    /// A row of `fair_play_reports`.
    FairPlayReportId
);
id_type!(
    /// A row of `appeals`.
    AppealId
);
id_type!(
    /// A row of `appeal_remedies`: one remedy an appeal decided.
    AppealRemedyId
);
id_type!(
    /// A row of `place_overrides`: a place set by an appeal.
    PlaceOverrideId
);
id_type!(
    /// A row of `api_tokens`.
    ApiTokenId
);
id_type!(
    /// A row of `outbox`: a queued mail.
    OutboxId
);
id_type!(
    /// A row of `violation_reports`: a captain's report to the chief
    /// judge (G-V33).
    ViolationReportId
);
id_type!(
    /// A row of `pgn_imports`: a judge's PGN file awaiting confirmation.
    PgnImportId
);
id_type!(
    /// A row of `analysis_jobs`: an engine analysis of a player's games.
    AnalysisJobId
);
id_type!(
    /// A row of `claim_links`: a mailed link to take over a person's record.
    ClaimLinkId
);
id_type!(
    /// A row of `ratings`: one rating a person holds, with its source and date.
    RatingId
);
id_type!(
    /// A row of `rating_imports`: a rating list awaiting its confirmation.
    RatingImportId
);
id_type!(
    /// A row of `server_accounts`: a person's account on a game server.
    ServerAccountId
);
id_type!(
    /// A row of `server_games`: a game created on a game server for a
    /// game here.
    ServerGameId
);
