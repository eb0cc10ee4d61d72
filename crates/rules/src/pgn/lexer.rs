//! The tokens of PGN text: tag pairs, comments, variations, NAGs and
//! symbols (move numbers, moves, termination markers), each with its byte
//! range and 1-based line.
//!
//! The lexer never fails: malformed input (an unclosed comment, a tag whose
//! string is not terminated) still yields a token, marked with a short
//! description of what was wrong.

/// What a token is.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok<'a> {
    /// `[Name "value"]`, the value unescaped. `problem` says what was wrong
    /// when the pair was malformed (the name and value are then best guesses).
    Tag {
        name: &'a str,
        value: String,
        problem: Option<&'static str>,
    },
    /// `{…}` (body without the braces), or a bare `[%…]` command found
    /// outside braces (body with the brackets). `unclosed` when no `}` ends it.
    Comment { body: &'a str, unclosed: bool },
    /// `;` to the end of the line.
    LineComment,
    /// A `%` escape line (the `%` in the first column).
    Escape,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `$n`.
    Nag,
    /// A run of other characters: a move number, a move, a marker, a glyph.
    Symbol(&'a str),
    /// A character that has no place in PGN here (a stray `}` or `"`).
    Stray,
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Token<'a> {
    pub tok: Tok<'a>,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past its last character.
    pub end: usize,
    /// 1-based line of its first character.
    pub line: usize,
}

/// The tokens of a text, in order.
pub(super) struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
        }
    }

    /// Moves to `to`, counting the line feeds passed over.
    fn advance_to(&mut self, to: usize) {
        self.line += self.bytes[self.pos..to]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.pos = to;
    }

    /// Offset of the end of the line that `from` is on (the `\n` or the
    /// end of the text).
    fn line_end(&self, from: usize) -> usize {
        self.bytes[from..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.bytes.len(), |i| from + i)
    }

    fn skip_blanks(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            match b {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\x0b' | b'\x0c' => {}
                _ if is_nbsp(&self.bytes[self.pos..]) => self.pos += 1,
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// A `{` comment starting at `self.pos`. It ends at the first `}`; when
    /// there is none, or a line that reads as a tag pair comes first (the
    /// next game's header after a comment someone forgot to close), the
    /// comment is unclosed and ends before that line.
    fn brace_comment(&mut self) -> Tok<'a> {
        let open = self.pos;
        let mut i = open + 1;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'}' => {
                    let body = &self.text[open + 1..i];
                    self.advance_to(i + 1);
                    return Tok::Comment {
                        body,
                        unclosed: false,
                    };
                }
                b'\n' if looks_like_tag_line(&self.bytes[i + 1..]) => {
                    let body = &self.text[open + 1..i];
                    self.advance_to(i);
                    return Tok::Comment {
                        body,
                        unclosed: true,
                    };
                }
                _ => i += 1,
            }
        }
        let body = &self.text[open + 1..];
        self.advance_to(self.bytes.len());
        Tok::Comment {
            body,
            unclosed: true,
        }
    }

    /// A `[` at `self.pos`: a tag pair, or a `[%…]` command written outside
    /// braces.
    fn bracket(&mut self) -> Tok<'a> {
        let open = self.pos;
        let eol = self.line_end(open);
        let mut i = open + 1;
        while i < eol && matches!(self.bytes[i], b' ' | b'\t') {
            i += 1;
        }
        if self.bytes.get(i) == Some(&b'%') {
            // A command outside a comment: read it as a comment.
            let close = self.bytes[i..eol]
                .iter()
                .position(|&b| b == b']')
                .map_or(eol, |k| i + k + 1);
            let body = &self.text[open..close];
            self.advance_to(close);
            return Tok::Comment {
                body,
                unclosed: false,
            };
        }
        let name_start = i;
        while i < eol && !matches!(self.bytes[i], b' ' | b'\t' | b'"' | b']') {
            i += 1;
        }
        let name = &self.text[name_start..i];
        while i < eol && matches!(self.bytes[i], b' ' | b'\t') {
            i += 1;
        }
        let mut problem = None;
        let value;
        if self.bytes.get(i) == Some(&b'"') {
            let (v, after, p) = tag_string(&self.text[i + 1..eol]);
            value = v;
            problem = p;
            i += 1 + after;
        } else {
            // An unquoted value: up to the closing bracket.
            let close = self.bytes[i..eol]
                .iter()
                .position(|&b| b == b']')
                .map_or(eol, |k| i + k);
            value = self.text[i..close].trim().to_string();
            i = close;
        }
        while i < eol && matches!(self.bytes[i], b' ' | b'\t') {
            i += 1;
        }
        if self.bytes.get(i) == Some(&b']') {
            i += 1;
        } else if problem.is_none() {
            problem = Some("unclosed tag");
        }
        if name.is_empty() && problem.is_none() {
            problem = Some("tag without a name");
        }
        self.advance_to(i);
        Tok::Tag {
            name,
            value,
            problem,
        }
    }

    fn symbol(&mut self) -> Tok<'a> {
        let start = self.pos;
        let mut i = start;
        while i < self.bytes.len() && !is_delimiter(self.bytes[i]) && !is_nbsp(&self.bytes[i..]) {
            i += 1;
        }
        self.pos = i;
        Tok::Symbol(&self.text[start..i])
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_blanks();
        let start = self.pos;
        let line = self.line;
        let &b = self.bytes.get(start)?;
        let at_line_start = start == 0 || self.bytes[start - 1] == b'\n';
        let tok = match b {
            b'%' if at_line_start => {
                self.pos = self.line_end(start);
                Tok::Escape
            }
            b';' => {
                self.pos = self.line_end(start);
                Tok::LineComment
            }
            b'{' => self.brace_comment(),
            b'[' => self.bracket(),
            b'(' => {
                self.pos += 1;
                Tok::Open
            }
            b')' => {
                self.pos += 1;
                Tok::Close
            }
            b'$' => {
                let mut i = start + 1;
                while i < self.bytes.len() && self.bytes[i].is_ascii_digit() {
                    i += 1;
                }
                self.pos = i;
                Tok::Nag
            }
            b'}' | b'"' | b']' => {
                self.pos += 1;
                Tok::Stray
            }
            _ => self.symbol(),
        };
        Some(Token {
            tok,
            start,
            end: self.pos,
            line,
        })
    }
}

