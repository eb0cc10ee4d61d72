//! Game servers' refusals and the state of each game created there, in
//! the reader's words, with what to do about them.

use crate::app::game_servers::ServerProblem;
use crate::db::game_servers::Status;
use crate::i18n::Message;
use crate::msg;

/// A refusal of a link or a connection, as a message.
pub fn problem_message(p: &ServerProblem) -> Message {
    match p {
        ServerProblem::StaleSignIn => msg!("lichess-error-stale").into(),
        ServerProblem::TakenByAnother { nick } => {
            Message::new(msg!("lichess-error-taken")).arg("nick", nick.as_str())
        }
        ServerProblem::NoPairingRight => msg!("lichess-error-no-pairing-right").into(),
        ServerProblem::NotInRegulation => msg!("lichess-error-not-in-regulation").into(),
        ServerProblem::NotOrganizer => msg!("lichess-error-not-organizer").into(),
        ServerProblem::NotLinked => msg!("lichess-error-not-linked").into(),
    }
}

/// Where a game created on the server stands, in words.
pub fn status_message(s: Status) -> Message {
    Message::from(match s {
        Status::Queued | Status::Pushing => msg!("lichess-status-queued"),
        Status::Scheduled => msg!("lichess-status-scheduled"),
        Status::Playing => msg!("lichess-status-playing"),
        Status::Recorded => msg!("lichess-status-recorded"),
        Status::Kept => msg!("lichess-status-kept"),
        Status::Aborted => msg!("lichess-status-aborted"),
        Status::NoStart => msg!("lichess-status-no-start"),
        Status::Ended => msg!("lichess-status-ended"),
        Status::Refused => msg!("lichess-status-refused"),
        Status::Cancelling | Status::Withdrawn => msg!("lichess-status-withdrawn"),
    })
}

/// Why a game waits for someone, and what to do, in words.
pub fn waiting_message(code: &str, person: Option<&str>, detail: Option<&str>) -> Message {
    let key = match code {
        "not_linked" => msg!("lichess-wait-not-linked"),
        "token" => msg!("lichess-wait-token"),
        "organizer_token" => msg!("lichess-wait-organizer-token"),
        "not_connected" => msg!("lichess-wait-not-connected"),
        "aborted" => msg!("lichess-wait-aborted"),
        "no_start_white" => msg!("lichess-wait-no-start-white"),
        "no_start_black" => msg!("lichess-wait-no-start-black"),
        "no_start" => msg!("lichess-wait-no-start"),
        "not_recorded" => msg!("lichess-wait-not-recorded"),
        "ended_by_server" => msg!("lichess-wait-ended"),
        _ => msg!("lichess-wait-refused"),
    };
    Message::new(key)
        .arg("person", person.unwrap_or_default())
        .arg("detail", detail.unwrap_or_default())
}
