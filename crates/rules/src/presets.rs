//! The three seed regulations as presets. Every number comes from
//! `docs/regulations.md`; each carries the rule ID it implements.

use super::playoff::PlayoffRule;
use super::rating::{RatingRules, Source, Speed};
use super::regulation::{
    AppealsCommittee, DocumentHolder, DocumentKind, DocumentRequirement, EntryRules, Format,
    FormatBand, FormatRule, KnockoutStage, PenaltyEffect, PenaltyRule, PlacePoints, PlayRules,
    REGULATION_VERSION, Regulation, RosterRules, SeasonRules, SeasonTieRule, SharedPlaceSplit,
    TimeControl, TransferRule,
};
use super::score::{Colour, HalfPoints, MatchPoints, ScoreKind, Scoring};
use super::tiebreak::{Edition, IncompleteEncounters, TieBreak, TieBreakKind, TieBreakRules};
use super::tournament::PairingSystem;

fn pts(p: i32) -> HalfPoints {
    HalfPoints::from_points(p)
}

fn penalty(
    code: &str,
    offence: &str,
    amount: Option<HalfPoints>,
    effects: Vec<PenaltyEffect>,
) -> PenaltyRule {
    PenaltyRule {
        code: code.into(),
        offence: offence.into(),
        amount,
        alternatives: vec![],
        effects,
    }
}

/// Seed G: monthly team blitz championship of an online club.
pub fn g() -> Regulation {
    Regulation {
        version: REGULATION_VERSION,
        code: "G".into(),
        name: "Monthly team blitz championship".into(),
        // G-A2, G-V21: five players per team and tournament.
        boards: 5,
        // G-V1: 4–8 teams → round robin, 2 games per pairing; more than 8 → 1 game.
        format: g_format(),
        // G-V1: 5 minutes per game, no increment, rated.
        time_control: TimeControl {
            base_seconds: 300,
            increment_seconds: 0,
            rated: true,
        },
        // G-V11 / G-V42 a: game points rank; games 1 / ½ / 0.
        scoring: Scoring {
            primary: ScoreKind::GamePoints,
            match_points: MatchPoints::default(),
            pab: None,
        },
        tie_breaks: g_tie_breaks(),
        // G-V42: still tied for 1st → play-off, 1 round of 2 games.
        playoff: PlayoffRule::ExtraMatch {
            places: vec![1],
            rounds: 1,
            games_per_pairing: 2,
        },
        // G-V41: 12 / 8 / 6 / 4 / 2 / 1, below 0.
        place_points: PlacePoints {
            table: vec![pts(12), pts(8), pts(6), pts(4), pts(2), pts(1)],
            shared: SharedPlaceSplit::EqualShareRoundedDown,
        },
        roster: g_roster(),
        entry: g_entry(),
        penalties: g_penalties(),
        documents: vec![],
        // G-Zh1 / G-Zh2.
        appeals: Some(AppealsCommittee {
            chief_judge_votes: 2,
            member_votes: 1,
            captains_are_members: true,
            exclude_parties: true,
            refusal_counts_as_guilt: true,
        }),
        // G-A2: four tournaments, September to December; G-E2: 3 days notice.
        season: Some(SeasonRules {
            tournaments: 4,
            tie_rule: SeasonTieRule::Shared,
            change_notice_days: 3,
        }),
        // G-V23: an interrupted round's unfinished games are replayed.
        play: PlayRules {
            lateness_forfeit_after_seconds: None,
            interrupted_round_replayed: true,
            round_minutes: None,
            break_minutes: None,
            check_in: false,
            game_server: None,
        },
        // G plays on a game server: its blitz rating is the one people
        // know each other by (G-E3 speaks of a player's usual rating).
        ratings: RatingRules {
            order: vec![Source::Server(Speed::Blitz)],
            board_order: None,
        },
    }
}

/// G-V1: the format by the number of teams entered.
fn g_format() -> FormatRule {
    let rr = |games| Format {
        system: PairingSystem::RoundRobin,
        games_per_pairing: games,
        rounds: None,
    };
    FormatRule::ByTeamCount(vec![
        FormatBand {
            min_teams: 4,
            max_teams: Some(8),
            format: rr(2),
        },
        FormatBand {
            min_teams: 9,
            max_teams: None,
            format: rr(1),
        },
    ])
}

