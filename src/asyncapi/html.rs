//! A channel page's HTML, in the parts an endpoint page has: the intro
//! (badge, address, servers, description), the main column (parameters,
//! servers' variables and security, each operation with its messages'
//! payload and headers as field trees, correlation id, bindings, security
//! and 3.0 reply, then channel bindings) and the aside (each message's
//! examples, reply messages' too, highlighted). Field trees are the OpenAPI
//! stage's ([`render_field_tree`]); the servers section and security lists
//! are `servers_html`'s. Every text of the document is escaped or rendered
//! as untrusted Markdown.

use super::servers_html::{security_list, servers_section};
use super::view::{
    Action, BindingView, ChannelView, MessageExample, MessageView, OperationView, ReplyView,
    SchemaView,
};
use crate::html::escape as esc;
use crate::openapi::{render_field_tree, EndpointText};

/// The channel page body in the parts the page places.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChannelHtml {
    pub intro: String,
    pub main: String,
    pub aside: String,
}

/// Renders the page of `view`.
pub fn render_channel_html(view: &ChannelView, text: &dyn EndpointText) -> ChannelHtml {
    let mut page = Page {
        out: String::with_capacity(8 * 1024),
        text,
    };
    page.header(view);
    let intro = page.take();
    if !view.parameters.is_empty() {
        page.section_start("parameters", "Parameters");
        page.out
            .push_str(&render_field_tree(&view.parameters, None, &[], text));
        page.out.push_str("</section>");
    }
    page.out.push_str(&servers_section(&view.servers, text));
    for (i, operation) in view.operations.iter().enumerate() {
        page.operation(i, operation);
    }
    if !view.bindings.is_empty() {
        page.section_start("channel-bindings", "Channel bindings");
        page.bindings(&view.bindings);
        page.out.push_str("</section>");
    }
    let main = page.take();
    page.examples(view);
    ChannelHtml {
        intro,
        main,
        aside: page.take(),
    }
}

struct Page<'a> {
    out: String,
    text: &'a dyn EndpointText,
}

