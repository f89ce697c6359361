/* sheaf serve: live reload and the build error overlay. Injected into HTML
   responses by the preview server only; never part of a built site.
   Events from /__sheaf/events: "reload" (a build succeeded: keep the scroll
   position and reload) and "problems" (the last build failed: show the
   diagnostics in a dismissable panel; the page keeps the last good site). */
(function () {
  "use strict";
  var SCROLL_KEY = "sheaf-serve-scroll:" + location.pathname;
  var PANEL_ID = "sheaf-serve-overlay";

  /* Scroll back once the document is parsed, and again after images and
     fonts have loaded (they can move the content). */
  function restoreScroll() {
    var saved = null;
    try {
      saved = sessionStorage.getItem(SCROLL_KEY);
      sessionStorage.removeItem(SCROLL_KEY);
    } catch (e) {}
    if (saved === null) return;
    var y = parseFloat(saved) || 0;
    window.scrollTo(0, y);
    window.addEventListener("load", function () { window.scrollTo(0, y); }, { once: true });
  }

  function reload() {
    try {
      sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
    } catch (e) {}
    location.reload();
  }

  var STYLE =
    "#" + PANEL_ID + "{--ov-bg:#fff;--ov-fg:#1f2328;--ov-muted:#59636e;--ov-border:#d1242f;--ov-code:#f6f8fa;" +
    "position:fixed;inset:auto 1rem 1rem 1rem;max-height:60vh;overflow:auto;z-index:2147483647;" +
    "background:var(--ov-bg);color:var(--ov-fg);border:2px solid var(--ov-border);border-radius:8px;" +
    "box-shadow:0 8px 32px rgba(0,0,0,.3);padding:1rem 1.25rem;font:14px/1.5 system-ui,sans-serif}" +
    "[data-theme=\"dark\"] #" + PANEL_ID + "{--ov-bg:#161b22;--ov-fg:#e6edf3;--ov-muted:#9198a1;--ov-border:#f85149;--ov-code:#0d1117}" +
    "#" + PANEL_ID + " h2{margin:0 2.5rem .5rem 0;font-size:1rem}" +
    "#" + PANEL_ID + " ul{list-style:none;margin:0;padding:0}" +
    "#" + PANEL_ID + " li{padding:.5rem 0;border-top:1px solid var(--ov-code)}" +
    "#" + PANEL_ID + " code{display:block;white-space:pre-wrap;word-break:break-word;background:var(--ov-code);padding:.25rem .5rem;border-radius:4px;font:13px/1.45 ui-monospace,monospace}" +
    "#" + PANEL_ID + " .help{color:var(--ov-muted);margin:.25rem 0 0}" +
    "#" + PANEL_ID + " button{position:absolute;top:.5rem;right:.5rem;min-width:2.25rem;min-height:2.25rem;font-size:1.25rem;" +
    "background:transparent;color:inherit;border:1px solid var(--ov-muted);border-radius:6px;cursor:pointer}" +
    "#" + PANEL_ID + " button:focus-visible{outline:3px solid var(--ov-border);outline-offset:2px}";

  function removePanel() {
    var panel = document.getElementById(PANEL_ID);
    if (panel) panel.remove();
  }

  function item(diagnostic) {
    var li = document.createElement("li");
    var code = document.createElement("code");
    code.textContent = diagnostic.location + ": " + diagnostic.severity + ": " +
      (diagnostic.path ? "`" + diagnostic.path + "`: " : "") + diagnostic.message;
    li.appendChild(code);
    if (diagnostic.help) {
      var help = document.createElement("p");
      help.className = "help";
      help.textContent = "help: " + diagnostic.help;
      li.appendChild(help);
    }
    return li;
  }

  function showProblems(report) {
    removePanel();
    var panel = document.createElement("section");
    panel.id = PANEL_ID;
    panel.setAttribute("role", "alert");
    panel.setAttribute("aria-labelledby", PANEL_ID + "-title");
    var style = document.createElement("style");
    style.textContent = STYLE;
    var title = document.createElement("h2");
    title.id = PANEL_ID + "-title";
    title.textContent = "The site did not build; showing the last good version";
    var close = document.createElement("button");
    close.type = "button";
    close.setAttribute("aria-label", "Dismiss build errors");
    close.textContent = "\u00d7";
    close.addEventListener("click", removePanel);
    var list = document.createElement("ul");
    (report.diagnostics || []).forEach(function (d) { list.appendChild(item(d)); });
    panel.append(style, title, close, list);
    document.body.appendChild(panel);
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") removePanel();
  });

  function connect() {
    if (!window.EventSource) return;
    /* since: the reloads announced when this page was served; a save that
       landed before the stream opened makes the server answer with a reload. */
    var events = new EventSource("/__sheaf/events?since=" + (window.SHEAF_RELOADS || 0));
    events.addEventListener("reload", reload);
    events.addEventListener("problems", function (event) {
      try {
        showProblems(JSON.parse(event.data));
      } catch (e) {}
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", restoreScroll);
  } else {
    restoreScroll();
  }
  connect();
})();
