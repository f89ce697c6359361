//! The live preview: HTTP server, watcher, live reload and the playground proxy.