/// G-V42: the tie-breaks after game points.
fn g_tie_breaks() -> TieBreakRules {
    TieBreakRules {
        edition: Edition::C07_2026,
        chain: vec![
            // G-V42 b: head-to-head points among the tied teams; the
            // schedule is a round robin, so forfeits count (/P).
            TieBreak::new(TieBreakKind::DirectEncounter).predetermined(),
            // G-V42 c: "Sonneborn-Berger" with game-point scoring = EGGSB.
            TieBreak::new(TieBreakKind::SonnebornBerger {
                x: ScoreKind::GamePoints,
                y: ScoreKind::GamePoints,
            }),
        ],
        // G-V42 b: only if all games among the tied teams were played.
        incomplete_encounters: IncompleteEncounters::Skip,
    }
}

/// G-A, G-B: who plays for a team.
fn g_roster() -> RosterRules {
    RosterRules {
        // G-B21: at least 5 players.
        min_members: 5,
        max_members: None,
        // G-B13, G-V21: five board players in the line.
        lineup_players: 5,
        // G-A2, G-B13: up to 5 substitutes.
        max_substitutes: 5,
        // G-B13: doubles named Team1, Team2, …
        doubles_allowed: true,
        one_team_per_organization: false,
        one_sport_per_athlete: false,
        non_playing_captain: false,
        organization_required: false,
        // G-A7: members are valid club members, not banned.
        club_membership_required: true,
        // G-B33: unlimited transfers.
        transfers: TransferRule::Free,
        // G-B11: name, captain's nick and motto.
        team_motto: true,
    }
}

/// G-A6, G-B13: registration.
fn g_entry() -> EntryRules {
    EntryRules {
        // G-B13: registration opens 30 minutes before the tournament.
        opens_before_start: Some(30 * 60),
        // G-A6: applied no later than 5 minutes before the start.
        on_time_before_start: Some(5 * 60),
        // G-G1: accepted later → −0.5.
        late_penalty: Some("G-G1".into()),
        max_teams: None,
        application_deadline: None,
        // G-B13: odd number of entries → the last-registered double sits out.
        odd_entries_drop_last_double: true,
        // E-13 is not a rule of G.
        fair_play_undertaking: false,
    }
}

/// G-G, G-D: the catalogue of penalties.
fn g_penalties() -> Vec<PenaltyRule> {
    use PenaltyEffect::*;
    vec![
        penalty(
            "G-G1",
            "application accepted less than 5 minutes before round 1",
            Some(HalfPoints::HALF),
            vec![Deduct],
        ),
        penalty(
            "G-G2",
            "more than 2 players missing with no substitute",
            None,
            vec![WithdrawnLosingRemainingGames],
        ),
        penalty(
            "G-G3",
            "leaving a tournament",
            Some(pts(1)),
            vec![Warning, DisqualifiedNextTournament, Deduct, BannedOnRepeat],
        ),
        penalty(
            "G-G4",
            "offending team dissolved",
            None,
            vec![PassesToMembers],
        ),
        penalty(
            "G-G5",
            "moving players between boards against the rules",
            Some(HalfPoints::HALF),
            vec![Deduct],
        ),
        penalty(
            "G-G6",
            "incorrect application discovered after the start, per case",
            Some(HalfPoints::HALF),
            vec![DeductPerCase],
        ),
        penalty(
            "G-G7",
            "engine assistance confirmed by the appeals committee",
            Some(pts(12)),
            vec![
                PlayerRemovedWithSubstitution,
                NeedsAppealsConfirmation,
                Deduct,
            ],
        ),
        penalty(
            "G-G8",
            "playing under another person's nick, per game",
            Some(pts(1)),
            vec![DeductPerGame],
        ),
        // G-D3: the judge bars a player from the hall for the rest of
        // the tournament; the team plays on with a substitute.
        penalty(
            "G-D3",
            "barred from the hall by the judge for the tournament",
            None,
            vec![PlayerRemovedWithSubstitution],
        ),
        PenaltyRule {
            code: "G-D2".into(),
            offence: "disobeying a judge".into(),
            amount: Some(HalfPoints::HALF),
            // G-D2: fine 0.5 or 1, or loss of the current game, or removal.
            alternatives: vec![pts(1)],
            effects: vec![Deduct, LossOfCurrentGame, RemovedFromTournament],
        },
    ]
}

