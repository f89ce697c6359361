//! The file-less pages of operation and channel entries, at the URL
//! Mintlify gives them (`content::slugs`): the same entry listed again in
//! the same folder is the same page; a page file already at that URL (the
//! pages Mintlify generated, committed) is the page, as on Mintlify;
//! another operation whose name is taken gets Mintlify's numbered name
//! (`-1`, `-2`…). Where earlier sheaf
//! versions wrote the page elsewhere, that former slug is kept for a
//! redirect.

use std::collections::HashSet;

use super::super::slugs::{former_endpoint_slug, generated_slug, EntryFacts};
use super::super::{frontmatter, Page, PageId, PageText};
use super::Loader;
use crate::config::PageUrls;
use crate::config::{channel_of_entry, is_schema_entry, normalise_slug};

impl Loader<'_> {
    /// The title of the operation or channel a reference names.
    pub(super) fn title_of(&self, reference: &str) -> Option<String> {
        (self.entry_facts)(reference).map(|facts| facts.title)
    }

    /// The file-less page of an operation or channel entry.
    pub(super) fn endpoint_page(&mut self, entry: &str, directory: Option<&str>) -> Option<PageId> {
        let key = (directory.map(String::from), entry.to_string());
        if let Some(&id) = self.endpoint_pages.get(&key) {
            return Some(id);
        }
        let channel = channel_of_entry(entry);
        let facts = (self.entry_facts)(entry);
        let folder = directory.and_then(normalise_slug);
        let schema = is_schema_entry(entry);
        let written = (!schema)
            .then(|| self.written_page(entry, facts.as_ref(), folder.as_deref()))
            .flatten();
        if let Some(id) = written {
            self.endpoint_pages.insert(key, id);
            return Some(id);
        }
        let slug = match schema {
            true => self.schema_slug(entry, folder.as_deref()),
            false => self.unique_generated_slug(entry, facts.as_ref(), folder.as_deref()),
        };
        self.seen.insert(slug.clone());
        let title = match &facts {
            Some(facts) => facts.title.clone(),
            None => channel
                .map_or(entry, |c| c.rsplit(' ').next().unwrap_or(c))
                .to_string(),
        };
        let id = self.push(generated_page(slug, title, entry, channel));
        if !schema {
            self.remember_former_slug(entry, facts.as_ref(), folder.as_deref(), id);
        }
        self.endpoint_pages.insert(key, id);
        Some(id)
    }

    /// The page file at Mintlify's slug for `entry`, when the docs root
    /// holds one (a site that committed the pages Mintlify generated):
    /// Mintlify keeps that file as the page, and so does sheaf.
    fn written_page(
        &mut self,
        entry: &str,
        facts: Option<&EntryFacts>,
        folder: Option<&str>,
    ) -> Option<PageId> {
        let slug = generated_slug(entry, facts?, folder);
        self.files.page_file(&slug)?;
        self.file_page(&slug)
    }

    /// Mintlify's slug for `entry`, numbered as Mintlify numbers a name
    /// taken (`name-1`, `name-2`…) when a page or page file holds it.
    fn unique_generated_slug(
        &self,
        entry: &str,
        facts: Option<&EntryFacts>,
        folder: Option<&str>,
    ) -> String {
        let unknown = EntryFacts::default();
        let base = generated_slug(entry, facts.unwrap_or(&unknown), folder);
        self.free_slug((0..).map(|n| match n {
            0 => base.clone(),
            n => format!("{base}-{n}"),
        }))
    }

    /// A schema page's slug (`schema-user`, a page Mintlify does not make),
    /// in the node's directory, numbered when taken.
    fn schema_slug(&self, entry: &str, folder: Option<&str>) -> String {
        let slug = in_folder(folder, former_endpoint_slug(entry, None, false));
        self.free_slug((1..).map(|n| match n {
            1 => slug.clone(),
            n => format!("{slug}-{n}"),
        }))
    }

    /// Keeps the slug sheaf gave the page before it followed Mintlify, when
    /// it differs and nothing else holds it.
    fn remember_former_slug(
        &mut self,
        entry: &str,
        facts: Option<&EntryFacts>,
        folder: Option<&str>,
        id: PageId,
    ) {
        let channel = channel_of_entry(entry).is_some();
        let title = facts.map(|f| f.title.as_str());
        let former = in_folder(folder, former_endpoint_slug(entry, title, channel));
        let taken = |s: &str| self.seen.contains(s) || self.files.page_file(s).is_some();
        if !self.former.contains_key(&former) && !taken(&former) {
            self.former.insert(former, id);
        }
    }
}

/// `name` inside `folder`, when there is one.
fn in_folder(folder: Option<&str>, name: String) -> String {
    match folder {
        Some(folder) => format!("{folder}/{name}"),
        None => name,
    }
}

/// A page without a file: its body is the operation or channel.
fn generated_page(slug: String, title: String, entry: &str, channel: Option<&str>) -> Page {
    Page {
        id: 0,
        slug,
        source_path: None,
        text: PageText::Kept(String::new()),
        body_start: 0,
        body_line_offset: 0,
        heading_ids: HashSet::new(),
        diagrams: Vec::new(),
        frontmatter: frontmatter::Frontmatter {
            asyncapi: channel.map(String::from),
            ..Default::default()
        },
        nav_title: title.clone(),
        title,
        openapi: channel.is_none().then(|| entry.to_string()),
        version: None,
        language: None,
        tab: None,
        anchor: None,
        in_nav: false,
        urls: PageUrls::default(),
        written_at: None,
        listing_of: None,
    }
}
