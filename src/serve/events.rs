//! Server-Sent Events: every open preview tab holds one `/__sheaf/events`
//! stream and hears `reload` after a good build and `problems` (the
//! diagnostics as JSON) after a failed one.
//!
//! A page knows how many reloads had been announced when it was served
//! (`window.SHEAF_RELOADS`) and opens its stream with `?since=N`: when more
//! have been announced since (a save landed between serving the page and
//! the stream opening), the new stream starts with a reload, so no save is
//! ever missed.
//!
//! Each stream gets its own small thread that owns the connection's raw
//! writer, so a tab left open never holds one of the request workers. The
//! thread waits on a channel; a comment line every few seconds finds closed
//! tabs, and dropping the [`Broadcaster`]'s senders (shutdown) ends them all.

use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

/// How often an idle stream is pinged (to notice closed tabs).
const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// One message to the open tabs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A build succeeded: reload.
    Reload,
    /// A build failed: the JSON report to show in the overlay.
    Problems(String),
}

impl Event {
    /// The event in the `text/event-stream` wire format.
    pub fn to_wire(&self) -> String {
        match self {
            Event::Reload => "event: reload\ndata: {}\n\n".to_string(),
            Event::Problems(json) => format!("event: problems\ndata: {json}\n\n"),
        }
    }
}

/// The open streams, and the problems a newly opened tab must see at once.
#[derive(Debug, Default)]
pub struct Broadcaster {
    inner: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    clients: Vec<Sender<Event>>,
    /// The failed build being shown, until a good build replaces it.
    pending_problems: Option<Event>,
    /// How many reloads were announced.
    reloads: u64,
    closed: bool,
}

impl Broadcaster {
    /// Sends `event` to every open tab and remembers problems for new tabs.
    pub fn send(&self, event: Event) {
        let mut state = self.lock();
        state.pending_problems = match &event {
            Event::Problems(_) => Some(event.clone()),
            Event::Reload => {
                state.reloads += 1;
                None
            }
        };
        state
            .clients
            .retain(|client| client.send(event.clone()).is_ok());
    }

    /// How many reloads were announced so far (pages are served with it).
    pub fn reloads(&self) -> u64 {
        self.lock().reloads
    }

    /// Takes over a request's connection and streams events into it. A
    /// page served before the latest reload (`?since=N` of the target) is
    /// told to reload at once.
    pub fn subscribe(&self, request: tiny_http::Request) {
        let since = since_of(request.url());
        let (sender, receiver) = mpsc::channel();
        {
            let mut state = self.lock();
            if state.closed {
                let _ = request.respond(tiny_http::Response::empty(503));
                return;
            }
            if since.is_some_and(|n| n != state.reloads) {
                let _ = sender.send(Event::Reload);
            } else if let Some(problems) = &state.pending_problems {
                let _ = sender.send(problems.clone());
            }
            state.clients.push(sender);
        }
        let writer = request.into_writer();
        thread::spawn(move || {
            let _ = stream(writer, &receiver);
        });
    }

    /// Ends every stream and refuses new ones.
    pub fn close(&self) {
        let mut state = self.lock();
        state.closed = true;
        state.clients.clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The `since` number of an event stream's target (`/__sheaf/events?since=3`).
fn since_of(target: &str) -> Option<u64> {
    let (_, query) = target.split_once('?')?;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("since="))
        .and_then(|n| n.parse().ok())
}

/// Writes the response head, then events as they come, until the tab or the
/// server goes away.
fn stream(mut writer: Box<dyn Write + Send>, events: &Receiver<Event>) -> io::Result<()> {
    writer.write_all(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\nretry: 1000\n\n",
    )?;
    writer.flush()?;
    loop {
        let chunk = match events.recv_timeout(KEEP_ALIVE) {
            Ok(event) => event.to_wire(),
            Err(RecvTimeoutError::Timeout) => ": keep-alive\n\n".to_string(),
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        };
        writer.write_all(chunk.as_bytes())?;
        writer.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_format() {
        assert_eq!(Event::Reload.to_wire(), "event: reload\ndata: {}\n\n");
        assert_eq!(
            Event::Problems("{\"ok\":false}".into()).to_wire(),
            "event: problems\ndata: {\"ok\":false}\n\n"
        );
    }

    #[test]
    fn problems_are_kept_for_new_tabs_until_a_reload() {
        let broadcaster = Broadcaster::default();
        broadcaster.send(Event::Problems("{}".into()));
        assert!(broadcaster.lock().pending_problems.is_some());
        broadcaster.send(Event::Reload);
        assert!(broadcaster.lock().pending_problems.is_none());
    }

    #[test]
    fn reloads_are_counted_and_read_from_the_target() {
        let broadcaster = Broadcaster::default();
        broadcaster.send(Event::Reload);
        broadcaster.send(Event::Problems("{}".into()));
        broadcaster.send(Event::Reload);
        assert_eq!(broadcaster.reloads(), 2);
        assert_eq!(since_of("/__sheaf/events?since=7"), Some(7));
        assert_eq!(since_of("/__sheaf/events?x=1&since=0"), Some(0));
        assert_eq!(since_of("/__sheaf/events"), None);
        assert_eq!(since_of("/__sheaf/events?since=x"), None);
    }

    #[test]
    fn stream_writes_head_events_and_ends_when_senders_drop() {
        let (sender, receiver) = mpsc::channel();
        sender.send(Event::Reload).unwrap();
        drop(sender);
        let buffer = SharedBuffer::default();
        stream(Box::new(buffer.clone()), &receiver).unwrap();
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert!(text.starts_with("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"));
        assert!(text.ends_with("event: reload\ndata: {}\n\n"));
    }

    #[derive(Clone, Default)]
    struct SharedBuffer(std::sync::Arc<Mutex<Vec<u8>>>);

    impl Write for SharedBuffer {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
}
