//! Tokens of game servers at rest: sealed with XChaCha20-Poly1305 under a
//! key drawn from the installation's secret (HMAC-SHA256 of a label, so
//! the cookie key itself never encrypts anything), a fresh random nonce
//! each time. A database copy without the secret holds no usable token.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

/// What this key seals; another use of the secret draws another key.
const LABEL: &[u8] = b"league: game-server tokens, v1";

/// Seals and opens tokens.
#[derive(Clone)]
pub struct Sealer {
    cipher: XChaCha20Poly1305,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(..)")
    }
}

impl Sealer {
    /// The sealer of an installation whose secret is `master`.
    pub fn from_master(master: &[u8]) -> Sealer {
        // HMAC accepts a key of any length.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(master).expect("any key length");
        mac.update(LABEL);
        let key = mac.finalize().into_bytes();
        Sealer {
            cipher: XChaCha20Poly1305::new(&key),
        }
    }

    /// `clear`, sealed: base64 of the nonce and the ciphertext.
    pub fn seal(&self, clear: &SecretString) -> String {
        let nonce_bytes: [u8; 24] = rand::random();
        let nonce = XNonce::from_slice(&nonce_bytes);
        let sealed = self
            .cipher
            .encrypt(nonce, clear.expose_secret().as_bytes())
            .expect("encryption of a short text");
        let mut out = nonce_bytes.to_vec();
        out.extend(sealed);
        B64.encode(out)
    }

    /// The clear text of a sealed value; `None` when it was sealed under
    /// another secret or altered.
    pub fn open(&self, sealed: &str) -> Option<SecretString> {
        let bytes = B64.decode(sealed).ok()?;
        if bytes.len() < 24 {
            return None;
        }
        let (nonce, body) = bytes.split_at(24);
        let clear = self.cipher.decrypt(XNonce::from_slice(nonce), body).ok()?;
        String::from_utf8(clear).ok().map(SecretString::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_token_opens_only_under_the_same_secret_and_unaltered() {
        let token = SecretString::from("lio_abcdefghijklmnop");
        let a = Sealer::from_master(&[7u8; 64]);
        let sealed = a.seal(&token);
        assert!(!sealed.contains("lio_"));
        assert_ne!(sealed, a.seal(&token), "a fresh nonce each time");
        assert_eq!(
            a.open(&sealed).map(|s| s.expose_secret().to_owned()),
            Some("lio_abcdefghijklmnop".to_owned())
        );
        assert!(Sealer::from_master(&[8u8; 64]).open(&sealed).is_none());
        let mut bytes = B64.decode(&sealed).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        assert!(a.open(&B64.encode(bytes)).is_none());
    }
}
