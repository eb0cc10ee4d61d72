//! Typed ids (house rule 9): a person id can never be passed where a
//! championship id is expected. The database layer converts at its edge.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
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
