// jsx/dom.js: the browser half of sheaf's JSX runtime, loaded after
// jsx-core.js. It adds to __sheafJsx a small DOM reconciler, mount(), and
// islands(), which mounts each component sheaf rendered into the page.
// A mount replaces the server-rendered HTML with live DOM (no hydration).
// A state update re-renders its component (batched per microtask) and diffs
// the result against the last one: same type updates the node in place,
// keyed children are matched by key and the rest by position, so DOM nodes,
// focus and selection survive. Limits: no bail-out (a re-render re-renders the
// whole subtree); events are native DOM events, not React's synthetic ones
// (no persist() or nativeEvent; onFocus/onBlur listen to focusin/focusout so
// they bubble as React's do); an error while updating is logged and leaves
// the DOM as far as it got.
(function () {
  "use strict";

  const api = globalThis.__sheafJsx;
  const { ELEMENT, RAW, hostMemo, newInstance, renderComponent, setRef, attributeName, attributeValue, cssName, cssValue } =
    api.internals;
  const Fragment = api.Fragment;
  const SVG_NS = "http://www.w3.org/2000/svg";
  const NAMESPACES = { xlink: "http://www.w3.org/1999/xlink", xml: "http://www.w3.org/XML/1998/namespace" };
  const FORM_FIELDS = new Set(["input", "textarea", "select"]);

  // The live tree is made of instances, one per rendered node:
  //   text      { dom: Text, text }
  //   element   { dom: Element, type, props, kids, handlers, ref, svg }
  //   raw       { dom: <sheaf-raw>, type: RAW, html }
  //   component { type, props, ref, kids, hooks, effects, root, env, svg }
  //   fragment  { type, kids } (Fragment or a context Provider)
  //   root      { dom: the container, kids }
  // and each one also has parent, key and depth. Only instances with `dom`
  // own a DOM node; the others contribute their kids' nodes.

  // ---- Children -----------------------------------------------------------

  // The renderable leaves of children as [key, node] pairs. A key is unique
  // among siblings: the element's key or its position, prefixed by the
  // positions of the arrays it is nested in.
  function flatten(children, out = [], prefix = "") {
    if (!Array.isArray(children)) children = [children];
    children.forEach((child, i) => {
      if (child == null || typeof child === "boolean" || typeof child === "function" || typeof child === "symbol") return;
      if (Array.isArray(child)) return flatten(child, out, prefix + i + ":");
      if (typeof child === "object" && child.$$typeof !== ELEMENT) {
        if (typeof child[Symbol.iterator] === "function") return flatten(Array.from(child), out, prefix + i + ":");
        throw new Error("Objects are not valid as a React child (found: object with keys {" + Object.keys(child).join(", ") + "})");
      }
      out.push([child.key != null ? prefix + "$" + child.key : prefix + "." + i, child]);
    });
    return out;
  }

  const isElement = (node) => typeof node === "object";

  function sameType(instance, node) {
    return isElement(node) ? instance.type === node.type && !instance.text : instance.text !== undefined;
  }

  // Brings parent.kids in line with children, reusing instances of the same
  // key and type, creating the others and unmounting those left over.
  function reconcileKids(parent, children, cx) {
    const old = new Map();
    for (const kid of parent.kids) old.set(kid.key, kid);
    const kids = [];
    for (const [key, node] of flatten(children)) {
      let kid = old.get(key);
      if (kid && sameType(kid, node)) old.delete(key);
      else kid = { key, parent, depth: parent.depth + 1, type: isElement(node) ? node.type : undefined };
      update(kid, node, cx);
      kids.push(kid);
    }
    for (const kid of old.values()) unmount(kid, true);
    parent.kids = kids;
  }

  // Creates (when it has no DOM or kids yet) or updates an instance from its
  // node. cx: { root, env (context chain), svg, pass (what to do after commit) }
  function update(instance, node, cx) {
    if (!isElement(node)) {
      const text = String(node);
      if (!instance.dom) instance.dom = document.createTextNode(text);
      else if (instance.text !== text) instance.dom.data = text;
      instance.text = text;
      return;
    }
    const type = node.type;
    if (typeof type === "string") updateElement(instance, node, cx);
    else if (typeof type === "function") {
      if (!instance.hooks) Object.assign(instance, newInstance(cx.root, cx.env), { kids: [] });
      Object.assign(instance, { props: node.props, ref: node.ref, env: cx.env, svg: cx.svg });
      renderInto(instance, cx);
    } else if (type === RAW) {
      if (!instance.dom) instance.dom = document.createElement("sheaf-raw");
      if (instance.html !== node.props.html) instance.dom.innerHTML = instance.html = node.props.html;
    } else if (type === Fragment || (type && type.context)) {
      if (!instance.kids) instance.kids = [];
      const env = type === Fragment ? cx.env : { context: type.context, value: node.props.value, up: cx.env };
      reconcileKids(instance, node.props.children, Object.assign({}, cx, { env }));
    } else {
      throw new Error("Element type is invalid: expected a tag name or a component but got " + String(type));
    }
  }

  function renderInto(component, cx) {
    component.dirty = false;
    const output = renderComponent(component, component.type, component.props, component.ref);
    reconcileKids(component, output, Object.assign({}, cx, { env: component.env }));
    if (component.effects.length) cx.pass.effects.push(component);
  }

  // ---- Elements -----------------------------------------------------------

  function updateElement(instance, node, cx) {
    const { type, props } = node;
    const created = !instance.dom;
    if (created) {
      instance.svg = cx.svg || type === "svg";
      instance.dom = instance.svg ? document.createElementNS(SVG_NS, type) : document.createElement(type);
      Object.assign(instance, { props: {}, kids: [], handlers: {}, ref: null });
    }
    const old = instance.props, dom = instance.dom;
    instance.props = props;
    for (const name in old) if (!(name in props)) setProp(instance, name, undefined, old[name]);
    for (const name in props) if (props[name] !== old[name]) setProp(instance, name, props[name], old[name]);

    const inner = props.dangerouslySetInnerHTML;
    if (inner) {
      const html = inner.__html == null ? "" : String(inner.__html);
      if (instance.html !== html) {
        instance.kids.forEach((kid) => unmount(kid, false));
        instance.kids = [];
        dom.innerHTML = instance.html = html;
      }
    } else if (type !== "textarea") {
      if (instance.html != null) dom.innerHTML = instance.html = "";
      reconcileKids(instance, props.children, Object.assign({}, cx, { svg: instance.svg && type !== "foreignObject" }));
      place(dom, domNodes(instance), null);
    }
    if (FORM_FIELDS.has(type)) syncFormValue(instance, created);

    if (node.ref !== instance.ref) {
      if (instance.ref) cx.pass.refs.push([instance.ref, null]);
      if (node.ref) cx.pass.refs.push([node.ref, dom]);
      instance.ref = node.ref;
    }
  }

  function setProp(instance, name, value, oldValue) {
    const dom = instance.dom;
    switch (name) {
      case "children": case "dangerouslySetInnerHTML": case "defaultValue": case "defaultChecked":
      case "suppressHydrationWarning": case "suppressContentEditableWarning":
        return;
      case "style":
        return setStyle(dom.style, value, oldValue);
      case "value": case "checked":
        if (FORM_FIELDS.has(instance.type)) return; // syncFormValue sets them
        break;
      case "selected": case "muted": case "indeterminate":
        dom[name] = !!value;
        return;
    }
    if (/^on[A-Z]/.test(name)) return setHandler(instance, name, value);
    const attr = attributeName(name);
    if (!attr) return;
    const text = siteUrl(attr, attributeValue(name, value));
    const colon = attr.indexOf(":");
    const ns = colon > 0 ? NAMESPACES[attr.slice(0, colon)] : undefined;
    if (text === null) ns ? dom.removeAttributeNS(ns, attr.slice(colon + 1)) : dom.removeAttribute(attr);
    else ns ? dom.setAttributeNS(ns, attr, text) : dom.setAttribute(attr, text);
  }

  function setStyle(style, value, oldValue) {
    if (typeof value !== "object" || value === null || typeof oldValue !== "object" || oldValue === null) {
      style.cssText = "";
      oldValue = {};
      if (typeof value !== "object" || value === null) {
        if (value != null) style.cssText = String(value);
        return;
      }
    }
    for (const name in oldValue) if (!(name in value)) style.removeProperty(cssName(name));
    for (const name in value) {
      if (value[name] === oldValue[name]) continue;
      const text = cssValue(name, value[name]);
      if (text === null) style.removeProperty(cssName(name));
      else {
        const important = /\s*!important$/.exec(text);
        style.setProperty(cssName(name), important ? text.slice(0, important.index) : text, important ? "important" : "");
      }
    }
  }

  // onChange fires as the value changes, as React's does: on `input` for text
  // fields, on `change` for checkboxes, radios and selects. Other event props
  // name their event in lower case (onKeyDown: keydown).
  function eventName(instance, propName) {
    if (propName === "onChange" && FORM_FIELDS.has(instance.type)) {
      const kind = instance.props.type;
      return instance.type === "select" || kind === "checkbox" || kind === "radio" || kind === "file" ? "change" : "input";
    }
    if (propName === "onDoubleClick") return "dblclick";
    if (propName === "onFocus" || propName === "onBlur") return propName === "onFocus" ? "focusin" : "focusout";
    return propName.slice(2).toLowerCase();
  }

  // One listener per event prop, calling whatever handler the props hold now.
  function setHandler(instance, propName, handler) {
    const handlers = instance.handlers;
    if (!(propName in handlers)) {
      const capture = propName.endsWith("Capture");
      const listener = (event) => {
        const current = handlers[propName];
        if (typeof current !== "function") return;
        current(event);
        if (FORM_FIELDS.has(instance.type)) queueMicrotask(() => instance.parent && syncFormValue(instance, false));
      };
      instance.dom.addEventListener(eventName(instance, capture ? propName.slice(0, -7) : propName), listener, capture);
    }
    handlers[propName] = handler;
  }

  // A controlled field shows its `value`/`checked` prop, also after an event
  // that did not change them (the event's effect is undone, as in React).
  function syncFormValue(instance, created) {
    const { dom, props, type } = instance;
    let value = props.value != null ? props.value : created ? props.defaultValue : undefined;
    if (value == null && created && type === "textarea" && props.children != null) value = [].concat(props.children).join("");
    if (value != null) {
      if (type === "select") {
        const chosen = [].concat(value).map(String);
        for (const option of dom.options) option.selected = chosen.includes(option.value);
      } else if (dom.value !== String(value) && !(dom.type === "number" && dom.valueAsNumber === Number(value))) {
        dom.value = value;
      }
    }
    const checked = props.checked != null ? props.checked : created ? props.defaultChecked : undefined;
    if (checked != null) dom.checked = !!checked;
  }

  // ---- Placing DOM nodes --------------------------------------------------

  function domNodes(instance, out = []) {
    for (const kid of instance.kids) {
      if (kid.dom) out.push(kid.dom);
      else domNodes(kid, out);
    }
    return out;
  }

  // Puts nodes in order into parent, just before `before`, moving only those
  // out of place (a node that is not moved keeps focus and any drag).
  function place(parent, nodes, before) {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i];
      if (node.parentNode !== parent || node.nextSibling !== before) parent.insertBefore(node, before);
      before = node;
    }
  }

  function firstDomNode(instance) {
    if (instance.dom) return instance.dom;
    for (const kid of instance.kids) {
      const node = firstDomNode(kid);
      if (node) return node;
    }
    return null;
  }

  // The DOM node that follows a component's nodes, or null if they end its
  // DOM parent.
  function nextDomSibling(instance) {
    for (let parent = instance.parent; ; instance = parent, parent = parent.parent) {
      const kids = parent.kids;
      for (let i = kids.indexOf(instance) + 1; i < kids.length; i++) {
        const node = firstDomNode(kids[i]);
        if (node) return node;
      }
      if (parent.dom) return null;
    }
  }

  function domParent(instance) {
    let parent = instance.parent;
    while (!parent.dom) parent = parent.parent;
    return parent.dom;
  }

  // ---- Commit, effects and unmounting -------------------------------------

  const newPass = () => ({ effects: [], refs: [] });

  function commit(pass) {
    for (const [ref, value] of pass.refs) setRef(ref, value);
    for (const component of pass.effects) runEffects(component, true);
    if (pass.effects.length) setTimeout(() => pass.effects.forEach((component) => runEffects(component, false)), 0);
  }

  function runEffects(component, layout) {
    if (component.unmounted) return;
    for (const hook of component.effects) {
      if (!hook.pending || hook.layout !== layout) continue;
      hook.pending = false;
      runCleanup(hook);
      const cleanup = hook.create();
      hook.cleanup = typeof cleanup === "function" ? cleanup : undefined;
    }
    component.effects = component.effects.filter((hook) => hook.pending);
  }

  function runCleanup(hook) {
    const cleanup = hook.cleanup;
    hook.cleanup = undefined;
    if (cleanup) cleanup();
  }

  // Unmounts an instance and its kids: effects cleaned up, refs cleared, and
  // with removeDom its own DOM node removed.
  function unmount(instance, removeDom) {
    instance.unmounted = true;
    if (instance.hooks) {
      for (const hook of instance.hooks) {
        try {
          if (hook.effect) runCleanup(hook);
        } catch (error) {
          console.error(error);
        }
      }
    }
    if (instance.ref && instance.dom) setRef(instance.ref, null);
    if (instance.kids) for (const kid of instance.kids) unmount(kid, removeDom && !instance.dom);
    if (removeDom && instance.dom) instance.dom.remove();
    instance.parent = null;
  }

  // ---- Updates ------------------------------------------------------------

  const dirty = new Set();
  let flushQueued = false;

  function schedule(component) {
    component.dirty = true;
    dirty.add(component);
    if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(flush);
    }
  }

  // Re-renders the components whose state changed, parents first (a parent's
  // re-render re-renders its children too).
  function flush() {
    flushQueued = false;
    const components = Array.from(dirty).sort((a, b) => a.depth - b.depth);
    dirty.clear();
    for (const component of components) {
      if (!component.dirty || component.unmounted) continue;
      try {
        const pass = newPass();
        renderInto(component, { root: component.root, env: component.env, svg: component.svg, pass });
        place(domParent(component), domNodes(component), nextDomSibling(component));
        commit(pass);
      } catch (error) {
        console.error("sheaf: a component failed to update:", error);
      }
    }
  }

  // ---- Mounting -----------------------------------------------------------

  // Renders thunk() into container in place of its children and keeps it
  // live; returns a function that unmounts it. If rendering throws, the
  // container is left as it was.
  function mount(container, thunk, idPrefix) {
    const root = { prefix: idPrefix == null ? "c" : String(idPrefix), nextId: 0, ssr: false, schedule };
    const top = { dom: document.createDocumentFragment(), kids: [], depth: 0 };
    const pass = newPass();
    reconcileKids(top, thunk(), { root, env: null, svg: false, pass });
    place(top.dom, domNodes(top), null);
    container.replaceChildren(top.dom);
    top.dom = container;
    commit(pass);
    return () => top.kids.forEach((kid) => unmount(kid, true));
  }

  // Mounts each island in order; an island is looked up only when its turn
  // comes, as mounting an outer one can re-create the element of an inner one.
  // A link or file path the build rewrote (checked, made relative to the
  // page) is written as the build wrote it.
  function siteUrl(attr, text) {
    if (text === null || (attr !== "href" && attr !== "src")) return text;
    const rewritten = hostMemo["url\u0000" + text];
    return rewritten === undefined ? text : rewritten;
  }

  function islands(list, memo) {
    Object.assign(hostMemo, memo);
    for (const [id, thunk] of list) {
      const element = document.querySelector('sheaf-island[data-i="' + id + '"]');
      if (!element) {
        console.error("sheaf: island " + id + " is not in the page");
        continue;
      }
      try {
        mount(element, thunk, "i" + id + "-");
        element.setAttribute("data-live", "");
      } catch (error) {
        console.error("sheaf: island " + id + " failed to mount; its server-rendered HTML stays:", error);
      }
    }
  }

  Object.assign(api, { mount, islands });
})();
