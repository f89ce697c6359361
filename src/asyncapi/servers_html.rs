//! The HTML of what a channel page says about access: the "Servers"
//! section (each server the channel is reached on that has URL
//! `variables` or `security`: its host as given and with the variables'
//! defaults put in, the variables as a field tree like parameters, and
//! its security) and a security list, which operations show too.
//!
//! A security list is the alternatives ("Any one of" when more than one),
//! each naming its schemes: the type and what goes where (`in`, `name`,
//! HTTP `scheme` and `bearerFormat`, OpenID Connect URL), the description,
//! the scopes asked for, and each OAuth 2.0 flow's URLs and scopes as a
//! table. URLs are shown as text, never as links: every text of the
//! document is escaped or rendered as untrusted Markdown.

use super::view::{OAuthFlowView, SecurityRequirement, SecurityView, ServerView};
use crate::html::escape as esc;
use crate::openapi::{render_field_tree, EndpointText};

/// The "Servers" section, or nothing when no server has variables or
/// security.
pub fn servers_section(servers: &[ServerView], text: &dyn EndpointText) -> String {
    let detailed: Vec<&ServerView> = (servers.iter())
        .filter(|s| !s.variables.is_empty() || !s.security.is_empty())
        .collect();
    if detailed.is_empty() {
        return String::new();
    }
    let mut out = String::from("<section class=\"endpoint-section channel-section\" aria-labelledby=\"servers\"><h2 id=\"servers\">Servers</h2>");
    for (i, server) in detailed.into_iter().enumerate() {
        out.push_str(&server_details(i, server, text));
    }
    out.push_str("</section>");
    out
}

fn server_details(i: usize, server: &ServerView, text: &dyn EndpointText) -> String {
    let mut out = format!(
        "<div class=\"channel-server\"><h3 id=\"server-{i}\">{}</h3><p class=\"field-meta\"><span class=\"badge channel-protocol\">{}</span> <code>{}</code></p>",
        esc(&server.name),
        esc(&server.protocol),
        esc(&server.host)
    );
    if let Some(url) = server.with_defaults() {
        out.push_str(&format!(
            "<p class=\"field-meta\">With the defaults: <code>{}</code></p>",
            esc(&url)
        ));
    }
    if !server.variables.is_empty() {
        out.push_str("<h4 class=\"response-part\">Variables</h4>");
        out.push_str(&render_field_tree(&server.variables, None, &[], text));
    }
    out.push_str(&security_list(&server.security, "h4", text));
    out.push_str("</div>");
    out
}

/// A `security` list under a heading of level `heading` (`h3`, `h4`);
/// nothing when it is empty.
pub fn security_list(
    requirements: &[SecurityRequirement],
    heading: &str,
    text: &dyn EndpointText,
) -> String {
    if requirements.is_empty() {
        return String::new();
    }
    let mut out = format!("<{heading} class=\"response-part\">Security</{heading}>");
    if requirements.len() > 1 {
        out.push_str("<p class=\"field-meta\">Any one of:</p>");
    }
    out.push_str("<ul class=\"channel-security\">");
    for requirement in requirements {
        out.push_str("<li>");
        for (i, scheme) in requirement.schemes.iter().enumerate() {
            if i > 0 {
                out.push_str("<p class=\"field-meta\">and</p>");
            }
            out.push_str(&scheme_html(scheme, text));
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    out
}

fn scheme_html(scheme: &SecurityView, text: &dyn EndpointText) -> String {
    let mut out = format!("<p><code class=\"field-name\">{}</code> ", esc(&scheme.key));
    let Some(kind) = &scheme.kind else {
        out.push_str("<span class=\"field-type\">not defined in <code>components/securitySchemes</code></span></p>");
        out.push_str(&scopes_asked(&scheme.scopes));
        return out;
    };
    out.push_str(&format!("<span class=\"field-type\">{}</span>", esc(kind)));
    out.push_str(&how_sent(scheme));
    out.push_str("</p>");
    if let Some(description) = &scheme.description_md {
        out.push_str(&format!(
            "<div class=\"field-description\">{}</div>",
            text.markdown(description)
        ));
    }
    if let Some(url) = &scheme.open_id_connect_url {
        out.push_str(&format!(
            "<p class=\"field-meta\">OpenID Connect URL: <code>{}</code></p>",
            esc(url)
        ));
    }
    out.push_str(&scopes_asked(&scheme.scopes));
    for flow in &scheme.flows {
        out.push_str(&flow_html(flow));
    }
    out
}

/// Where the credential goes: ` in <code>header</code> <code>X-Key</code>`,
/// ` <code>bearer</code> (JWT)`.
fn how_sent(scheme: &SecurityView) -> String {
    let mut out = String::new();
    if let Some(location) = &scheme.location {
        out.push_str(&format!(" in <code>{}</code>", esc(location)));
    }
    if let Some(name) = &scheme.parameter {
        out.push_str(&format!(" named <code>{}</code>", esc(name)));
    }
    if let Some(http) = &scheme.scheme {
        out.push_str(&format!(" <code>{}</code>", esc(http)));
    }
    if let Some(format) = &scheme.bearer_format {
        out.push_str(&format!(" ({})", esc(format)));
    }
    out
}

fn scopes_asked(scopes: &[String]) -> String {
    if scopes.is_empty() {
        return String::new();
    }
    let list: Vec<String> = (scopes.iter())
        .map(|s| format!("<code>{}</code>", esc(s)))
        .collect();
    format!(
        "<p class=\"field-meta\">Scopes needed: {}</p>",
        list.join(", ")
    )
}

/// A flow's URLs, then its scopes as a table.
fn flow_html(flow: &OAuthFlowView) -> String {
    let urls = [
        ("Authorization URL", &flow.authorization_url),
        ("Token URL", &flow.token_url),
        ("Refresh URL", &flow.refresh_url),
    ];
    let mut out = format!(
        "<table class=\"channel-bindings channel-flow\"><caption>OAuth 2.0 flow <code>{}</code></caption><tbody>",
        esc(&flow.kind)
    );
    for (label, url) in urls {
        if let Some(url) = url {
            out.push_str(&format!(
                "<tr><th scope=\"row\">{label}</th><td><code>{}</code></td></tr>",
                esc(url)
            ));
        }
    }
    for (scope, about) in &flow.scopes {
        out.push_str(&format!(
            "<tr><th scope=\"row\">Scope <code>{}</code></th><td>{}</td></tr>",
            esc(scope),
            esc(about)
        ));
    }
    out.push_str("</tbody></table>");
    out
}
