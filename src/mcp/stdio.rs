//! MCP over standard input and output: one JSON-RPC message a line each
//! way, nothing else on standard output (messages for people go to
//! standard error). A line longer than [`MAX_LINE`] is skipped to its end
//! and answered with a parse error, so a hostile client costs bounded
//! memory; end of input ends the server.

use std::io::{BufRead, Write};

use super::{Session, SiteSource};

/// The longest message read, in bytes.
pub const MAX_LINE: usize = 4 * 1024 * 1024;

/// `sheaf mcp SOURCE`: opens the site and answers standard input on
/// standard output until the input ends (or the client goes).
pub fn run_stdio(source: &str) -> Result<(), String> {
    let site = SiteSource::open(source, &|line| eprintln!("{line}")).map_err(|e| e.to_string())?;
    let mut session = Session::new(site, false);
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    match serve_stdio(&mut session, &mut stdin.lock(), &mut stdout.lock()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.to_string()),
        _ => Ok(()),
    }
}

/// Answers the messages of `input` on `output` until `input` ends.
pub fn serve_stdio(
    session: &mut Session,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> std::io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let (read, whole) = read_line(input, &mut line)?;
        if read == 0 {
            return Ok(());
        }
        let answer = match whole {
            false => Some(too_long()),
            true => {
                let text = line.trim_ascii();
                if text.is_empty() {
                    continue;
                }
                session.answer(text)
            }
        };
        if let Some(answer) = answer {
            let mut bytes = serde_json::to_vec(&answer).unwrap_or_default();
            bytes.push(b'\n');
            output.write_all(&bytes)?;
            output.flush()?;
        }
    }
}

/// Reads one line into `line`, keeping at most [`MAX_LINE`] bytes: the
/// bytes read in all, and whether the line fitted.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<(usize, bool)> {
    let mut read = 0;
    let mut whole = true;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok((read, whole));
        }
        let (taken, done) = match memchr::memchr(b'\n', buffer) {
            Some(end) => (end + 1, true),
            None => (buffer.len(), false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        if whole && taken <= room {
            line.extend_from_slice(&buffer[..taken]);
        } else {
            whole = false;
            line.clear();
        }
        input.consume(taken);
        read += taken;
        if done {
            return Ok((read, whole));
        }
    }
}

fn too_long() -> serde_json::Value {
    let message = format!("parse error: the message is longer than {MAX_LINE} bytes");
    super::jsonrpc::Failure::new(
        &serde_json::Value::Null,
        super::jsonrpc::PARSE_ERROR,
        message,
    )
    .to_value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_limit_is_skipped_whole() {
        let mut text = vec![b'x'; MAX_LINE + 10];
        text.extend_from_slice(b"\n{}\n");
        let mut input = std::io::BufReader::with_capacity(1000, &text[..]);
        let mut line = Vec::new();
        let (read, whole) = read_line(&mut input, &mut line).unwrap();
        assert_eq!((read, whole), (MAX_LINE + 11, false));
        line.clear();
        assert_eq!(read_line(&mut input, &mut line).unwrap(), (3, true));
        assert_eq!(line, b"{}\n");
    }
}
