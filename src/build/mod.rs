//! The build: render every page in parallel, write assets and indexes, swap the output in.
