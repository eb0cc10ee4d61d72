//! A static board diagram (SVG) of a position, no JavaScript.
//!
//! The diagram carries classes only, no colours: the stylesheet colours
//! `sq-light` / `sq-dark` squares, `pc-w` / `pc-b` pieces and `coord`
//! labels (colours live in its `:root`).

use crate::words::escape;
use std::fmt::Write as _;

/// Side of a square in viewBox units.
const SQUARE: usize = 40;
/// Room for the rank labels on the left and the file labels below.
const MARGIN: usize = 16;
/// Width and height of the whole drawing.
const SIZE: usize = MARGIN + 8 * SQUARE;

/// The diagram of a position given as FEN (only the piece placement, the
/// first field, is read; a bad one gives None). `flipped` puts Black at
/// the bottom. A complete `<svg>` element: 64 squares, files a–h and ranks
/// 1–8 labelled, pieces as Unicode glyphs in `<text>`, a `<title>` with
/// `label` (escaped), `role="img"`, scaling by its viewBox.
pub fn svg(fen: &str, flipped: bool, label: &str) -> Option<String> {
    let placement = placement(fen.split_whitespace().next()?)?;
    let mut out = String::with_capacity(8 * 1024);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" viewBox=\"0 0 {SIZE} {SIZE}\" \
         width=\"100%\" role=\"img\"><title>{}</title>",
        escape(label)
    );
    // Screen row 0 is the top; with White at the bottom it shows rank 8.
    for row in 0..8 {
        for col in 0..8 {
            let (file, rank) = if flipped {
                (7 - col, row)
            } else {
                (col, 7 - row)
            };
            let x = MARGIN + col * SQUARE;
            let y = row * SQUARE;
            // a1 (file 0, rank 0) is dark.
            let class = if (file + rank) % 2 == 0 {
                "sq-dark"
            } else {
                "sq-light"
            };
            let _ = write!(
                out,
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\"/>"
            );
            if let Some(piece) = placement[rank][file] {
                let (glyph, class) = glyph(piece);
                let _ = write!(
                    out,
                    "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"34\" \
                     text-anchor=\"middle\" dominant-baseline=\"central\">{glyph}</text>",
                    x + SQUARE / 2,
                    y + SQUARE / 2
                );
            }
        }
    }
    for i in 0..8 {
        let file = if flipped { 7 - i } else { i };
        let rank = if flipped { i } else { 7 - i };
        let _ = write!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            MARGIN + i * SQUARE + SQUARE / 2,
            SIZE - 4,
            char::from(b'a' + file as u8)
        );
        let _ = write!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" \
             dominant-baseline=\"central\">{}</text>",
            MARGIN / 2,
            i * SQUARE + SQUARE / 2,
            rank + 1
        );
    }
    out.push_str("</svg>");
    Some(out)
}

/// The pieces of a FEN placement field, indexed `[rank][file]` from a1.
fn placement(field: &str) -> Option<[[Option<char>; 8]; 8]> {
    let mut board = [[None; 8]; 8];
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 8 {
        return None;
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                if !(1..=8).contains(&n) {
                    return None;
                }
                file += n as usize;
            } else if "pnbrqkPNBRQK".contains(c) {
                if file >= 8 {
                    return None;
                }
                board[rank][file] = Some(c);
                file += 1;
            } else {
                return None;
            }
            if file > 8 {
                return None;
            }
        }
        if file != 8 {
            return None;
        }
    }
    Some(board)
}