/// Seed R: corporate championship chess tournament (one day, team Swiss).
pub fn r() -> Regulation {
    Regulation {
        version: REGULATION_VERSION,
        code: "R".into(),
        name: "Corporate championship chess tournament".into(),
        // teams of 3, fixed to boards 1, 2, 3.
        boards: 3,
        // Swiss, 7 rounds, rounds 1–2 drawn by lot.
        format: FormatRule::Swiss {
            rounds: 7,
            rounds_drawn_by_lot: 2,
            games_per_pairing: 1,
        },
        // 5 minutes + 2 seconds per move.
        time_control: TimeControl {
            base_seconds: 300,
            increment_seconds: 2,
            rated: false,
        },
        // match points 2 / 1 / 0.
        scoring: Scoring {
            primary: ScoreKind::MatchPoints,
            match_points: MatchPoints {
                win: pts(2),
                draw: pts(1),
                loss: pts(0),
            },
            pab: None,
        },
        tie_breaks: r_tie_breaks(),
        playoff: PlayoffRule::None,
        // 10, 9, … 1 for the first ten, then 0.
        place_points: PlacePoints {
            table: (1..=10).rev().map(pts).collect(),
            shared: SharedPlaceSplit::EqualShareRoundedDown,
        },
        roster: r_roster(),
        entry: r_entry(),
        penalties: vec![],
        documents: r_documents(),
        appeals: None,
        season: None,
        // ..R-2.4: each participant admitted at check-in on the day.
        play: PlayRules {
            check_in: true,
            ..PlayRules::default()
        },
        // rounds 3–7 drawn by pairing software, which ranks the
        // teams by rating: FIDE's blitz rating, else the national one.
        ratings: RatingRules {
            order: vec![Source::Fide(Speed::Blitz), Source::National],
            board_order: None,
        },
    }
}

/// the tie-breaks after match points.
fn r_tie_breaks() -> TieBreakRules {
    TieBreakRules {
        edition: Edition::C07_2026,
        chain: vec![
            // R-3.3 (1): total game points on all boards.
            TieBreak::new(TieBreakKind::MpVsGp),
            // R-3.3 (2): head-to-head (Swiss: the C.07 rule for incomplete groups).
            TieBreak::new(TieBreakKind::DirectEncounter),
            // R-3.3 (3): board 1, then board 2, then board 3.
            TieBreak::new(TieBreakKind::TopBoardResult),
        ],
        incomplete_encounters: IncompleteEncounters::SwissRule,
    }
}

/// who plays for a team.
fn r_roster() -> RosterRules {
    RosterRules {
        // three players per team; no substitutes mentioned.
        min_members: 3,
        max_members: Some(3),
        lineup_players: 3,
        max_substitutes: 0,
        doubles_allowed: false,
        one_team_per_organization: false,
        // chess, volleyball and darts run in parallel.
        one_sport_per_athlete: true,
        non_playing_captain: false,
        // the team is its organization's (corporate standings, R-3.4).
        organization_required: true,
        club_membership_required: false,
        transfers: TransferRule::Free,
        team_motto: false,
    }
}

/// registration.
fn r_entry() -> EntryRules {
    EntryRules {
        opens_before_start: None,
        on_time_before_start: None,
        late_penalty: None,
        // up to 20 teams, registration closes at the cap.
        max_teams: Some(20),
        // the deadline is announced for each edition (the seed's
        // 03.10.2025 for its 16.10.2025 tournament); the organizers set
        // the date on the regulation form.
        application_deadline: None,
        odd_entries_drop_last_double: false,
        // E-13 is not a rule of R.
        fair_play_undertaking: false,
    }
}

/// the papers a team and its players hand in.
fn r_documents() -> Vec<DocumentRequirement> {
    vec![
        // application on letterhead, sealed, signed by the HR deputy.
        DocumentRequirement {
            rule: "R-1.10".into(),
            holder: DocumentHolder::Team,
            any_of: vec![DocumentKind::SignedTeamApplication],
            former_employee_months: None,
        },
        // original application on the day.
        DocumentRequirement {
            rule: "R-2.2".into(),
            holder: DocumentHolder::Participant,
            any_of: vec![DocumentKind::OriginalApplication],
            former_employee_months: None,
        },
        // medical certificate and/or signed waiver.
        DocumentRequirement {
            rule: "R-2.2".into(),
            holder: DocumentHolder::Participant,
            any_of: vec![DocumentKind::MedicalCertificate, DocumentKind::Waiver],
            former_employee_months: None,
        },
        // passport copy (photo page).
        DocumentRequirement {
            rule: "R-2.2".into(),
            holder: DocumentHolder::Participant,
            any_of: vec![DocumentKind::PassportCopy],
            former_employee_months: None,
        },
    ]
}

