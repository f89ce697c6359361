//! Which `Host` a request may name. The preview answers only its own
//! address: `127.0.0.1`, `localhost`, `[::1]`, or what `--host` names,
//! each with the port it listens on. A page of another site that a DNS
//! rebinding points at the preview's address still sends its own name as
//! `Host`, so it can neither read the preview nor drive the Try-it proxy;
//! the proxy also wants an `Origin` that is one of these addresses.
//!
//! A request without `Host` (HTTP/1.0 tools) is answered: a browser always
//! sends one. Listening on every address (`--host 0.0.0.0`), any IP
//! literal is accepted too, since the machine's addresses are not known
//! here and a rebinding always arrives under a name.

use std::net::{IpAddr, SocketAddr};

/// The `Host` values the preview answers.
#[derive(Debug, Clone)]
pub struct Hosts {
    port: u16,
    /// Lowercase host names and IP literals (IPv6 without brackets).
    names: Vec<String>,
    any_ip: bool,
}

impl Hosts {
    /// The hosts of a preview asked to listen on `host`, bound at `addr`.
    pub fn new(host: &str, addr: SocketAddr) -> Hosts {
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "::1"]
            .into_iter()
            .map(String::from)
            .collect();
        names.push(bare(host).to_ascii_lowercase());
        names.push(addr.ip().to_string());
        Hosts {
            port: addr.port(),
            names,
            any_ip: addr.ip().is_unspecified(),
        }
    }

    /// Whether a request naming `host` (its `Host` header) is answered.
    pub fn accepts(&self, host: Option<&str>) -> bool {
        let Some(host) = host else {
            return true;
        };
        let (name, port) = split_port(host.trim());
        let port_matches = match port {
            Some(port) => port.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        let name = bare(name).to_ascii_lowercase();
        port_matches
            && (self.names.contains(&name) || (self.any_ip && name.parse::<IpAddr>().is_ok()))
    }

    /// Whether `origin` (an `Origin` header) is a page of this preview.
    pub fn is_own_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|authority| self.accepts(Some(authority)))
    }

    /// The address to tell a refused client to use.
    pub fn own(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }
}

/// `name` without the brackets of an IPv6 literal.
fn bare(name: &str) -> &str {
    name.strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or(name)
}

/// A `Host` value's name and port (`[::1]:3000` → `[::1]`, `3000`).
fn split_port(host: &str) -> (&str, Option<&str>) {
    match host.rsplit_once(':') {
        Some((name, port))
            if !port.contains(']') && (!name.contains(':') || name.ends_with(']')) =>
        {
            (name, Some(port))
        }
        _ => (host, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loopback(port: u16) -> Hosts {
        Hosts::new("127.0.0.1", SocketAddr::from(([127, 0, 0, 1], port)))
    }

    #[test]
    fn own_addresses_with_the_port_are_answered() {
        let hosts = loopback(3000);
        for host in [
            "127.0.0.1:3000",
            "localhost:3000",
            "LOCALHOST:3000",
            "[::1]:3000",
        ] {
            assert!(hosts.accepts(Some(host)), "{host}");
        }
        assert!(hosts.accepts(None));
    }

    #[test]
    fn other_names_and_ports_are_refused() {
        let hosts = loopback(3000);
        for host in [
            "attacker.example:3000",
            "127.0.0.1:3001",
            "localhost",
            "127.0.0.2:3000",
            "localhost.attacker.example:3000",
            "",
        ] {
            assert!(!hosts.accepts(Some(host)), "{host}");
        }
    }

    #[test]
    fn the_asked_host_and_any_ip_on_every_address_are_answered() {
        let named = Hosts::new("docs.internal", SocketAddr::from(([10, 0, 0, 5], 8080)));
        assert!(named.accepts(Some("docs.internal:8080")));
        assert!(named.accepts(Some("10.0.0.5:8080")));
        assert!(!named.accepts(Some("10.0.0.6:8080")));
        let everywhere = Hosts::new("0.0.0.0", SocketAddr::from(([0, 0, 0, 0], 8080)));
        assert!(everywhere.accepts(Some("192.168.1.20:8080")));
        assert!(!everywhere.accepts(Some("attacker.example:8080")));
    }

    #[test]
    fn origins_are_own_only_over_http_on_an_own_host() {
        let hosts = loopback(3000);
        assert!(hosts.is_own_origin("http://127.0.0.1:3000"));
        assert!(hosts.is_own_origin("http://localhost:3000"));
        assert!(!hosts.is_own_origin("http://attacker.example:3000"));
        assert!(!hosts.is_own_origin("https://127.0.0.1:3000"));
        assert!(!hosts.is_own_origin("null"));
    }
}
