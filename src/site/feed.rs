//! Feeds of changelog pages: a page whose frontmatter says `rss: true` has
//! its `<Update>` entries published as an RSS 2.0 feed at `rss.xml` in its
//! folder (`changelog/rss.xml` for `changelog/`), as Mintlify publishes
//! them, and its `<head>` links to it.
//!
//! Each entry is an item: its title is the update's `rss.title`, else its
//! label; its text is `rss.description`, else its description, else its
//! own text; its tags are categories; its link and guid are the page's URL
//! with the update's id. A label that is a date (`2024-10-11`, `October 11,
//! 2024`, `Oct 11, 2024`) is the item's `pubDate`. Links are absolute with
//! `--site-url`, else from the site root, as in the sitemap.

use std::fmt::Write;
use std::path::PathBuf;

use time::format_description::well_known::Rfc2822;
use time::macros::format_description;
use time::{Date, OffsetDateTime};

use crate::content::{Page, PageId, Site};
use crate::html::escape;
use crate::markdown::UpdateEntry;

/// The `<Update>` entries of page `page`, whose frontmatter asks for a feed.
pub struct Feed {
    pub page: PageId,
    pub entries: Vec<UpdateEntry>,
}

/// Where the feed of `page` is written, relative to the site root.
pub fn path(page: &Page) -> PathBuf {
    PathBuf::from(page.feed_path())
}

/// The feed's XML.
pub fn rss(site: &Site, feed: &Feed, site_url: Option<&str>) -> String {
    let page = &site.pages[feed.page];
    let base = site_url.map_or(String::from("/"), |u| {
        format!("{}/", u.trim_end_matches('/'))
    });
    let link = format!("{base}{}", page.url());
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n",
    );
    let title = format!("{} - {}", page.title, site.config.name);
    let _ = writeln!(
        xml,
        "<title>{}</title>\n<link>{}</link>",
        escape(&title),
        escape(&link)
    );
    let description = page.description_text().unwrap_or_else(|| title.clone());
    let _ = writeln!(xml, "<description>{}</description>", escape(&description));
    for entry in &feed.entries {
        write_item(&mut xml, entry, &link);
    }
    xml.push_str("</channel>\n</rss>\n");
    xml
}

fn write_item(xml: &mut String, entry: &UpdateEntry, page_link: &str) {
    let title = entry.rss_title.as_deref().unwrap_or(&entry.label);
    let text = (entry.rss_description.as_deref())
        .or(entry.description.as_deref())
        .unwrap_or(&entry.text);
    let link = format!("{page_link}#{}", entry.id);
    let _ = write!(
        xml,
        "<item>\n<title>{}</title>\n<link>{}</link>\n<guid isPermaLink=\"true\">{}</guid>\n<description>{}</description>\n",
        escape(title),
        escape(&link),
        escape(&link),
        escape(text)
    );
    if let Some(date) = date_of(&entry.label) {
        let _ = writeln!(xml, "<pubDate>{date}</pubDate>");
    }
    for tag in &entry.tags {
        let _ = writeln!(xml, "<category>{}</category>", escape(tag));
    }
    xml.push_str("</item>\n");
}

/// The label as an RFC 2822 date (midnight UTC), when it is a date.
fn date_of(label: &str) -> Option<String> {
    let label = label.trim();
    let iso = format_description!("[year]-[month]-[day]");
    let long =
        format_description!("[month repr:long case_sensitive:false] [day padding:none], [year]");
    let short =
        format_description!("[month repr:short case_sensitive:false] [day padding:none], [year]");
    let date = (Date::parse(label, iso).ok())
        .or_else(|| Date::parse(label, long).ok())
        .or_else(|| Date::parse(label, short).ok())?;
    let midnight = OffsetDateTime::new_utc(date, time::Time::MIDNIGHT);
    midnight.format(&Rfc2822).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_that_is_a_date_is_the_publication_date() {
        let expected = Some("Fri, 11 Oct 2024 00:00:00 +0000".to_string());
        assert_eq!(date_of("2024-10-11"), expected);
        assert_eq!(date_of("October 11, 2024"), expected);
        assert_eq!(date_of("Oct 11, 2024"), expected);
        assert_eq!(date_of("v1.2.0"), None);
        assert_eq!(date_of("2024-13-01"), None);
    }

    #[test]
    fn an_item_takes_the_rss_title_and_text_over_the_label_and_escapes_them() {
        let entry = UpdateEntry {
            id: "v2".into(),
            label: "v2".into(),
            text: "Body <b>".into(),
            rss_title: Some("Big & new".into()),
            tags: vec!["API".into()],
            ..UpdateEntry::default()
        };
        let mut xml = String::new();
        write_item(&mut xml, &entry, "/changelog/");
        assert!(xml.contains("<title>Big &amp; new</title>"), "{xml}");
        assert!(xml.contains("<link>/changelog/#v2</link>"), "{xml}");
        assert!(
            xml.contains("<description>Body &lt;b&gt;</description>"),
            "{xml}"
        );
        assert!(xml.contains("<category>API</category>"), "{xml}");
        assert!(!xml.contains("pubDate"), "{xml}");
    }
}
