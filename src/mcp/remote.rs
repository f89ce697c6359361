//! A published sheaf site read over HTTP(S): the files the server needs
//! (search index, `llms.txt`, pages' `.md`), fetched when first asked for
//! and kept while the server runs.
//!
//! Only that site is read: a file is named by a plain relative path under
//! the site's address, a redirect is followed (at most [`MAX_REDIRECTS`])
//! only to the same scheme, host and port under the same path, and a body
//! is read up to [`FILE_LIMIT`](super::files::FILE_LIMIT). The copies kept
//! are at most [`CACHE_LIMIT`] bytes together (older ones are dropped
//! first); a failed fetch is not kept, so it is tried again next time.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use url::Url;

use super::files::{SourceError, FILE_LIMIT};

/// Redirects followed within the site for one file.
const MAX_REDIRECTS: usize = 5;
/// The copies kept, in bytes.
const CACHE_LIMIT: usize = 256 * 1024 * 1024;
/// How long one fetch may take.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A published site, by its address.
pub struct Remote {
    base: Url,
    agent: ureq::Agent,
    cache: Mutex<Cache>,
}

#[derive(Default)]
struct Cache {
    files: HashMap<String, Arc<str>>,
    order: VecDeque<String>,
    bytes: usize,
}

impl Remote {
    /// The site at `address` (`https://docs.example.com` or with a path).
    pub fn new(address: &str) -> Result<Remote, SourceError> {
        let bad = || SourceError::BadUrl(address.to_string());
        let mut base = Url::parse(address).map_err(|_| bad())?;
        if !matches!(base.scheme(), "http" | "https") || base.host_str().is_none() {
            return Err(bad());
        }
        if !base.username().is_empty() || base.password().is_some() {
            return Err(bad());
        }
        base.set_query(None);
        base.set_fragment(None);
        if !base.path().ends_with('/') {
            let path = format!("{}/", base.path());
            base.set_path(&path);
        }
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_global(Some(TIMEOUT))
            .user_agent(concat!("sheaf-mcp/", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        Ok(Remote {
            base,
            agent,
            cache: Mutex::new(Cache::default()),
        })
    }

    /// The site's address, ending in `/`.
    pub fn base(&self) -> &str {
        self.base.as_str()
    }

    /// The file `path` (a plain relative path) of the site.
    pub fn get(&self, path: &str) -> Result<Arc<str>, SourceError> {
        if let Some(text) = self.lock().files.get(path) {
            return Ok(text.clone());
        }
        let url = self
            .base
            .join(path)
            .map_err(|_| SourceError::Outside(path.to_string()))?;
        if !self.holds(&url) {
            return Err(SourceError::Outside(path.to_string()));
        }
        let text: Arc<str> = self.fetch(url, path)?.into();
        self.lock().keep(path, text.clone());
        Ok(text)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether `url` is of this site: same scheme, host and port, under its path.
    fn holds(&self, url: &Url) -> bool {
        url.scheme() == self.base.scheme()
            && url.host_str() == self.base.host_str()
            && url.port_or_known_default() == self.base.port_or_known_default()
            && url.path().starts_with(self.base.path())
    }

    fn fetch(&self, mut url: Url, path: &str) -> Result<String, SourceError> {
        let failed = |reason: String| SourceError::Read {
            path: path.to_string(),
            reason,
        };
        for _ in 0..=MAX_REDIRECTS {
            let mut response = self
                .agent
                .get(url.as_str())
                .call()
                .map_err(|e| failed(e.to_string()))?;
            let status = response.status().as_u16();
            if (300..400).contains(&status) {
                let location = (response.headers().get("location"))
                    .and_then(|v| v.to_str().ok())
                    .ok_or_else(|| failed(format!("HTTP {status} without a Location")))?;
                let next = url.join(location).map_err(|e| failed(e.to_string()))?;
                if !self.holds(&next) {
                    return Err(SourceError::Redirect {
                        url: url.to_string(),
                        to: next.to_string(),
                    });
                }
                url = next;
                continue;
            }
            if status == 404 || status == 410 {
                return Err(SourceError::NotFound(path.to_string()));
            }
            if status != 200 {
                return Err(failed(format!("HTTP {status}")));
            }
            return response
                .body_mut()
                .with_config()
                .limit(FILE_LIMIT)
                .read_to_string()
                .map_err(|e| match e {
                    ureq::Error::BodyExceedsLimit(_) => SourceError::TooLarge {
                        path: path.to_string(),
                        limit: FILE_LIMIT,
                    },
                    e => failed(e.to_string()),
                });
        }
        Err(failed(format!("more than {MAX_REDIRECTS} redirects")))
    }
}

impl Cache {
    fn keep(&mut self, path: &str, text: Arc<str>) {
        self.bytes += text.len();
        if self.files.insert(path.to_string(), text).is_none() {
            self.order.push_back(path.to_string());
        }
        while self.bytes > CACHE_LIMIT {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.files.remove(&oldest) {
                self.bytes -= gone.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_addresses_without_credentials_are_sites() {
        assert!(Remote::new("ftp://x.com").is_err());
        assert!(Remote::new("https://user:pw@x.com").is_err());
        assert!(Remote::new("https://").is_err());
        let remote = Remote::new("https://docs.example.com/docs?x=1#y").unwrap();
        assert_eq!(remote.base(), "https://docs.example.com/docs/");
    }

    #[test]
    fn a_url_belongs_to_the_site_only_under_its_address() {
        let remote = Remote::new("https://docs.example.com/docs").unwrap();
        let holds = |u: &str| remote.holds(&Url::parse(u).unwrap());
        assert!(holds("https://docs.example.com/docs/a.md"));
        assert!(holds("https://docs.example.com:443/docs/a.md"));
        assert!(!holds("https://docs.example.com/other.md"));
        assert!(!holds("http://docs.example.com/docs/a.md"));
        assert!(!holds("https://evil.example.com/docs/a.md"));
        assert!(!holds("https://docs.example.com:8443/docs/a.md"));
    }

    #[test]
    fn the_cache_drops_the_oldest_copies_past_its_limit() {
        let mut cache = Cache::default();
        let big: Arc<str> = "x".repeat(CACHE_LIMIT / 2 + 1).into();
        cache.keep("a", big.clone());
        cache.keep("b", big);
        assert!(!cache.files.contains_key("a") && cache.files.contains_key("b"));
    }
}
