//! The compression f-puzzles and SudokuPad put in their links: the LZ-String scheme
//! (an LZW variant over UTF-16 code units, bits packed into base64 characters, as the
//! `lz-string` JavaScript library's `compressToBase64` and `decompressFromBase64`),
//! written from its description.
//!
//! Codes are written least significant bit first, each base64 character holding six
//! bits, first bit in its highest place. The stream opens with a 2-bit code; a code is
//! `0` (a new 8-bit character follows), `1` (a new 16-bit one), `2` (the end), or an
//! entry of the dictionary, which grows by one entry per code (the last string plus the
//! first character of the next). Codes widen by a bit when the dictionary fills them.

use std::collections::HashMap;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The most UTF-16 units [`decompress_from_base64`] gives: far above any puzzle's JSON,
/// and a bound on what a hostile link (whose output may grow with the square of its
/// length) can make it build.
pub const MAX_OUTPUT: usize = 4 << 20;

/// Why a link's data could not be decompressed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LzError {
    /// A character that is not base64.
    #[error("character {0} is not base64")]
    NotBase64(usize),
    /// A code that names no entry, or data that ends before its end code.
    #[error("the data is cut short or damaged")]
    Damaged,
    /// More than [`MAX_OUTPUT`] units.
    #[error("the data unpacks to more than {MAX_OUTPUT} characters")]
    TooLong,
    /// Units that are not UTF-16 text.
    #[error("the data is not text")]
    NotText,
}

/// `text` compressed, as LZ-String's `compressToBase64` (padded with `=`).
pub fn compress_to_base64(text: &str) -> String {
    let mut out = Bits::default();
    let mut dict: HashMap<Vec<u16>, u32> = HashMap::new();
    let mut fresh: std::collections::HashSet<u16> = std::collections::HashSet::new();
    let mut width = 2u32;
    let mut room = 2u32;
    let mut size = 3u32;
    let mut w: Vec<u16> = Vec::new();
    for c in text.encode_utf16() {
        if let std::collections::hash_map::Entry::Vacant(e) = dict.entry(vec![c]) {
            e.insert(size);
            size += 1;
            fresh.insert(c);
        }
        let mut wc = w.clone();
        wc.push(c);
        if dict.contains_key(&wc) {
            w = wc;
            continue;
        }
        emit(&mut out, &w, &dict, &mut fresh, &mut width, &mut room);
        dict.insert(wc, size);
        size += 1;
        w = vec![c];
    }
    if !w.is_empty() {
        emit(&mut out, &w, &dict, &mut fresh, &mut width, &mut room);
    }
    out.push(2, width);
    out.finish()
}

/// Writes the code of `w` (a new character's code first, if it is one), widening codes
/// as the dictionary grows.
fn emit(
    out: &mut Bits,
    w: &[u16],
    dict: &HashMap<Vec<u16>, u32>,
    fresh: &mut std::collections::HashSet<u16>,
    width: &mut u32,
    room: &mut u32,
) {
    let spend = |width: &mut u32, room: &mut u32| {
        *room -= 1;
        if *room == 0 {
            *room = 1 << *width;
            *width += 1;
        }
    };
    if w.len() == 1 && fresh.remove(&w[0]) {
        let c = u32::from(w[0]);
        if c < 256 {
            out.push(0, *width);
            out.push(c, 8);
        } else {
            out.push(1, *width);
            out.push(c, 16);
        }
        spend(width, room);
    } else {
        out.push(dict[w], *width);
    }
    spend(width, room);
}

/// Bits packed six to a base64 character.
#[derive(Default)]
struct Bits {
    chars: String,
    value: u32,
    used: u32,
}

impl Bits {
    fn push(&mut self, mut code: u32, width: u32) {
        for _ in 0..width {
            self.value = (self.value << 1) | (code & 1);
            code >>= 1;
            self.used += 1;
            if self.used == 6 {
                self.chars.push(BASE64[self.value as usize] as char);
                self.value = 0;
                self.used = 0;
            }
        }
    }

    fn finish(mut self) -> String {
        if self.used > 0 {
            let value = self.value << (6 - self.used);
            self.chars.push(BASE64[value as usize] as char);
        }
        while !self.chars.len().is_multiple_of(4) {
            self.chars.push('=');
        }
        self.chars
    }
}

/// The text in `data`, as LZ-String's `decompressFromBase64`. Whitespace is skipped and
/// `-`/`_` read as `+`/`/` (the URL-safe alphabet), so a link copied whole or wrapped
/// reads alike.
pub fn decompress_from_base64(data: &str) -> Result<String, LzError> {
    let mut values = Vec::with_capacity(data.len());
    for (i, ch) in data.chars().enumerate() {
        let v = match ch {
            'A'..='Z' => ch as u8 - b'A',
            'a'..='z' => ch as u8 - b'a' + 26,
            '0'..='9' => ch as u8 - b'0' + 52,
            '+' | '-' => 62,
            '/' | '_' => 63,
            '=' => break,
            c if c.is_whitespace() => continue,
            _ => return Err(LzError::NotBase64(i + 1)),
        };
        values.push(v);
    }
    let units = decompress(&values)?;
    String::from_utf16(&units).map_err(|_| LzError::NotText)
}

