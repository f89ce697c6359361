// Behaviour for the MDX components rendered by src/markdown: copy buttons on
// code blocks (added here: they only work with the script), and tabs (Tabs,
// CodeGroup, Request/ResponseExample) as ARIA tablists with arrow-key
// navigation. Without this script every panel shows with its label.
(function () {
  "use strict";

  function addCopyButton(block) {
    var code = block.querySelector("pre code");
    if (!code || !navigator.clipboard) return;
    var button = document.createElement("button");
    button.className = "c-copy";
    button.type = "button";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy code");
    block.insertBefore(button, code.parentNode);
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(code.textContent).then(function () {
        button.textContent = "Copied";
        button.setAttribute("aria-label", "Copied");
        setTimeout(function () {
          button.textContent = "Copy";
          button.setAttribute("aria-label", "Copy code");
        }, 1500);
      });
    });
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
    list.setAttribute("role", "tablist");
    tabs.forEach(function (tab, i) {
      tab.setAttribute("role", "tab");
      panels[i].setAttribute("role", "tabpanel");
      panels[i].setAttribute("aria-labelledby", tab.id);
      panels[i].tabIndex = 0;
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
    list.hidden = false;
    container.setAttribute("data-ready", "");
    select(tabs, panels, 0, false);
  }

  function init() {
    document.querySelectorAll(".c-code").forEach(addCopyButton);
    document.querySelectorAll("[data-tabs]").forEach(setupTabs);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
