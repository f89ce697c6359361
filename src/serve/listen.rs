//! Choosing the address to listen on. Loopback by default; any other host
//! must be asked for and earns a warning. A busy default port moves to the
//! next free one (announced), up to [`PORT_ATTEMPTS`] ports on; a port
//! asked for with `--port` that is busy is an error (the preview is not
//! where the author will look for it).

use std::io::ErrorKind;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, ToSocketAddrs};

use super::ServeError;

/// How many consecutive ports are tried when the asked-for one is busy.
pub const PORT_ATTEMPTS: u16 = 10;

/// A bound listener and what the user should be told about it.
#[derive(Debug)]
pub struct Bound {
    pub listener: TcpListener,
    pub addr: SocketAddr,
    /// Warnings and notices (exposed host, moved port).
    pub notices: Vec<String>,
}

/// Binds `host:port`; port 0 lets the system choose. A busy `port` gives
/// way to the next free one only when it `may_move`.
pub fn bind(host: &str, port: u16, may_move: bool) -> Result<Bound, ServeError> {
    let ip = resolve_host(host)?;
    let mut notices = Vec::new();
    if !ip.is_loopback() {
        notices.push(format!(
            "warning: listening on {ip}: the preview and its API proxy are reachable from other machines on the network"
        ));
    }
    let last = if port == 0 || !may_move {
        port
    } else {
        port.saturating_add(PORT_ATTEMPTS - 1)
    };
    for candidate in port..=last {
        match TcpListener::bind(SocketAddr::new(ip, candidate)) {
            Ok(listener) => {
                send_without_delay(&listener);
                give_up_on_stalled_writes(&listener);
                let addr = listener.local_addr().map_err(ServeError::Bind)?;
                if candidate != port {
                    notices.push(format!(
                        "note: port {port} is busy; using port {candidate} (--port picks one)"
                    ));
                }
                return Ok(Bound {
                    listener,
                    addr,
                    notices,
                });
            }
            Err(e) if e.kind() == ErrorKind::AddrInUse => continue,
            Err(e) => return Err(ServeError::Bind(e)),
        }
    }
    match may_move {
        true => Err(ServeError::PortsBusy { first: port, last }),
        false => Err(ServeError::PortBusy(port)),
    }
}

/// Turns Nagle's algorithm off for the accepted connections (they inherit
/// the listener's setting on Linux and the BSDs). `tiny_http` writes a
/// response's head and body separately; with Nagle on, the body waits for the
/// client's delayed acknowledgement of the head, about 40 ms per page.
fn send_without_delay(listener: &TcpListener) {
    let _ = socket2::SockRef::from(listener).set_tcp_nodelay(true);
}

/// How long a write to a client that reads nothing may block.
pub const WRITE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

/// Gives accepted connections a write timeout (inherited from the listener
/// on Linux and the BSDs), so an answer to a client that stopped reading
/// ends instead of holding its thread forever. (Not a read timeout: on the
/// listening socket it would also end `accept`, and tiny_http stops
/// accepting after the first error.)
fn give_up_on_stalled_writes(listener: &TcpListener) {
    let _ = socket2::SockRef::from(listener).set_write_timeout(Some(WRITE_TIMEOUT));
}

/// The address of `host`: an IP literal, `localhost`, or a name to resolve.
fn resolve_host(host: &str) -> Result<IpAddr, ServeError> {
    if host.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>() {
        return Ok(ip);
    }
    (host, 0)
        .to_socket_addrs()
        .ok()
        .and_then(|mut addrs| addrs.next())
        .map(|addr| addr.ip())
        .ok_or_else(|| ServeError::Host(host.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_is_quiet_and_port_zero_picks_a_port() {
        let bound = bind("127.0.0.1", 0, false).unwrap();
        assert_ne!(bound.addr.port(), 0);
        assert!(bound.notices.is_empty());
        assert!(bind("localhost", 0, false).unwrap().addr.ip().is_loopback());
    }

    #[test]
    fn a_busy_default_port_moves_to_the_next_free_one_and_a_chosen_one_fails() {
        let taken = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = taken.local_addr().unwrap().port();
        let bound = bind("127.0.0.1", port, true).unwrap();
        assert_ne!(bound.addr.port(), port);
        assert_eq!(
            bound.notices,
            [format!(
                "note: port {port} is busy; using port {} (--port picks one)",
                bound.addr.port()
            )]
        );
        let refused = bind("127.0.0.1", port, false).unwrap_err();
        assert!(matches!(refused, ServeError::PortBusy(p) if p == port));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn accepted_connections_inherit_the_write_timeout() {
        let bound = bind("127.0.0.1", 0, false).unwrap();
        let _client = std::net::TcpStream::connect(bound.addr).unwrap();
        let (accepted, _) = bound.listener.accept().unwrap();
        assert_eq!(accepted.write_timeout().unwrap(), Some(WRITE_TIMEOUT));
        // A read timeout on the listener would end `accept` after a quiet
        // spell, and tiny_http stops accepting after the first error.
        let listening = socket2::SockRef::from(&bound.listener);
        assert_eq!(listening.read_timeout().unwrap(), None);
    }

    #[test]
    fn other_hosts_are_warned_about() {
        let bound = bind("0.0.0.0", 0, false).unwrap();
        assert!(bound.notices[0].starts_with("warning: listening on 0.0.0.0"));
    }

    #[test]
    fn unknown_hosts_are_an_error() {
        assert!(matches!(bind("", 0, false), Err(ServeError::Host(_))));
    }
}