/// Reads codes from six-bit values.
struct Reader<'a> {
    values: &'a [u8],
    next: usize,
    bit: u8,
}

impl Reader<'_> {
    fn read(&mut self, width: u32) -> Result<u32, LzError> {
        let mut code = 0u32;
        for i in 0..width {
            let value = *self.values.get(self.next).ok_or(LzError::Damaged)?;
            if value & self.bit != 0 {
                code |= 1 << i;
            }
            self.bit >>= 1;
            if self.bit == 0 {
                self.bit = 32;
                self.next += 1;
            }
        }
        Ok(code)
    }
}

fn decompress(values: &[u8]) -> Result<Vec<u16>, LzError> {
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let mut input = Reader {
        values,
        next: 0,
        bit: 32,
    };
    // Entries 0, 1 and 2 are the three control codes; strings start at 3.
    let mut dict: Vec<Vec<u16>> = vec![Vec::new(); 3];
    let mut width = 3u32;
    let mut room = 4u32;
    let first = match input.read(2)? {
        0 => input.read(8)? as u16,
        1 => input.read(16)? as u16,
        2 => return Ok(Vec::new()),
        _ => return Err(LzError::Damaged),
    };
    dict.push(vec![first]);
    let mut w = vec![first];
    let mut out = w.clone();
    loop {
        let mut code = input.read(width)? as usize;
        match code {
            0 | 1 => {
                let unit = input.read(if code == 0 { 8 } else { 16 })? as u16;
                dict.push(vec![unit]);
                code = dict.len() - 1;
                room -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        widen(&mut width, &mut room)?;
        let entry = if let Some(entry) = dict.get(code).filter(|_| code >= 3) {
            entry.clone()
        } else if code == dict.len() {
            let mut entry = w.clone();
            entry.push(w[0]);
            entry
        } else {
            return Err(LzError::Damaged);
        };
        if out.len() + entry.len() > MAX_OUTPUT {
            return Err(LzError::TooLong);
        }
        out.extend_from_slice(&entry);
        let mut next = w;
        next.push(entry[0]);
        dict.push(next);
        room -= 1;
        w = entry;
        widen(&mut width, &mut room)?;
    }
}

/// Codes widen by a bit once the dictionary fills the present width. No text within
/// [`MAX_OUTPUT`] needs codes of 30 bits.
fn widen(width: &mut u32, room: &mut u32) -> Result<(), LzError> {
    if *room == 0 {
        if *width >= 30 {
            return Err(LzError::TooLong);
        }
        *room = 1 << *width;
        *width += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outputs of the `lz-string` JavaScript library (1.5.0), `compressToBase64`.
    const KNOWN: [(&str, &str); 4] = [
        (
            r#"{"size":9,"grid":[[{"value":5,"given":true},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"10"}]}"#,
            "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BWVNCImAOwQBcMqBfZYLgXX6oA1hDJkYGAMYk01QiCkxxYfCABKARgDCmkKi3aATCCEhSlaiE0AGEAK5A",
        ),
        ("", "Q==="),
        ("a", "IZA="),
        ("ééé€€abcabcabc", "Jcw1BKEMCMGNr2Q="),
    ];

    #[test]
    fn compresses_and_decompresses_as_the_javascript_library() {
        for (text, packed) in KNOWN {
            assert_eq!(compress_to_base64(text), packed, "{text}");
            assert_eq!(decompress_from_base64(packed).unwrap(), text, "{packed}");
        }
    }

    #[test]
    fn round_trips_long_and_repetitive_text() {
        let text: String = (0..3000)
            .map(|i| char::from_u32(32 + (i * i % 7000) as u32).unwrap_or('x'))
            .chain("abababababababab".chars().cycle().take(5000))
            .collect();
        let packed = compress_to_base64(&text);
        assert_eq!(decompress_from_base64(&packed).unwrap(), text);
    }

    #[test]
    fn damaged_data_is_an_error_not_a_panic() {
        let packed = KNOWN[0].1;
        assert_eq!(decompress_from_base64("N4Ig!"), Err(LzError::NotBase64(5)));
        for cut in [1, 5, 20, packed.len() - 3] {
            assert!(decompress_from_base64(&packed[..cut]).is_err(), "{cut}");
        }
        for junk in [
            "////////////",
            "AAAAAAAAAAAA",
            "zzzzzzzzzzzzzzzzzzzzzzzzzzzz",
        ] {
            assert!(decompress_from_base64(junk).is_err(), "{junk}");
        }
    }
}
