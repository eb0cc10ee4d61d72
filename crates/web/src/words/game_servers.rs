//! Game servers' refusals and the state of each game created there, in
//! the reader's words, with what to do about them.

use crate::app::game_servers::ServerProblem;
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