/// Seed E: enterprise team tournament (groups, then semi-finals and final).
pub fn e() -> Regulation {
    Regulation {
        version: REGULATION_VERSION,
        code: "E".into(),
        name: "Enterprise team tournament".into(),
        // E-2: three boards fixed to the main players.
        boards: 3,
        // E-1, E-3: group stage, semi-finals, final, match for 3rd; two games per pairing.
        format: FormatRule::GroupsThenKnockout {
            games_per_pairing: 2,
            stages: vec![KnockoutStage::SemiFinal, KnockoutStage::Final],
            third_place_match: true,
        },
        // E-5: 10 minutes per player, no increment.
        time_control: TimeControl {
            base_seconds: 600,
            increment_seconds: 0,
            rated: false,
        },
        // E-4: every game point counts for the team (primary = game points).
        scoring: Scoring {
            primary: ScoreKind::GamePoints,
            match_points: MatchPoints::default(),
            pab: None,
        },
        tie_breaks: e_tie_breaks(),
        // E-9: board 1, board 2, then armageddon on board 1 (W 6 min, B 5 min,
        // colours by lot, draw = Black wins, no substitution on board 1).
        playoff: PlayoffRule::BoardsThenArmageddon {
            boards: vec![1, 2],
            armageddon_board: 1,
            white_minutes: 6,
            black_minutes: 5,
            draw_winner: Colour::Black,
        },
        place_points: PlacePoints {
            table: vec![],
            shared: SharedPlaceSplit::EqualShareRoundedDown,
        },
        roster: e_roster(),
        entry: e_entry(),
        penalties: vec![],
        // E-12: employees or former employees dismissed ≤ 3 months before, with proof.
        documents: vec![DocumentRequirement {
            rule: "E-12".into(),
            holder: DocumentHolder::Participant,
            any_of: vec![DocumentKind::EmploymentProof],
            former_employee_months: Some(3),
        }],
        appeals: None,
        season: None,
        // E-6: more than five minutes late loses by forfeit.
        play: PlayRules {
            lateness_forfeit_after_seconds: Some(super::boards::E_6_LATENESS_LIMIT_SECONDS),
            interrupted_round_replayed: false,
            // E-7: a round of two games in at most 40 minutes, at most 2
            // minutes between group-stage rounds.
            round_minutes: Some(40),
            break_minutes: Some(2),
            check_in: false,
            game_server: None,
        },
        // E's regulation uses no rating.
        ratings: RatingRules::default(),
    }
}

/// E-8: the tie-breaks after game points.
fn e_tie_breaks() -> TieBreakRules {
    TieBreakRules {
        edition: Edition::C07_2026,
        chain: vec![
            // E-8: head-to-head result (round-robin groups: /P).
            TieBreak::new(TieBreakKind::DirectEncounter).predetermined(),
            // E-8: total number of game wins by the team's players.
            TieBreak::new(TieBreakKind::Wins(ScoreKind::GamePoints)),
        ],
        incomplete_encounters: IncompleteEncounters::SwissRule,
    }
}

/// E-10, E-11: who plays for a team.
fn e_roster() -> RosterRules {
    RosterRules {
        // E-11: 3 to 5 players, captain may not play.
        min_members: 3,
        max_members: Some(5),
        lineup_players: 3,
        max_substitutes: 2,
        doubles_allowed: false,
        // E-10: at most one team per enterprise.
        one_team_per_organization: true,
        one_sport_per_athlete: false,
        non_playing_captain: true,
        // E-10, E-12: one team per enterprise, staff of that enterprise.
        organization_required: true,
        club_membership_required: false,
        transfers: TransferRule::Free,
        team_motto: false,
    }
}