impl Page<'_> {
    fn take(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    fn markdown(&mut self, class: &str, source: Option<&str>) {
        if let Some(source) = source {
            let html = self.text.markdown(source);
            self.out
                .push_str(&format!("<div class=\"{class}\">{html}</div>"));
        }
    }

    fn section_start(&mut self, id: &str, title: &str) {
        self.out.push_str(&format!(
            "<section class=\"endpoint-section channel-section\" aria-labelledby=\"{id}\"><h2 id=\"{id}\">{}</h2>",
            esc(title)
        ));
    }

    fn header(&mut self, view: &ChannelView) {
        self.out.push_str(
            "<header class=\"endpoint-header channel-header\"><div class=\"endpoint-line\">",
        );
        if let Some(badge) = view.badge() {
            self.out.push_str(&format!(
                "<span class=\"method-badge\" data-method=\"{badge}\">{badge}</span>"
            ));
        }
        match &view.address {
            Some(address) => self.out.push_str(&format!(
                "<code class=\"endpoint-path channel-address\">{}</code>",
                esc(address)
            )),
            None => self
                .out
                .push_str("<span class=\"channel-address\">Address set at run time</span>"),
        }
        self.out.push_str("</div>");
        if !view.servers.is_empty() {
            self.out
                .push_str("<ul class=\"channel-servers\" aria-label=\"Servers\">");
            for server in &view.servers {
                let version = server
                    .protocol_version
                    .as_deref()
                    .map(|v| format!(" {}", esc(v)))
                    .unwrap_or_default();
                self.out.push_str(&format!(
                    "<li><span class=\"badge channel-protocol\">{}{version}</span> <code>{}</code> <span class=\"field-type\">{}</span>",
                    esc(&server.protocol),
                    esc(&server.host),
                    esc(&server.name)
                ));
                if let Some(description) = &server.description_md {
                    self.out
                        .push_str(&format!(": {}", self.text.inline_markdown(description)));
                }
                self.out.push_str("</li>");
            }
            self.out.push_str("</ul>");
        }
        self.out.push_str("</header>");
        self.markdown("endpoint-description", view.summary_md.as_deref());
        self.markdown("endpoint-description", view.description_md.as_deref());
    }

    fn operation(&mut self, i: usize, op: &OperationView) {
        let label = op.action.label();
        let name = (op.title.as_deref())
            .or(op.id.as_deref())
            .unwrap_or(match op.action {
                Action::Send => "Sent messages",
                Action::Receive => "Received messages",
            });
        self.out.push_str(&format!(
            "<section class=\"endpoint-section channel-operation\" aria-labelledby=\"operation-{i}\"><p class=\"channel-action\"><span class=\"method-badge\" data-method=\"{label}\">{label}</span></p><h2 id=\"operation-{i}\">{}</h2>",
            esc(name)
        ));
        self.markdown("field-description", op.summary_md.as_deref());
        self.markdown("field-description", op.description_md.as_deref());
        for (j, message) in op.messages.iter().enumerate() {
            self.message(&format!("message-{i}-{j}"), message, 3);
        }
        if !op.bindings.is_empty() {
            self.out
                .push_str("<h3 class=\"response-part\">Operation bindings</h3>");
            self.bindings(&op.bindings);
        }
        self.out
            .push_str(&security_list(&op.security, "h3", self.text));
        if let Some(reply) = &op.reply {
            self.reply(i, reply);
        }
        self.out.push_str("</section>");
    }

    /// A 3.0 reply: where it goes, then its messages a level down.
    fn reply(&mut self, i: usize, reply: &ReplyView) {
        self.out.push_str(&format!(
            "<div class=\"channel-reply\"><h3 id=\"reply-{i}\" class=\"response-part\">Reply</h3>"
        ));
        if let Some(channel) = &reply.channel {
            self.out.push_str(&format!(
                "<p class=\"field-meta\">On channel <code class=\"channel-address\">{}</code></p>",
                esc(channel)
            ));
        }
        if let Some(location) = &reply.address_location {
            self.out.push_str(&format!(
                "<p class=\"field-meta\">Address taken from <code>{}</code></p>",
                esc(location)
            ));
        }
        self.markdown("field-description", reply.address_description_md.as_deref());
        for (j, message) in reply.messages.iter().enumerate() {
            self.message(&format!("reply-{i}-{j}"), message, 4);
        }
        self.out.push_str("</div>");
    }

    /// A message under a heading of `level` (3, or 4 in a reply); its
    /// parts a level down.
    fn message(&mut self, id: &str, m: &MessageView, level: u8) {
        let part = level + 1;
        self.out.push_str(&format!(
            "<div class=\"channel-message\"><h{level} id=\"{id}\">{}</h{level}>",
            esc(m.title.as_deref().unwrap_or(&m.name))
        ));
        if m.title.is_some() {
            self.out.push_str(&format!(
                "<p class=\"field-meta\">Message <code>{}</code></p>",
                esc(&m.name)
            ));
        }
        if let Some(content_type) = &m.content_type {
            self.out.push_str(&format!(
                "<p class=\"content-type\"><code>{}</code></p>",
                esc(content_type)
            ));
        }
        if let Some(correlation) = &m.correlation {
            self.out.push_str(&format!(
                "<p class=\"field-meta channel-correlation\">Correlation ID: <code>{}</code></p>",
                esc(&correlation.location)
            ));
            self.markdown("field-description", correlation.description_md.as_deref());
        }
        self.markdown("field-description", m.summary_md.as_deref());
        self.markdown("field-description", m.description_md.as_deref());
        if let Some(payload) = &m.payload {
            self.schema(part, "Payload", payload);
        }
        if let Some(headers) = &m.headers {
            self.schema(part, "Headers", headers);
        }
        if !m.bindings.is_empty() {
            self.out.push_str(&format!(
                "<h{part} class=\"response-part\">Message bindings</h{part}>"
            ));
            self.bindings(&m.bindings);
        }
        self.out.push_str("</div>");
    }

    fn schema(&mut self, level: u8, title: &str, schema: &SchemaView) {
        self.out.push_str(&format!(
            "<h{level} class=\"response-part\">{title} <span class=\"field-type\">{}</span></h{level}>",
            esc(&schema.type_label)
        ));
        let tree = render_field_tree(
            &schema.fields,
            schema.alternatives_kind.as_deref(),
            &schema.alternatives,
            self.text,
        );
        self.out.push_str(&tree);
    }

    /// Each protocol's bindings as a table of keys and values.
    fn bindings(&mut self, bindings: &[BindingView]) {
        for binding in bindings {
            self.out.push_str(&format!(
                "<table class=\"channel-bindings\"><caption>{}</caption><thead><tr><th scope=\"col\">Key</th><th scope=\"col\">Value</th></tr></thead><tbody>",
                esc(&binding.protocol)
            ));
            for (key, value) in &binding.values {
                self.out.push_str(&format!(
                    "<tr><th scope=\"row\"><code>{}</code></th><td><code>{}</code></td></tr>",
                    esc(key),
                    esc(value)
                ));
            }
            self.out.push_str("</tbody></table>");
        }
    }

    /// The aside: one card of every message's examples (each once).
    fn examples(&mut self, view: &ChannelView) {
        let messages = view.operations.iter().flat_map(|op| op.all_messages());
        let mut examples: Vec<(&MessageView, &MessageExample)> = messages
            .flat_map(|m| m.examples.iter().map(move |e| (m, e)))
            .collect();
        // A message two operations carry is shown once.
        let mut seen = std::collections::HashSet::new();
        examples.retain(|(m, e)| seen.insert((&m.name, &e.name)));
        if examples.is_empty() {
            return;
        }
        self.out.push_str("<section class=\"api-card api-response\" aria-label=\"Message examples\"><div class=\"api-card-head\"><span class=\"api-card-title\">Messages</span></div>");
        for (message, example) in examples {
            let label = format!("{}: {}", message.name, example.name);
            for (part, json) in [("Headers", &example.headers), ("Payload", &example.payload)] {
                if let Some(json) = json {
                    self.out.push_str(&format!(
                        "<div class=c-code data-lang=json><div class=c-code-header><span class=c-code-title>{} ({part})</span></div><pre class=hl><code class=language-json>{}</code></pre></div>",
                        esc(&label),
                        self.text.code("json", json)
                    ));
                }
            }
        }
        self.out.push_str("</section>");
    }
}