/// The glyph of a FEN piece letter and its class. The text presentation
/// selector keeps platforms from drawing the pawn as an emoji.
fn glyph(piece: char) -> (&'static str, &'static str) {
    match piece {
        'K' => ("♔\u{FE0E}", "pc-w"),
        'Q' => ("♕\u{FE0E}", "pc-w"),
        'R' => ("♖\u{FE0E}", "pc-w"),
        'B' => ("♗\u{FE0E}", "pc-w"),
        'N' => ("♘\u{FE0E}", "pc-w"),
        'P' => ("♙\u{FE0E}", "pc-w"),
        'k' => ("♚\u{FE0E}", "pc-b"),
        'q' => ("♛\u{FE0E}", "pc-b"),
        'r' => ("♜\u{FE0E}", "pc-b"),
        'b' => ("♝\u{FE0E}", "pc-b"),
        'n' => ("♞\u{FE0E}", "pc-b"),
        _ => ("♟\u{FE0E}", "pc-b"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const GLYPHS: &str = "♔♕♖♗♘♙♚♛♜♝♞♟";

    /// The (x, y, glyph) of every piece.
    fn pieces(svg: &str) -> Vec<(usize, usize, char)> {
        svg.split("<text class=\"pc-")
            .skip(1)
            .map(|t| {
                let attr = |name: &str| -> usize {
                    let at = t.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
                    t[at..]
                        .split('"')
                        .next()
                        .expect("value")
                        .parse()
                        .expect("number")
                };
                let glyph = t
                    .split('>')
                    .nth(1)
                    .and_then(|s| s.chars().next())
                    .expect("glyph");
                (attr("x"), attr("y"), glyph)
            })
            .collect()
    }

    #[test]
    fn the_start_position_has_32_pieces_on_64_squares() {
        let svg = svg(START, false, "Start").expect("svg");
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
        assert!(svg.contains("role=\"img\"") && svg.contains("viewBox=\"0 0 336 336\""));
        assert!(svg.contains("<title>Start</title>"));
        assert_eq!(svg.matches("<rect ").count(), 64);
        assert_eq!(svg.matches("class=\"sq-light\"").count(), 32);
        assert_eq!(svg.matches("class=\"sq-dark\"").count(), 32);
        assert_eq!(svg.chars().filter(|c| GLYPHS.contains(*c)).count(), 32);
        assert_eq!(svg.matches("class=\"pc-w\"").count(), 16);
        assert_eq!(svg.matches("class=\"pc-b\"").count(), 16);
        for label in ["a", "h", "1", "8"] {
            assert!(svg.contains(&format!(">{label}</text>")));
        }
        // No colour is written into the diagram.
        assert!(!svg.contains("fill") && !svg.contains("style") && !svg.contains('#'));
    }

    #[test]
    fn white_at_the_bottom_and_flipped() {
        // A black rook on a8 alone.
        let top_left = (MARGIN + SQUARE / 2, SQUARE / 2);
        let bottom_right = (MARGIN + 7 * SQUARE + SQUARE / 2, 7 * SQUARE + SQUARE / 2);
        let normal = pieces(&svg("r7/8/8/8/8/8/8/8", false, "").expect("svg"));
        assert_eq!(normal, vec![(top_left.0, top_left.1, '♜')]);
        let flipped = pieces(&svg("r7/8/8/8/8/8/8/8", true, "").expect("svg"));
        assert_eq!(flipped, vec![(bottom_right.0, bottom_right.1, '♜')]);
        // The top-left square is a8 (light), or h1 (light) when flipped.
        let first = |s: String| s.split("<rect ").nth(1).expect("rect").to_string();
        assert!(first(svg(START, false, "").expect("svg")).starts_with("class=\"sq-light\""));
        assert!(first(svg(START, true, "").expect("svg")).starts_with("class=\"sq-light\""));
        let files = |s: &str| -> String {
            s.split("<text class=\"coord\"")
                .skip(1)
                .step_by(2)
                .filter_map(|t| t.split('>').nth(1)?.chars().next())
                .collect()
        };
        assert_eq!(files(&svg(START, false, "").expect("svg")), "abcdefgh");
        assert_eq!(files(&svg(START, true, "").expect("svg")), "hgfedcba");
    }

    #[test]
    fn the_label_is_escaped() {
        let svg = svg(START, false, "<b>\"Tom\" & 'Jerry'</b>").expect("svg");
        assert!(
            svg.contains("<title>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</title>")
        );
        assert!(!svg.contains("<b>"));
    }

    #[test]
    fn a_bad_fen_gives_none() {
        for bad in [
            "",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w",
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR/8",
        ] {
            assert_eq!(svg(bad, false, "x"), None, "{bad}");
        }
        assert!(svg("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR", false, "x").is_some());
    }
}