/// Bytes that end a symbol.
fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\n'
            | b'\x0b'
            | b'\x0c'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'['
            | b']'
            | b';'
            | b'"'
            | b'$'
    )
}

/// A no-break space (U+00A0, which editors and Windows-1251 files put
/// between moves) starts `bytes`.
fn is_nbsp(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0xC2, 0xA0])
}

/// Whether a line begins with a tag pair: `[`, a name, blanks, `"`.
fn looks_like_tag_line(rest: &[u8]) -> bool {
    let Some((&b'[', rest)) = rest.split_first() else {
        return false;
    };
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    if name == 0 || !rest[0].is_ascii_alphabetic() {
        return false;
    }
    let rest = &rest[name..];
    let blanks = rest
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    blanks > 0 && rest.get(blanks) == Some(&b'"')
}

/// The string of a tag pair, `s` being the rest of the line after the
/// opening quote: the unescaped value, the byte length read (through the
/// closing quote) and a problem.
///
/// `\"` and `\\` are escapes; any other backslash is kept as written. A
/// quote that is not followed by the closing bracket while a later quote on
/// the line is, is taken as part of the value (servers that do not escape
/// quotes in names).
fn tag_string(s: &str) -> (String, usize, Option<&'static str>) {
    let bytes = s.as_bytes();
    // The last quote on the line that a `]` follows (blanks allowed): the
    // closing quote of a pair whose inner quotes were not escaped.
    let last_closing = bytes.iter().enumerate().rev().find_map(|(k, &b)| {
        (b == b'"'
            && bytes[k + 1..]
                .iter()
                .find(|c| !matches!(c, b' ' | b'\t'))
                .is_some_and(|&c| c == b']'))
        .then_some(k)
    });
    let mut value = String::new();
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => {
                value.push_str(&s[run..i]);
                run = i + 1;
                i += 2;
            }
            b'"' => {
                let closes = bytes[i + 1..]
                    .iter()
                    .find(|c| !matches!(c, b' ' | b'\t'))
                    .is_none_or(|&c| c == b']');
                if closes || last_closing.is_none_or(|k| k <= i) {
                    value.push_str(&s[run..i]);
                    return (value, i + 1, None);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    // No closing quote on the line: the value runs to its end, less a
    // closing bracket.
    value.push_str(&s[run..]);
    let value = value.trim_end();
    let value = value.strip_suffix(']').unwrap_or(value).trim_end();
    (
        value.to_string(),
        bytes.len(),
        Some("unterminated string in a tag"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<Tok<'_>> {
        Lexer::new(text).map(|t| t.tok).collect()
    }

    #[test]
    fn tags_several_per_line_with_escapes() {
        let got = toks("[White \"A \\\"B\\\" C\\\\\"] [ Black   \"D\" ]");
        assert_eq!(
            got,
            vec![
                Tok::Tag {
                    name: "White",
                    value: "A \"B\" C\\".into(),
                    problem: None
                },
                Tok::Tag {
                    name: "Black",
                    value: "D".into(),
                    problem: None
                },
            ]
        );
    }

    #[test]
    fn unescaped_inner_quotes_and_unterminated_strings() {
        let got = toks("[White \"John \"Jo\" Smith\"]\n[Black \"Open\n");
        assert_eq!(
            got,
            vec![
                Tok::Tag {
                    name: "White",
                    value: "John \"Jo\" Smith".into(),
                    problem: None
                },
                Tok::Tag {
                    name: "Black",
                    value: "Open".into(),
                    problem: Some("unterminated string in a tag")
                },
            ]
        );
    }

    #[test]
    fn comments_lines_and_symbols() {
        let text = "1.e4 {a\nb} e5 ; rest [x]\n% escape\n(2. d4) $1 1-0";
        let got: Vec<_> = Lexer::new(text).map(|t| (t.tok, t.line)).collect();
        assert_eq!(
            got,
            vec![
                (Tok::Symbol("1.e4"), 1),
                (
                    Tok::Comment {
                        body: "a\nb",
                        unclosed: false
                    },
                    1
                ),
                (Tok::Symbol("e5"), 2),
                (Tok::LineComment, 2),
                (Tok::Escape, 3),
                (Tok::Open, 4),
                (Tok::Symbol("2."), 4),
                (Tok::Symbol("d4"), 4),
                (Tok::Close, 4),
                (Tok::Nag, 4),
                (Tok::Symbol("1-0"), 4),
            ]
        );
    }

    #[test]
    fn an_unclosed_comment_stops_before_the_next_header() {
        let got = toks("1. e4 { oops\n1-0\n\n[Event \"Next\"]\n1. d4 *");
        assert_eq!(
            got[2],
            Tok::Comment {
                body: " oops\n1-0\n",
                unclosed: true
            }
        );
        assert!(matches!(got[3], Tok::Tag { name: "Event", .. }));
    }

    #[test]
    fn no_break_spaces_separate_symbols() {
        assert_eq!(
            toks("1.\u{a0}e4\u{a0}\u{a0}e5"),
            vec![Tok::Symbol("1."), Tok::Symbol("e4"), Tok::Symbol("e5")]
        );
    }

    #[test]
    fn a_bare_command_reads_as_a_comment() {
        let got = toks("e4 [%clk 0:01:00] e5");
        assert_eq!(
            got[1],
            Tok::Comment {
                body: "[%clk 0:01:00]",
                unclosed: false
            }
        );
    }
}
