//! The footer's view: the site name, its social links with their icons,
//! and the columns of `footer_links`.

use serde::Serialize;

use super::config_links::{link_view, LinkView};
use super::{icon, links};
use crate::config::SiteConfig;

#[derive(Serialize)]
struct SocialView {
    label: String,
    href: String,
    icon: String,
}

#[derive(Serialize)]
pub struct FooterView {
    name: String,
    socials: Vec<SocialView>,
    columns: Vec<FooterColumnView>,
}

#[derive(Serialize)]
struct FooterColumnView {
    header: Option<String>,
    links: Vec<LinkView>,
}

pub fn footer_view(config: &SiteConfig) -> FooterView {
    let socials = config
        .socials()
        .into_iter()
        .map(|(key, url)| {
            let (label, icon) = icon::social(&key);
            SocialView {
                label,
                href: links::href(&url, config.page_urls),
                icon,
            }
        })
        .collect();
    let columns = config
        .footer_links
        .iter()
        .map(|column| FooterColumnView {
            header: column.header.clone(),
            links: column
                .items
                .iter()
                .map(|l| link_view(&l.name, &l.url, config.page_urls))
                .collect(),
        })
        .collect();
    FooterView {
        name: config.name.clone(),
        socials,
        columns,
    }
}
