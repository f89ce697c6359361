//! Arbitrary-value forms real Mintlify sites write that the generator does
//! not read, each given the name of a utility it does read with the same
//! CSS (the variants stay the generator's):
//! - a colour with an opacity: `bg-[#F1F1F1]/95`, `border-[#cfdadc]/30`,
//!   `bg-[#f1f1f1f2]` become `bg-[rgb(241_241_241/0.95)]`;
//! - an arbitrary opacity modifier on a named colour: `bg-white/[0.02]`
//!   becomes `bg-white/2` (a whole percentage; others are left alone);
//! - an arbitrary number for a utility of a number scale:
//!   `opacity-[0.9]` becomes `opacity-90`, `brightness-[1.25]`
//!   `brightness-125`, `z-[5]` `z-5`.

/// Utilities whose arbitrary value is a number the scale names as a
/// percentage (`opacity-[0.9]` is `opacity-90`).
const PERCENT_SCALES: [&str; 5] = ["opacity", "brightness", "contrast", "saturate", "grayscale"];
/// Utilities whose arbitrary value is an integer the scale names as is.
const INTEGER_SCALES: [&str; 2] = ["z", "order"];

/// The name the generator reads for the utility `name` (no variants), if
/// it is one of the forms above.
pub fn equivalent(name: &str) -> Option<String> {
    let (negative, name) = match name.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", name),
    };
    let open = name.find("-[")?;
    let (utility, rest) = (&name[..open], &name[open + 2..]);
    let close = rest.find(']')?;
    let (value, modifier) = (&rest[..close], &rest[close + 1..]);
    if let Some(hex) = value.strip_prefix('#') {
        let alpha = match modifier.strip_prefix('/') {
            Some(m) => Some(opacity(m)?),
            // The generator reads `#rgb` and `#rrggbb` alone, not `#rrggbbaa`.
            None if modifier.is_empty() && matches!(hex.len(), 4 | 8) => None,
            None => return None,
        };
        return Some(format!("{negative}{utility}-[{}]", rgb(hex, alpha)?));
    }
    if !modifier.is_empty() {
        return None;
    }
    if PERCENT_SCALES.contains(&utility) {
        return Some(format!("{negative}{utility}-{}", whole_percent(value)?));
    }
    if INTEGER_SCALES.contains(&utility) && value.bytes().all(|b| b.is_ascii_digit()) {
        return Some(format!("{negative}{utility}-{value}"));
    }
    None
}

/// A named colour with an arbitrary opacity modifier (`white/[0.02]` in
/// `bg-white/[0.02]`): the name with the modifier as a whole percentage.
pub fn named_colour_modifier(name: &str) -> Option<String> {
    let (colour, modifier) = name.rsplit_once("/[")?;
    let value = modifier.strip_suffix(']')?;
    if colour.contains('[') {
        return None;
    }
    Some(format!("{colour}/{}", whole_percent(value)?))
}

/// An opacity modifier (`95`, `[0.95]`, `[95%]`) as a fraction.
fn opacity(modifier: &str) -> Option<String> {
    let percent = match modifier.strip_prefix('[') {
        Some(value) => whole_percent(value.strip_suffix(']')?)?,
        None => modifier.parse::<u16>().ok()?,
    };
    Some(match percent.min(100) {
        100 => "1".to_string(),
        p => format!("{}", f64::from(p) / 100.0),
    })
}

/// `0.9`, `.9` or `90%` as the whole percentage 90; `None` when it is not
/// a whole percentage from 0 to 1000.
fn whole_percent(value: &str) -> Option<u16> {
    let number = match value.strip_suffix('%') {
        Some(percent) => percent.parse::<f64>().ok()?,
        None => value.parse::<f64>().ok()? * 100.0,
    };
    let rounded = number.round();
    ((number - rounded).abs() < 1e-6 && (0.0..=1000.0).contains(&rounded)).then_some(rounded as u16)
}

/// `rgb(r_g_b/alpha)` for a 3, 4, 6 or 8 digit hex colour and an optional
/// alpha (a modifier overrides the colour's own).
fn rgb(hex: &str, alpha: Option<String>) -> Option<String> {
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digits: Vec<u8> = match hex.len() {
        3 | 4 => hex.bytes().flat_map(|b| [b, b]).collect(),
        6 | 8 => hex.bytes().collect(),
        _ => return None,
    };
    let channel =
        |i: usize| u8::from_str_radix(std::str::from_utf8(&digits[i..i + 2]).ok()?, 16).ok();
    let (r, g, b) = (channel(0)?, channel(2)?, channel(4)?);
    let own = (digits.len() == 8).then(|| channel(6)).flatten();
    let alpha = alpha
        .or_else(|| own.map(|a| format!("{}", (f64::from(a) / 255.0 * 1000.0).round() / 1000.0)));
    Some(match alpha {
        Some(a) => format!("rgb({r}_{g}_{b}/{a})"),
        None => format!("rgb({r}_{g}_{b})"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_with_an_opacity() {
        assert_eq!(
            equivalent("bg-[#F1F1F1]/95").unwrap(),
            "bg-[rgb(241_241_241/0.95)]"
        );
        assert_eq!(
            equivalent("border-[#cfdadc]/30").unwrap(),
            "border-[rgb(207_218_220/0.3)]"
        );
        assert_eq!(
            equivalent("text-[#fff]/[0.5]").unwrap(),
            "text-[rgb(255_255_255/0.5)]"
        );
        assert_eq!(
            equivalent("bg-[#00000080]").unwrap(),
            "bg-[rgb(0_0_0/0.502)]"
        );
        assert_eq!(equivalent("bg-[#F1F1F1]"), None, "the generator reads it");
        assert_eq!(equivalent("bg-[#F1F1F1]/x"), None);
        assert_eq!(equivalent("bg-[#F1F1F]/50"), None);
    }

    #[test]
    fn numbers_of_a_scale() {
        assert_eq!(equivalent("opacity-[0.9]").unwrap(), "opacity-90");
        assert_eq!(equivalent("opacity-[.35]").unwrap(), "opacity-35");
        assert_eq!(equivalent("brightness-[1.25]").unwrap(), "brightness-125");
        assert_eq!(equivalent("opacity-[90%]").unwrap(), "opacity-90");
        assert_eq!(equivalent("z-[5]").unwrap(), "z-5");
        assert_eq!(equivalent("-z-[5]").unwrap(), "-z-5");
        assert_eq!(equivalent("opacity-[0.905]"), None);
        assert_eq!(equivalent("opacity-[var(--x)]"), None);
        assert_eq!(equivalent("w-[0.5rem]"), None);
    }

    #[test]
    fn named_colours_with_an_arbitrary_opacity() {
        assert_eq!(
            named_colour_modifier("bg-white/[0.02]").unwrap(),
            "bg-white/2"
        );
        assert_eq!(
            named_colour_modifier("text-gray-900/[50%]").unwrap(),
            "text-gray-900/50"
        );
        assert_eq!(named_colour_modifier("bg-[#fff]/[0.5]"), None);
        assert_eq!(named_colour_modifier("bg-white/[0.025]"), None);
    }
}