/// Registration: no limits of its own; E-13 asks for a fair-play undertaking.
fn e_entry() -> EntryRules {
    EntryRules {
        opens_before_start: None,
        on_time_before_start: None,
        late_penalty: None,
        max_teams: None,
        application_deadline: None,
        odd_entries_drop_last_double: false,
        // E-13: no engines, databases, books or advice; judges decide disputes.
        fair_play_undertaking: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_serialize_and_reload_equal() {
        for reg in [g(), r(), e()] {
            let json = serde_json::to_string_pretty(&reg).expect("serialize");
            let back: Regulation = serde_json::from_str(&json).expect("reload");
            assert_eq!(back, reg, "{}", reg.code);
            assert_eq!(back.version, REGULATION_VERSION);
        }
        // Tie-breaks are stored in TRF notation.
        let json = serde_json::to_string(&g()).expect("serialize");
        assert!(json.contains("\"DE/P\""), "{json}");
        assert!(json.contains("\"EGGSB\""));
        assert!(json.contains("\"edition\":\"2026\""));
    }

    #[test]
    fn g_v42_tie_break_chain_is_game_points_de_then_sonneborn_berger() {
        let reg = g();
        assert_eq!(reg.scoring.primary, ScoreKind::GamePoints);
        let chain: Vec<String> = reg
            .tie_breaks
            .chain
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(chain, ["DE/P", "EGGSB"]);
        assert_eq!(
            reg.tie_breaks.incomplete_encounters,
            IncompleteEncounters::Skip
        );
    }

    #[test]
    fn r_3_3_match_points_two_one_zero_then_gp_de_boards() {
        let reg = r();
        assert_eq!(reg.scoring.primary, ScoreKind::MatchPoints);
        assert_eq!(reg.scoring.match_points, MatchPoints::default());
        let chain: Vec<String> = reg
            .tie_breaks
            .chain
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(chain, ["MPvGP", "DE", "TBR"]);
    }

    #[test]
    fn e_8_head_to_head_then_game_wins() {
        let chain: Vec<String> = e()
            .tie_breaks
            .chain
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(chain, ["DE/P", "WIN:GP"]);
    }

    #[test]
    fn g_g_catalogue_amounts() {
        let reg = g();
        let amount = |c: &str| reg.penalty(c).and_then(|p| p.amount);
        assert_eq!(amount("G-G1"), Some(HalfPoints::HALF));
        assert_eq!(amount("G-G3"), Some(pts(1)));
        assert_eq!(amount("G-G5"), Some(HalfPoints::HALF));
        assert_eq!(amount("G-G6"), Some(HalfPoints::HALF));
        assert_eq!(amount("G-G7"), Some(pts(12)));
        assert_eq!(amount("G-G8"), Some(pts(1)));
        assert_eq!(amount("G-G2"), None);
        assert_eq!(
            reg.penalty("G-D2").map(|p| p.alternatives.clone()),
            Some(vec![pts(1)])
        );
    }

    /// Standings of small tournaments under the presets' own rules.
    mod scenarios {
        use super::*;
        use crate::ranking::{Standings, standings};
        use crate::tournament::Tournament;
        use crate::tournament::tests::{m, round, tournament};

        fn order(s: &Standings) -> Vec<u16> {
            s.rows.iter().map(|r| r.team.0).collect()
        }

        fn gap(s: &Standings, i: usize) -> String {
            s.gaps[i]
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default()
        }

        fn rr(boards: u8, games: u8, teams: u16, primary: ScoreKind) -> Tournament {
            tournament(PairingSystem::RoundRobin, boards, games, teams, primary)
        }

        #[test]
        fn r_3_3_game_points_break_a_match_point_tie() {
            // 3 boards. R1 1–2 "1=0" (1½ : 1½), 3–4 "110" (2 : 1);
            // R2 1–3 "11=" (2½ : ½), 2–4 "1=0" (1½ : 1½).
            // MP: 1 = 3, 2 = 2, 3 = 2, 4 = 1; GP: 2 = 3, 3 = 2½ → 2 ahead of 3.
            let mut t = tournament(PairingSystem::Swiss, 3, 1, 4, ScoreKind::MatchPoints);
            t.rounds = vec![
                round(1, vec![m(1, 2, 3, "1=0"), m(3, 4, 3, "110")]),
                round(2, vec![m(1, 3, 3, "11="), m(2, 4, 3, "1=0")]),
            ];
            let s = standings(&t, &r().tie_breaks, &[]).expect("standings");
            assert_eq!(order(&s), vec![1, 2, 3, 4]);
            assert_eq!(gap(&s, 1), "ahead on secondary score (MPvGP): 3 vs 2½");
        }

        #[test]
        fn r_3_3_head_to_head_breaks_a_game_point_tie() {
            // R1 1–2 "110" (1 wins 2 : 1), 3–4 "000"; R2 1–4 "100", 2–3 "110".
            // MP: 4 = 4, 1 = 2, 2 = 2, 3 = 0; GP: 1 = 2 + 1 = 3, 2 = 1 + 2 = 3.
            // Head-to-head: 1 beat 2 → DE 2 : 0.
            let mut t = tournament(PairingSystem::Swiss, 3, 1, 4, ScoreKind::MatchPoints);
            t.rounds = vec![
                round(1, vec![m(1, 2, 3, "110"), m(3, 4, 3, "000")]),
                round(2, vec![m(1, 4, 3, "100"), m(2, 3, 3, "110")]),
            ];
            let s = standings(&t, &r().tie_breaks, &[]).expect("standings");
            assert_eq!(order(&s), vec![4, 1, 2, 3]);
            assert_eq!(gap(&s, 1), "ahead on direct encounter (DE): 2 vs 0");
        }

        #[test]
        fn r_3_3_board_one_then_two_then_three() {
            // R1 1–2 "1=0" (drawn), 3–4 "1=0" (drawn); R2 1–3 "11=", 2–4 "11=".
            // 1 and 2: MP 3, GP 4, DE 1 : 1. Boards: 1 = [2, 1½, ½],
            // 2 = [1, 1½, 1½] → board 1 decides, 2 : 1.
            // 3 and 4: MP 1, GP 2, DE 1 : 1; 3 = [1, ½, ½], 4 = [0, ½, 1½].
            let mut t = tournament(PairingSystem::Swiss, 3, 1, 4, ScoreKind::MatchPoints);
            t.rounds = vec![
                round(1, vec![m(1, 2, 3, "1=0"), m(3, 4, 3, "1=0")]),
                round(2, vec![m(1, 3, 3, "11="), m(2, 4, 3, "11=")]),
            ];
            let s = standings(&t, &r().tie_breaks, &[]).expect("standings");
            assert_eq!(order(&s), vec![1, 2, 3, 4]);
            assert_eq!(
                gap(&s, 0),
                "ahead on top-board results (TBR), board 1: 2 vs 1"
            );
            assert_eq!(
                gap(&s, 2),
                "ahead on top-board results (TBR), board 1: 1 vs 0"
            );
        }

        #[test]
        fn r_3_4_corporate_points_follow_the_places() {
            let mut t = tournament(PairingSystem::Swiss, 3, 1, 4, ScoreKind::MatchPoints);
            t.rounds = vec![
                round(1, vec![m(1, 2, 3, "110"), m(3, 4, 3, "000")]),
                round(2, vec![m(1, 4, 3, "100"), m(2, 3, 3, "110")]),
            ];
            let s = standings(&t, &r().tie_breaks, &[]).expect("standings");
            let award = r().place_points.award(&s);
            let pts: Vec<(u16, String)> = award.iter().map(|(t, p)| (t.0, p.to_string())).collect();
            assert_eq!(
                pts,
                vec![
                    (4, "10".to_string()),
                    (1, "9".to_string()),
                    (2, "8".to_string()),
                    (3, "7".to_string())
                ]
            );
        }

        #[test]
        fn e_4_every_game_point_counts_for_the_team() {
            // 3 boards × 2 games. 1 beats 2 3½ : 2½ and 3 3½ : 2½ (two match
            // wins, 7 GP); 2 beats 3 6 : 0 (one match win, 8½ GP) → 2 first.
            let mut t = rr(3, 2, 3, ScoreKind::GamePoints);
            t.rounds = vec![
                round(1, vec![m(1, 2, 3, "11==0=")]),
                round(2, vec![m(2, 3, 3, "111111")]),
                round(3, vec![m(3, 1, 3, "00==1=")]),
            ];
            let s = standings(&t, &e().tie_breaks, &[]).expect("standings");
            assert_eq!(order(&s), vec![2, 1, 3]);
            assert_eq!(gap(&s, 0), "ahead on game points: 8½ vs 7");
        }

        #[test]
        fn e_8_head_to_head_then_number_of_game_wins() {
            // 1–2 drawn 3 : 3; 2 beats 3 5 : 1 with five wins; 1 beats 3
            // 5 : 1 with four wins and two draws. GP 8 each, DE 3 : 3,
            // game wins 2 + 5 = 7 against 2 + 4 = 6 → 2 ahead.
            let mut t = rr(3, 2, 3, ScoreKind::GamePoints);
            t.rounds = vec![
                round(1, vec![m(1, 2, 3, "11==00")]),
                round(2, vec![m(2, 3, 3, "111110")]),
                round(3, vec![m(3, 1, 3, "0000==")]),
            ];
            let s = standings(&t, &e().tie_breaks, &[]).expect("standings");
            assert_eq!(order(&s), vec![2, 1, 3]);
            assert_eq!(gap(&s, 0), "ahead on games won (WIN:GP): 7 vs 6");
        }

        #[test]
        fn g_v42_head_to_head_decides_between_tied_teams() {
            // 1 board × 2 games. 1–2 "1=" (1½ : ½), 2–3 "11", 3–1 "10".
            // GP: 1 = 1½ + 1 = 2½, 2 = ½ + 2 = 2½, 3 = 1. DE 1½ : ½.
            let mut t = rr(1, 2, 3, ScoreKind::GamePoints);
            t.rounds = vec![
                round(1, vec![m(1, 2, 1, "1=")]),
                round(2, vec![m(2, 3, 1, "11")]),
                round(3, vec![m(3, 1, 1, "10")]),
            ];
            let s = standings(&t, &g().tie_breaks, &[]).expect("standings");
            assert_eq!(order(&s), vec![1, 2, 3]);
            assert_eq!(gap(&s, 0), "ahead on direct encounter (DE/P): 1½ vs ½");
            // G-V41: 12 and 8 and 6 points.
            let award: Vec<String> = g()
                .place_points
                .award(&s)
                .iter()
                .map(|(_, p)| p.to_string())
                .collect();
            assert_eq!(award, ["12", "8", "6"]);
        }

        #[test]
        fn g_v42_head_to_head_only_when_all_games_are_played() {
            // Four teams, round 3 of 3 not yet played: 1 and 2 are tied on
            // GP but have not met → DE does not apply (G-V42 b) and
            // Sonneborn-Berger decides.
            let mut t = rr(1, 2, 4, ScoreKind::GamePoints);
            t.rounds = vec![
                round(1, vec![m(1, 3, 1, "11"), m(2, 4, 1, "11")]),
                round(2, vec![m(1, 4, 1, "1="), m(2, 3, 1, "1=")]),
            ];
            // GP: 1 = 2 + 1½ = 3½, 2 = 3½; 3 = 0 + ½, 4 = 0 + ½.
            // EGGSB: 1 = ½ × 2 + ½ × 1½ = 1¾; 2 = ½ × 2 + ½ × 1½ = 1¾ → shared.
            let s = standings(&t, &g().tie_breaks, &[]).expect("standings");
            assert_eq!(s.rows[0].place.to_string(), "1–2");
            // Change round 2 so that 1's opponent scored more: 3 gets ½ more.
            t.rounds[1] = round(2, vec![m(1, 4, 1, "1="), m(2, 3, 1, "10")]);
            // GP: 1 = 3½, 2 = 3, … make 1 and 2 equal again via round 1.
            t.rounds[0] = round(1, vec![m(1, 3, 1, "1="), m(2, 4, 1, "11")]);
            // GP: 1 = 1½ + 1½ = 3, 2 = 2 + 1 = 3; 3 = ½ + 1 = 1½; 4 = 0 + ½ = ½.
            // EGGSB 1 = 1½ × 1½ + ½ × 1½ = 3; 2 = ½ × 2 + 1½ × 1 = 2½.
            let s = standings(&t, &g().tie_breaks, &[]).expect("standings");
            assert_eq!(order(&s)[..2], [1, 2]);
            assert_eq!(gap(&s, 0), "ahead on Sonneborn-Berger (EGGSB): 3 vs 2½");
        }
    }
}
