//! The door in front of `tiny_http`: every request's head is read here,
//! bounded, before `tiny_http` sees a byte of it.
//!
//! `tiny_http` reads a request line and headers into memory without any
//! limit, so ten clients each sending 100 MB of one header could take the
//! preview to gigabytes. The front accepts the TCP connections itself and,
//! on a thread per connection:
//!
//! 1. reads the head (request line and headers) up to [`HEAD_CAP`] bytes,
//!    within [`HEAD_PATIENCE`]; a bigger head gets `431` and its connection
//!    is closed, a head that does not come in time is dropped;
//! 2. refuses a body that is chunked (`411`) or larger than [`BODY_CAP`]
//!    (`413`): the preview's only body is the Try-it proxy's JSON;
//! 3. passes the head and exactly `Content-Length` body bytes to
//!    `tiny_http` over a Unix socket in a private folder, closes that side,
//!    and copies the answer back until `tiny_http` ends it.
//!
//! So one connection carries one request (every answer but the event
//! stream is HTTP/1.0 anyway, see `routes`), and anything a client sends
//! after it is never read. Memory per connection is bounded by the caps.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The largest request head (request line and headers) accepted.
pub const HEAD_CAP: usize = 64 * 1024;
/// The largest request body accepted (the proxy itself takes 1 MB).
pub const BODY_CAP: u64 = 2 * 1024 * 1024;
/// How long a client may take to send its head.
pub const HEAD_PATIENCE: Duration = Duration::from_secs(30);

/// The running front: its accept thread and the socket `tiny_http` reads.
pub struct Front {
    addr: SocketAddr,
    stopping: Arc<AtomicBool>,
    accepting: Option<JoinHandle<()>>,
    /// Holds the Unix socket's folder until the front is dropped.
    _folder: tempfile::TempDir,
}

impl Front {
    /// Accepts on `listener` and returns the Unix listener for `tiny_http`.
    pub fn start(listener: TcpListener) -> io::Result<(Front, UnixListener)> {
        let folder = tempfile::Builder::new().prefix("sheaf-serve-").tempdir()?;
        let socket = folder.path().join("http.sock");
        let inner = UnixListener::bind(&socket)?;
        let addr = listener.local_addr()?;
        let stopping = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stopping);
        let accepting = thread::spawn(move || accept_loop(&listener, &socket, &flag));
        let front = Front {
            addr,
            stopping,
            accepting: Some(accepting),
            _folder: folder,
        };
        Ok((front, inner))
    }

    /// Stops accepting and closes the listening socket.
    pub fn stop(&mut self) {
        if self.stopping.swap(true, Ordering::SeqCst) {
            return;
        }
        // Wakes the blocked `accept`, which then sees the flag.
        let _ = TcpStream::connect_timeout(&wake_address(self.addr), Duration::from_secs(1));
        if let Some(accepting) = self.accepting.take() {
            let _ = accepting.join();
        }
    }
}

