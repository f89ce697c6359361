/* sheaf theme: mode toggle, palm's collapsing sidebar, version and language switchers, mobile menu, tab menus, the current
   tab in view, the sidebar's place and current page in view, GitHub stars,
   "On this page" and its active heading, headings' "#" links, folder links opened from disk. Vanilla, no dependencies. The inline
   script in <head> has already set data-theme / data-version before paint. */
(function () {
  "use strict";
  var doc = document.documentElement;

  function store(area, key, value) {
    try { window[area].setItem(key, value); } catch (e) { /* storage disabled */ }
  }
  function read(area, key) {
    try { return window[area].getItem(key); } catch (e) { return null; }
  }

  function setupModeToggle() {
    document.querySelectorAll("[data-mode-toggle]").forEach(function (button) {
      function sync() {
        var dark = doc.getAttribute("data-theme") === "dark";
        button.setAttribute("aria-pressed", dark ? "true" : "false");
      }
      sync();
      button.addEventListener("click", function () {
        var next = doc.getAttribute("data-theme") === "dark" ? "light" : "dark";
        doc.setAttribute("data-theme", next);
        /* Mintlify marks dark mode with class="dark" on <html>, which sites' CSS targets. */
        doc.classList.toggle("dark", next === "dark");
        store("localStorage", "sheaf-mode", next);
        sync();
      });
    });
  }

  /* The palm theme's sidebar collapses to its button (and stays so on
     the next pages of the visit). */
  function setupSidebarCollapse() {
    var button = document.querySelector("[data-sidebar-collapse]");
    if (!button) return;
    function show(collapsed) {
      if (collapsed) doc.setAttribute("data-sidebar-collapsed", "");
      else doc.removeAttribute("data-sidebar-collapsed");
      button.setAttribute("aria-expanded", collapsed ? "false" : "true");
    }
    show(read("sessionStorage", "sheaf-sidebar") === "collapsed");
    button.addEventListener("click", function () {
      var collapsed = !doc.hasAttribute("data-sidebar-collapsed");
      store("sessionStorage", "sheaf-sidebar", collapsed ? "collapsed" : "open");
      show(collapsed);
    });
  }

  function setupVersions() {
    var select = document.querySelector("[data-version-select]");
    if (!select) return;
    var current = doc.getAttribute("data-version");
    if (current) select.value = current;
    select.addEventListener("change", function () {
      var option = select.options[select.selectedIndex];
      var external = option.getAttribute("data-href");
      if (external) { window.location.href = external; return; }
      var version = select.value;
      store("localStorage", "sheaf-version", version);
      doc.setAttribute("data-version", version);
      var pageVersion = doc.getAttribute("data-page-version");
      if (pageVersion && pageVersion !== version) {
        var same = document.querySelector('link[data-version-alternate="' + version + '"]');
        openAlternate(select, version, same);
      }
    });
  }

  /* The same page in the chosen language or version, else its first page. */
  function openAlternate(select, value, link) {
    if (link) { window.location.href = link.getAttribute("href"); return; }
    var firstPages = JSON.parse(select.getAttribute("data-first-pages") || "{}");
    if (firstPages[value]) window.location.href = firstPages[value];
  }

  function setupLanguages() {
    var select = document.querySelector("[data-language-select]");
    if (!select) return;
    var current = doc.getAttribute("data-language") || doc.getAttribute("lang");
    if (current) select.value = current;
    select.addEventListener("change", function () {
      var language = select.value;
      if (language === doc.getAttribute("data-language")) return;
      openAlternate(select, language, document.querySelector('link[hreflang="' + language + '"], link[data-language-alternate="' + language + '"]'));
    });
  }

  function setupMenu() {
    var button = document.querySelector("[data-menu-toggle]");
    var sidebar = document.getElementById("sidebar");
    if (!button || !sidebar) return;
    // The backdrop behind the open menu (only the script opens it).
    var backdrop = document.querySelector("[data-menu-close]");
    if (!backdrop) {
      backdrop = document.createElement("div");
      backdrop.className = "sidebar-backdrop";
      backdrop.setAttribute("data-menu-close", "");
      backdrop.hidden = true;
      /* Before the phone drawer (#mobile-nav, which holds the sidebar). */
      var drawer = document.getElementById("mobile-nav") || sidebar;
      drawer.parentNode.insertBefore(backdrop, drawer);
    }
    function set(open) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) {
        var bar = document.getElementById("navbar");
        if (bar) doc.style.setProperty("--drawer-top", Math.max(0, bar.getBoundingClientRect().bottom) + "px");
        doc.setAttribute("data-menu-open", "");
      } else doc.removeAttribute("data-menu-open");
      if (backdrop) backdrop.hidden = !open;
      if (open) {
        var first = sidebar.querySelector("[aria-current]") || sidebar.querySelector("a, select");
        if (first) first.focus();
      }
    }
    button.addEventListener("click", function () {
      set(button.getAttribute("aria-expanded") !== "true");
    });
    if (backdrop) backdrop.addEventListener("click", function () { set(false); button.focus(); });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && doc.hasAttribute("data-menu-open")) { set(false); button.focus(); }
    });
  }

  // Menus built from <details> (a tab's menu, the section selector) work
  // without script; with it they also close on Escape and on a click elsewhere.
  function setupDisclosureMenus() {
    var menus = document.querySelectorAll(".tab-menu, .section-select details");
    if (!menus.length) return;
    document.addEventListener("click", function (event) {
      menus.forEach(function (menu) {
        if (menu.open && !menu.contains(event.target)) menu.open = false;
      });
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") return;
      menus.forEach(function (menu) {
        if (!menu.open) return;
        menu.open = false;
        if (menu.contains(document.activeElement)) menu.querySelector("summary").focus();
      });
    });
  }

  // A link to an accordion, or to a heading inside a closed one, opens it
  // (Mintlify gives accordions ids of their own), then shows it.
  function openLinkedDetails() {
    var target;
    try { target = document.getElementById(decodeURIComponent(location.hash.slice(1))); } catch (e) { return; }
    if (!target) return;
    var closed = false;
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS" && !el.open) { el.open = true; closed = true; }
    }
    if (closed) target.scrollIntoView();
  }

  // The tab strip scrolls sideways when its tabs do not fit: show the
  // page's own tab (it may be the 30th), without moving the page itself.
  function revealCurrentTab() {
    var strip = document.querySelector(".nav-tabs > ul");
    var current = strip && strip.querySelector(":scope > li > a[aria-current=page]");
    if (!current || strip.scrollWidth <= strip.clientWidth) return;
    var view = strip.getBoundingClientRect();
    var tab = current.parentElement.getBoundingClientRect();
    if (tab.left < view.left || tab.right > view.right) {
      strip.scrollLeft += tab.left - view.left - (view.width - tab.width) / 2;
    }
  }

  /* The sidebar scrolls on its own. From one page to the next it stays
     where the reader left it; when the page's own link is out of view (in a
     long section it may be the 80th), it is scrolled to it, without moving
     the page. */
  function keepSidebarPlace() {
    var sidebar = document.getElementById("sidebar");
    if (!sidebar) return;
    var key = "sheaf-sidebar-top";
    var saved = Number(read("sessionStorage", key));
    if (saved > 0) sidebar.scrollTop = saved;
    window.addEventListener("pagehide", function () {
      store("sessionStorage", key, String(Math.round(sidebar.scrollTop)));
    });
    var current = Array.prototype.find.call(
      sidebar.querySelectorAll(".nav-list a[aria-current=page]"),
      function (link) { return link.getClientRects().length > 0; });
    if (!current || sidebar.scrollHeight <= sidebar.clientHeight) return;
    var view = sidebar.getBoundingClientRect();
    var link = current.getBoundingClientRect();
    if (link.top < view.top || link.bottom > view.bottom) {
      sidebar.scrollTop += link.top - view.top - (view.height - link.height) / 3;
    }
  }

  function formatCount(n) {
    if (n < 1000) return String(n);
    return (n / 1000).toFixed(n >= 10000 ? 0 : 1).replace(/\.0$/, "") + "k";
  }

  function setupGithubStars() {
    document.querySelectorAll("[data-github-repo]").forEach(function (link) {
      var repo = link.getAttribute("data-github-repo");
      var key = "sheaf-stars:" + repo;
      function show(count) {
        var badge = link.querySelector("[data-github-stars]");
        if (!badge || !isFinite(count)) return;
        badge.querySelector("[data-github-stars-count]").textContent = formatCount(count);
        badge.hidden = false;
      }
      var cached = read("sessionStorage", key);
      if (cached !== null) { show(Number(cached)); return; }
      if (!window.fetch) return;
      fetch("https://api.github.com/repos/" + repo)
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (!data || typeof data.stargazers_count !== "number") return;
          store("sessionStorage", key, String(data.stargazers_count));
          show(data.stargazers_count);
        })
        .catch(function () { /* offline: the button stays without a count */ });
    });
  }

  /* "On this page", built from the page's h2 and h3 headings and changelog
     entries, in the column the layout keeps for it (.has-toc: the build
     decides which pages have one). Without script the page reads the same. */
  function setupToc() {
    var layout = document.querySelector(".layout.has-toc");
    var prose = document.querySelector(".page-body > .prose");
    if (!layout || !prose || layout.querySelector(".toc")) return;
    var targets = prose.querySelectorAll("h2[id], h3[id], .c-update[id]");
    if (!targets.length) return;
    var aside = document.createElement("aside");
    aside.className = "toc";
    aside.id = "table-of-contents";
    aside.setAttribute("aria-labelledby", "toc-title");
    var title = document.createElement("p");
    title.id = "toc-title";
    title.textContent = "On this page";
    var list = document.createElement("ul");
    list.id = "table-of-contents-content";
    targets.forEach(function (target) {
      var item = document.createElement("li");
      item.className = target.tagName === "H3" ? "toc-item sub" : "toc-item";
      var link = document.createElement("a");
      link.setAttribute("href", "#" + target.id);
      var label = target.querySelector(".c-update-label") || target;
      link.textContent = label.textContent.trim();
      item.appendChild(link);
      list.appendChild(item);
    });
    aside.appendChild(title);
    aside.appendChild(list);
    layout.appendChild(aside);
  }

  /* Each heading with an id gets a "#" link to itself after its text. */
  function setupHeadingLinks() {
    document.querySelectorAll(".prose :is(h1, h2, h3, h4, h5, h6)[id]").forEach(function (heading) {
      if (heading.querySelector(":scope > .anchor")) return;
      var link = document.createElement("a");
      link.className = "anchor";
      link.setAttribute("href", "#" + heading.id);
      link.setAttribute("aria-label", "Link to this section");
      heading.appendChild(link);
    });
  }

  function setupTocHighlight() {
    var links = document.querySelectorAll(".toc a[href^='#']");
    if (!links.length || !window.IntersectionObserver) return;
    var byId = {};
    links.forEach(function (a) { byId[decodeURIComponent(a.getAttribute("href").slice(1))] = a; });
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        links.forEach(function (a) {
          a.classList.remove("is-active");
          a.parentNode.removeAttribute("data-active");
          a.parentNode.removeAttribute("data-active-deepest");
        });
        var link = byId[entry.target.id];
        if (!link) return;
        link.classList.add("is-active");
        /* Mintlify's marks: the entry read, and the section above it. */
        var item = link.parentNode;
        item.setAttribute("data-active", "");
        item.setAttribute("data-active-deepest", "");
        for (var above = item; above; above = above.previousElementSibling) {
          if (!above.classList.contains("sub")) { above.setAttribute("data-active", ""); break; }
        }
      });
    }, { rootMargin: "0px 0px -70% 0px" });
    Object.keys(byId).forEach(function (id) {
      var heading = document.getElementById(id);
      if (heading) observer.observe(heading);
    });
  }

  /* A dismissible banner stays dismissed until its text changes. */
  function setupBanner() {
    var banner = document.querySelector("[data-banner]");
    if (!banner) return;
    var key = "sheaf-banner-" + banner.getAttribute("data-banner");
    if (read("localStorage", key)) { banner.hidden = true; return; }
    var close = banner.querySelector("[data-banner-close]");
    if (!close) return;
    close.addEventListener("click", function () {
      banner.hidden = true;
      store("localStorage", key, "1");
    });
  }

  /* docs.json `contextual` actions. "Copy page" copies the page's Markdown
     (its text when the Markdown cannot be fetched, e.g. from file://);
     other copy buttons copy their text (the MCP server, its install
     command); assistant links get a prompt naming this page; a custom link
     with `$page` gets the page's Markdown when followed. */
  function pageMarkdown() {
    var copy = document.querySelector("[data-copy-page]");
    var source = copy && copy.getAttribute("data-copy-page");
    var prose = document.querySelector(".prose");
    var fallback = prose ? prose.innerText : "";
    return source && window.fetch
      ? fetch(source).then(function (r) { return r.ok ? r.text() : fallback; }, function () { return fallback; })
      : Promise.resolve(fallback);
  }

  function copyOnClick(button, text) {
    if (!navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      text().then(function (value) { return navigator.clipboard.writeText(value); }).then(function () {
        button.textContent = "Copied";
      });
    });
  }

  /* The menu of further page actions closes on Escape (the focus goes back
     to its toggle) and on a click elsewhere. */
  function setupPageActionsMenu() {
    var menu = document.querySelector(".page-actions-more");
    if (!menu) return;
    menu.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary").focus();
    });
    document.addEventListener("click", function (event) {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
  }

  function setupPageActions() {
    setupPageActionsMenu();
    document.querySelectorAll("[data-copy-page]").forEach(function (button) {
      copyOnClick(button, pageMarkdown);
    });
    document.querySelectorAll("[data-copy-text]").forEach(function (button) {
      copyOnClick(button, function () { return Promise.resolve(button.getAttribute("data-copy-text")); });
    });
    document.querySelectorAll("[data-ai-link]").forEach(function (link) {
      var prompt = "Read " + location.href + " so I can ask questions about it.";
      var key = link.getAttribute("data-ai-link") || "q";
      link.href = link.getAttribute("href") + "?" + key + "=" + encodeURIComponent(prompt);
    });
    document.querySelectorAll("[data-page-link]").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        var target = window.open("", "_blank");
        if (target) target.opener = null;
        pageMarkdown().then(function (markdown) {
          var text = encodeURIComponent(markdown);
          var href = link.getAttribute("href").split("%24page").join(text).split("$page").join(text);
          if (target) target.location.href = href; else location.href = href;
        });
      });
    });
  }

  // What scrolls sideways (code, wide tables) can be reached and scrolled
  // with the keyboard (WCAG 2.1.1): focusable once it overflows, and named
  // so a screen reader says what the stop is: code by its block's title or
  // language (a region), a table by its caption, else "Table".
  function scrollerName(el) {
    if (el.tagName === "TABLE") return el.querySelector("caption") ? null : "Table";
    var block = el.closest(".c-code");
    var title = block && block.querySelector(".c-code-title");
    var lang = block && block.getAttribute("data-lang");
    if (title) return "Code: " + title.textContent;
    return lang && lang !== "text" ? "Code (" + lang + ")" : "Code";
  }

  function focusableScrollers() {
    document.querySelectorAll("pre, table").forEach(function (el) {
      if (el.scrollWidth <= el.clientWidth + 1 || el.hasAttribute("tabindex")) return;
      el.setAttribute("tabindex", "0");
      var name = scrollerName(el);
      if (!name || el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) return;
      if (el.tagName !== "TABLE") el.setAttribute("role", "region");
      el.setAttribute("aria-label", name);
    });
  }

  function setupFocusableScrollers() {
    focusableScrollers();
    var pending;
    window.addEventListener("resize", function () {
      clearTimeout(pending);
      pending = setTimeout(focusableScrollers, 150);
    });
  }

  /* Opened from disk, a link to a page's folder (`../setup/`) would show
     the folder's listing: a click opens its index.html instead. */
  function setupDiskLinks() {
    if (location.protocol !== "file:") return;
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[href]") : null;
      if (!link || link.protocol !== "file:" || link.pathname.slice(-1) !== "/") return;
      link.pathname += "index.html";
    }, true);
  }

  function start() {
    setupDiskLinks();
    setupBanner();
    setupPageActions();
    setupModeToggle();
    setupSidebarCollapse();
    setupVersions();
    setupLanguages();
    setupMenu();
    setupDisclosureMenus();
    revealCurrentTab();
    keepSidebarPlace();
    setupGithubStars();
    setupToc();
    setupHeadingLinks();
    setupTocHighlight();
    setupFocusableScrollers();
    openLinkedDetails();
    window.addEventListener("hashchange", openLinkedDetails);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
