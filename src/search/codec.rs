//! Compact text encodings for posting lists, safe inside JSON strings.
//!
//! Numbers are written as base64 varints: each character carries 5 bits of
//! the value, lowest first, and its 6th bit (32) says another character
//! follows. Values below 32 take one character, below 1,024 two.
//!
//! A *doc set* (sorted, distinct doc ids) is written either as a varint list
//! of gaps (the first id, then differences) or, when smaller, as `!` followed
//! by a bitmap of 6 docs per character. Common terms thus cost one character
//! per 6 docs, rare terms one or two characters per doc.
//!
//! `search.js` holds the matching decoders (`readVarints`, `readDocSet`).

use std::fmt;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const CONTINUE: u8 = 32;
const BITMAP_MARK: char = '!';

/// A string that is not valid in these encodings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad search index encoding: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

pub(crate) fn push_varint(out: &mut String, mut value: u32) {
    loop {
        let low = (value & 31) as u8;
        value >>= 5;
        if value == 0 {
            out.push(ALPHABET[low as usize] as char);
            return;
        }
        out.push(ALPHABET[(low | CONTINUE) as usize] as char);
    }
}

fn sextet(byte: u8) -> Result<u8, DecodeError> {
    match byte {
        b'A'..=b'Z' => Ok(byte - b'A'),
        b'a'..=b'z' => Ok(byte - b'a' + 26),
        b'0'..=b'9' => Ok(byte - b'0' + 52),
        b'-' => Ok(62),
        b'_' => Ok(63),
        _ => Err(DecodeError(format!(
            "unexpected character {:?}",
            byte as char
        ))),
    }
}

pub(crate) fn read_varints(text: &str) -> Result<Vec<u32>, DecodeError> {
    let mut values = Vec::new();
    let (mut value, mut shift) = (0u32, 0u32);
    for byte in text.bytes() {
        let bits = sextet(byte)?;
        if shift > 30 {
            return Err(DecodeError("varint too long".into()));
        }
        value |= u32::from(bits & 31) << shift;
        if bits & CONTINUE == 0 {
            values.push(value);
            (value, shift) = (0, 0);
        } else {
            shift += 5;
        }
    }
    if shift != 0 {
        return Err(DecodeError("truncated varint".into()));
    }
    Ok(values)
}

/// Encodes sorted distinct doc ids below `doc_count`, choosing the smaller form.
pub(crate) fn encode_doc_set(docs: &[u32], doc_count: u32) -> String {
    let mut list = String::new();
    let mut previous = 0;
    for &doc in docs {
        push_varint(&mut list, doc - previous);
        previous = doc;
    }
    let bitmap_len = (doc_count as usize).div_ceil(6) + 1;
    if list.len() <= bitmap_len {
        return list;
    }
    let mut sextets = vec![0u8; bitmap_len - 1];
    for &doc in docs {
        sextets[doc as usize / 6] |= 1 << (doc % 6);
    }
    let mut bitmap = String::with_capacity(bitmap_len);
    bitmap.push(BITMAP_MARK);
    bitmap.extend(sextets.iter().map(|&s| ALPHABET[s as usize] as char));
    bitmap
}

pub(crate) fn decode_doc_set(text: &str) -> Result<Vec<u32>, DecodeError> {
    if let Some(bitmap) = text.strip_prefix(BITMAP_MARK) {
        let mut docs = Vec::new();
        for (index, byte) in bitmap.bytes().enumerate() {
            let bits = sextet(byte)?;
            let base = index as u32 * 6;
            docs.extend(
                (0..6)
                    .filter(|bit| bits & (1 << bit) != 0)
                    .map(|bit| base + bit),
            );
        }
        return Ok(docs);
    }
    let mut previous = 0;
    let gaps = read_varints(text)?;
    Ok(gaps
        .into_iter()
        .map(|gap| {
            previous += gap;
            previous
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_small_values_take_one_character() {
        let values = [0, 1, 31, 32, 1023, 1024, 70_000, u32::MAX];
        let mut text = String::new();
        for v in values {
            push_varint(&mut text, v);
        }
        assert_eq!(read_varints(&text).unwrap(), values);
        let mut one = String::new();
        push_varint(&mut one, 31);
        assert_eq!(one.len(), 1);
    }

    #[test]
    fn sparse_sets_are_gap_lists_and_dense_sets_bitmaps() {
        let sparse = encode_doc_set(&[3, 900], 1000);
        assert!(!sparse.starts_with(BITMAP_MARK));
        assert_eq!(decode_doc_set(&sparse).unwrap(), [3, 900]);

        let dense: Vec<u32> = (0..1000).filter(|d| d % 3 != 0).collect();
        let encoded = encode_doc_set(&dense, 1000);
        assert!(encoded.starts_with(BITMAP_MARK));
        assert_eq!(encoded.len(), 1 + 1000usize.div_ceil(6));
        assert_eq!(decode_doc_set(&encoded).unwrap(), dense);
    }

    #[test]
    fn rejects_foreign_characters_and_truncation() {
        assert!(read_varints("A*").is_err());
        assert!(
            read_varints("g").is_err(),
            "continuation without a next character"
        );
    }
}
