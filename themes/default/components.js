// Behaviour for the MDX components rendered by src/markdown: copy buttons on
// code blocks and prompts (added here: they only work with the script), tabs
// (Tabs, CodeGroup, Request/ResponseExample) as ARIA tablists with arrow-key
// navigation, and a selector for the page's Views. Without this script every
// panel and view shows with its label.
(function () {
  "use strict";

  // A "Copy" button that copies text() and says so for a moment; a code
  // block's is an icon with the word as its tooltip (as Mintlify draws it).
  var COPY_ICON = '<svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" stroke-width="1.4" aria-hidden="true">' +
    '<rect x="5.5" y="5.5" width="8.5" height="8.5" rx="2"/><path d="M10.5 3.2A1.8 1.8 0 0 0 8.8 2H3.8A1.8 1.8 0 0 0 2 3.8v5a1.8 1.8 0 0 0 1.2 1.7"/></svg>';
  function copyButton(label, text, icon) {
    var button = document.createElement("button");
    button.className = "c-copy";
    button.type = "button";
    if (icon) button.innerHTML = COPY_ICON + '<span class="c-copy-tip"></span>';
    var word = icon ? button.lastChild : button;
    word.textContent = "Copy";
    button.setAttribute("aria-label", label);
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(text()).then(function () {
        word.textContent = "Copied";
        button.setAttribute("aria-label", "Copied");
        setTimeout(function () {
          word.textContent = "Copy";
          button.setAttribute("aria-label", label);
        }, 1500);
      });
    });
    return button;
  }

  // The code's text: notation markers are gone at build time, and line
  // numbers and the diff gutter are CSS, so textContent is the code itself.
  function addCopyButton(block) {
    var code = block.querySelector("pre code");
    if (!code || !navigator.clipboard || block.classList.contains("c-code-nocopy")) return;
    var button = copyButton("Copy code", function () { return code.textContent; }, true);
    button.classList.add("code-block-copy-button");
    block.insertBefore(button, code.parentNode);
  }

  function addPromptCopyButton(prompt) {
    var body = prompt.querySelector(".c-prompt-body");
    var head = prompt.querySelector(".c-prompt-head");
    if (!body || !head || !navigator.clipboard) return;
    head.appendChild(copyButton("Copy prompt", function () { return body.innerText.trim(); }));
  }

  // Views: one <select> before the first view chooses which view shows
  // (remembered across pages); headings of hidden views leave the TOC.
  function setupViews() {
    var views = Array.prototype.slice.call(document.querySelectorAll(".c-view"));
    var titles = [];
    views.forEach(function (view) {
      var title = view.getAttribute("data-view");
      if (titles.indexOf(title) === -1) titles.push(title);
    });
    if (titles.length < 2) return;
    var label = document.createElement("label");
    label.className = "c-view-select multi-view-dropdown-trigger";
    label.textContent = "View";
    var select = document.createElement("select");
    select.id = "multi-view-dropdown";
    select.className = "multi-view-dropdown";
    titles.forEach(function (title) {
      var option = document.createElement("option");
      option.textContent = title;
      select.appendChild(option);
    });
    label.appendChild(select);
    views[0].parentNode.insertBefore(label, views[0]);
    function show(title) {
      views.forEach(function (view) { view.hidden = view.getAttribute("data-view") !== title; });
      document.querySelectorAll(".toc a[href^='#']").forEach(function (link) {
        var target = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)));
        var view = target && target.closest(".c-view");
        link.parentNode.hidden = !!(view && view.hidden);
      });
      try { localStorage.setItem("sheaf-view", title); } catch (e) { /* storage off */ }
    }
    var stored = null;
    try { stored = localStorage.getItem("sheaf-view"); } catch (e) { /* storage off */ }
    select.value = titles.indexOf(stored) !== -1 ? stored : titles[0];
    select.addEventListener("change", function () { show(select.value); });
    document.documentElement.setAttribute("data-views", "");
    show(select.value);
  }

  function select(tabs, panels, index, focus) {
    tabs.forEach(function (tab, i) {
      var on = i === index;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
    });
    if (focus) tabs[index].focus();
  }

  function setupTabs(container) {
    var list = container.querySelector(":scope > .c-tablist");
    if (!list) return;
    var tabs = Array.prototype.slice.call(list.querySelectorAll(".c-tab"));
    var panels = tabs.map(function (tab) {
      return document.getElementById(tab.getAttribute("aria-controls"));
    });
    if (!tabs.length || panels.indexOf(null) !== -1) return;
    var dropdown = container.hasAttribute("data-dropdown");
    if (!dropdown) list.setAttribute("role", "tablist");
    tabs.forEach(function (tab, i) {
      // A code block's icon moves up to its tab with its title (the
      // header is hidden in a tabbed code group).
      var icon = panels[i].querySelector(":scope > .c-code > .c-code-header .icon");
      if (icon) tab.insertBefore(icon.cloneNode(true), tab.firstChild);
      if (!dropdown) {
        tab.setAttribute("role", "tab");
        panels[i].setAttribute("role", "tabpanel");
        panels[i].setAttribute("aria-labelledby", tab.id);
        panels[i].tabIndex = 0;
      }
      tab.addEventListener("click", function () { select(tabs, panels, i, false); });
    });
    list.addEventListener("keydown", function (event) {
      var current = tabs.indexOf(document.activeElement);
      if (current === -1) return;
      var next = {
        ArrowRight: (current + 1) % tabs.length,
        ArrowLeft: (current - 1 + tabs.length) % tabs.length,
        Home: 0,
        End: tabs.length - 1
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs, panels, next, true);
    });
    var first = Math.min(Number(container.getAttribute("data-first")) || 0, tabs.length - 1);
    container.sheafSelect = function (label) {
      var i = tabs.map(tabLabel).indexOf(label);
      if (i !== -1) { select(tabs, panels, i, false); if (menu) menu.selectedIndex = i; }
    };
    var menu = dropdown ? addMenu(container, list, tabs, panels) : null;
    tabs.forEach(function (tab) {
      tab.addEventListener("click", function () { syncOthers(container, tabLabel(tab)); });
    });
    list.hidden = false;
    container.setAttribute("data-ready", "");
    select(tabs, panels, first, false);
    if (menu) menu.selectedIndex = first;
  }

  function tabLabel(tab) { return tab.textContent.trim(); }

  // `data-sync`: the tabs of the same name in the page's other synced
  // containers follow the one chosen.
  function syncOthers(container, label) {
    if (!container.hasAttribute("data-sync")) return;
    document.querySelectorAll("[data-tabs][data-sync][data-ready]").forEach(function (other) {
      if (other !== container && other.sheafSelect) other.sheafSelect(label);
    });
  }

  // `CodeGroup dropdown`: a labelled menu in the tab bar, in place of
  // its tabs.
  function addMenu(container, list, tabs, panels) {
    var menu = document.createElement("select");
    menu.className = "c-tab-menu";
    menu.setAttribute("aria-label", "Example");
    tabs.forEach(function (tab) {
      var option = document.createElement("option");
      option.textContent = tabLabel(tab);
      menu.appendChild(option);
    });
    menu.addEventListener("change", function () {
      select(tabs, panels, menu.selectedIndex, false);
      syncOthers(container, tabLabel(tabs[menu.selectedIndex]));
    });
    list.insertBefore(menu, list.firstChild);
    return menu;
  }

  function init() {
    document.querySelectorAll(".c-code").forEach(addCopyButton);
    document.querySelectorAll("[data-tabs]").forEach(setupTabs);
    document.querySelectorAll(".c-prompt").forEach(addPromptCopyButton);
    setupViews();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