impl Drop for Front {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The address a connection to `addr` reaches (an unspecified address
/// is reached on loopback).
fn wake_address(addr: SocketAddr) -> SocketAddr {
    let mut wake = addr;
    if addr.ip().is_unspecified() {
        wake.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    wake
}

fn accept_loop(listener: &TcpListener, socket: &Path, stopping: &AtomicBool) {
    for client in listener.incoming() {
        if stopping.load(Ordering::SeqCst) {
            return;
        }
        let Ok(client) = client else { continue };
        let socket = socket.to_path_buf();
        thread::spawn(move || {
            let _ = pass_on(client, &socket);
        });
    }
}

/// Carries one request from `client` to `tiny_http` and its answer back.
fn pass_on(mut client: TcpStream, socket: &Path) -> io::Result<()> {
    client.set_read_timeout(Some(HEAD_PATIENCE))?;
    let (head, rest) = match read_head(&mut client)? {
        Head::Complete { head, rest } => (head, rest),
        Head::TooLarge => {
            return refuse(
                client,
                "431 Request Header Fields Too Large",
                "the request's headers are larger than 64 KB\n",
            )
        }
        Head::Closed => return Ok(()),
    };
    let body = match body_length(&head) {
        Ok(length) => length,
        Err(BodyProblem::Chunked) => {
            return refuse(
                client,
                "411 Length Required",
                "send the request body with a Content-Length\n",
            )
        }
        Err(BodyProblem::TooLarge) => {
            return refuse(
                client,
                "413 Payload Too Large",
                "the request body is larger than 2 MB\n",
            )
        }
    };
    let mut inner = UnixStream::connect(socket)?;
    inner.write_all(&head)?;
    let given = rest.len().min(body as usize);
    inner.write_all(&rest[..given])?;
    let remaining = body - given as u64;
    let sender = {
        let mut from = client.try_clone()?;
        let mut to = inner.try_clone()?;
        thread::spawn(move || {
            let _ = io::copy(&mut (&mut from).take(remaining), &mut to);
            let _ = to.shutdown(Shutdown::Write);
        })
    };
    client.set_read_timeout(None)?;
    let _ = io::copy(&mut inner, &mut client);
    let _ = client.shutdown(Shutdown::Both);
    let _ = inner.shutdown(Shutdown::Both);
    let _ = sender.join();
    Ok(())
}

fn refuse(mut client: TcpStream, status: &str, message: &str) -> io::Result<()> {
    let answer = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{message}",
        message.len()
    );
    client.write_all(answer.as_bytes())?;
    client.shutdown(Shutdown::Write)?;
    // Let the client read the answer before the connection is reset by
    // what it still sends: read (and drop) a bounded amount of it.
    let _ = io::copy(&mut (&mut client).take(HEAD_CAP as u64), &mut io::sink());
    Ok(())
}

/// What came of reading a head.
#[derive(Debug, PartialEq)]
enum Head {
    /// The head (up to its blank line) and what was read after it.
    Complete {
        head: Vec<u8>,
        rest: Vec<u8>,
    },
    TooLarge,
    /// The client closed or went quiet before finishing its head.
    Closed,
}

fn read_head(client: &mut impl Read) -> io::Result<Head> {
    let mut buffer = Vec::with_capacity(4096);
    let mut chunk = [0u8; 8192];
    loop {
        let read = match client.read(&mut chunk) {
            Ok(0) => return Ok(Head::Closed),
            Ok(n) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Ok(Head::Closed)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let searched_from = buffer.len().saturating_sub(3);
        buffer.extend_from_slice(&chunk[..read]);
        if let Some(end) = find_blank_line(&buffer[searched_from..]) {
            let end = searched_from + end;
            if end > HEAD_CAP {
                return Ok(Head::TooLarge);
            }
            let rest = buffer.split_off(end);
            return Ok(Head::Complete { head: buffer, rest });
        }
        if buffer.len() > HEAD_CAP {
            return Ok(Head::TooLarge);
        }
    }
}

/// The end (just past `\r\n\r\n`) of the first blank line in `bytes`.
fn find_blank_line(bytes: &[u8]) -> Option<usize> {
    memchr::memmem::find(bytes, b"\r\n\r\n").map(|at| at + 4)
}

#[derive(Debug, PartialEq)]
enum BodyProblem {
    Chunked,
    TooLarge,
}

/// The body's length as the head gives it (none without `Content-Length`).
fn body_length(head: &[u8]) -> Result<u64, BodyProblem> {
    let text = String::from_utf8_lossy(head);
    let mut length = 0;
    for line in text.split("\r\n").skip(1) {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let name = name.trim();
        if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(BodyProblem::Chunked);
        }
        if name.eq_ignore_ascii_case("content-length") {
            length = value.trim().parse().map_err(|_| BodyProblem::TooLarge)?;
        }
    }
    if length > BODY_CAP {
        return Err(BodyProblem::TooLarge);
    }
    Ok(length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_ends_at_its_blank_line_and_keeps_what_follows() {
        let mut input: &[u8] = b"POST /x HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}";
        let Head::Complete { head, rest } = read_head(&mut input).unwrap() else {
            panic!("incomplete")
        };
        assert!(head.ends_with(b"\r\n\r\n"));
        assert_eq!(rest, b"{}");
        assert_eq!(body_length(&head), Ok(2));
    }

    #[test]
    fn heads_over_the_cap_and_unfinished_heads_are_not_passed_on() {
        let big = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(HEAD_CAP));
        assert_eq!(read_head(&mut big.as_bytes()).unwrap(), Head::TooLarge);
        let endless = "GET / HTTP/1.1\r\nX: ".to_string() + &"a".repeat(3 * HEAD_CAP);
        assert_eq!(read_head(&mut endless.as_bytes()).unwrap(), Head::TooLarge);
        assert_eq!(
            read_head(&mut &b"GET / HTTP/1.1\r\n"[..]).unwrap(),
            Head::Closed
        );
    }

    #[test]
    fn chunked_and_oversized_bodies_are_refused() {
        let chunked = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
        assert_eq!(body_length(chunked), Err(BodyProblem::Chunked));
        let huge = format!(
            "POST / HTTP/1.1\r\ncontent-length: {}\r\n\r\n",
            BODY_CAP + 1
        );
        assert_eq!(body_length(huge.as_bytes()), Err(BodyProblem::TooLarge));
        assert_eq!(body_length(b"GET / HTTP/1.1\r\nHost: a\r\n\r\n"), Ok(0));
    }
}
