// jsx-core.js: sheaf's small React-compatible runtime for the components authors
// write in MDX pages and snippets. It runs at build time in QuickJS, where
// renderToString turns a component tree into HTML, and in the browser, where
// jsx-dom.js adds a DOM reconciler on top. JSX reaches it compiled with the
// classic runtime: h(type, props, ...children), h(Fragment, null, ...).
// Its one global, __sheafJsx, holds h, Fragment, the hooks, a React object,
// raw(html), host(name) and renderToString(vnode, idPrefix).
// Limits: function components only (no classes, Suspense or lazy); every
// re-render re-renders the whole subtree (memo is the identity);
// useTransition and useDeferredValue are synchronous stand-ins; the HTML has
// no hydration markers, as the browser mounts each component afresh.
(function () {
  "use strict";

  const ELEMENT = Symbol.for("sheaf.element");
  const Fragment = Symbol.for("sheaf.fragment");
  const RAW = Symbol.for("sheaf.raw");

  // ---- Elements -----------------------------------------------------------

  function h(type, config, ...children) {
    const props = {};
    let key = null, ref = null;
    for (const name in config) {
      if (name === "key") key = config.key == null ? null : String(config.key);
      else if (name === "ref") ref = config.ref;
      else props[name] = config[name];
    }
    if (children.length === 1) props.children = children[0];
    else if (children.length > 1) props.children = children;
    const defaults = type && type.defaultProps;
    for (const name in defaults) if (props[name] === undefined) props[name] = defaults[name];
    return { $$typeof: ELEMENT, type, props, key, ref };
  }

  function isValidElement(value) {
    return typeof value === "object" && value !== null && value.$$typeof === ELEMENT;
  }

  function cloneElement(element, config, ...children) {
    const { type, key, ref, props } = element;
    return h(type, Object.assign({ key, ref }, props, config), ...children);
  }

  // Trusted HTML, written as it is (in the DOM, inside a <sheaf-raw> element).
  function raw(html) {
    return { $$typeof: ELEMENT, type: RAW, props: { html: String(html) }, key: null, ref: null };
  }

  // Calls fn for each leaf of nested arrays of children (empty ones as null).
  function forEachLeaf(children, fn) {
    let index = 0;
    const walk = (child) => {
      if (Array.isArray(child)) child.forEach(walk);
      else fn(child == null || typeof child === "boolean" ? null : child, index++);
    };
    if (children != null) walk(children);
  }

  const Children = {
    forEach(children, fn, self) { forEachLeaf(children, (c, i) => fn.call(self, c, i)); },
    map(children, fn, self) {
      if (children == null) return children;
      const out = [];
      forEachLeaf(children, (c, i) => forEachLeaf(fn.call(self, c, i), (r) => r != null && out.push(r)));
      return out;
    },
    count(children) { let n = 0; forEachLeaf(children, () => n++); return n; },
    toArray(children) { return Children.map(children, (c) => c) || []; },
    only(children) {
      if (!isValidElement(children)) throw new Error("React.Children.only expected a single element child");
      return children;
    },
  };

  // ---- Contexts -----------------------------------------------------------
  // A context is its own Provider type (as in React 19); .Provider is another.
  // The provided values form a chain, { context, value, up }, that rendering
  // hands down the tree.

  function createContext(defaultValue) {
    const context = { defaultValue, Provider: null };
    context.context = context;
    context.Provider = { context };
    context.Consumer = (props) => props.children(useContext(context));
    return context;
  }

  function contextValue(chain, context) {
    for (let link = chain; link; link = link.up) if (link.context === context) return link.value;
    return context.defaultValue;
  }

  // ---- Component instances and hooks --------------------------------------
  // An instance holds its hooks in call order. Its root says how updates reach
  // the screen: { prefix, nextId, ssr, schedule(instance) }.

  let current = null;
  let hookIndex = 0;

  function newInstance(root, env) {
    return { root, env, hooks: [], effects: [], rerender: false };
  }

  // Calls a function component with the hooks pointing at `instance`; a state
  // update made while it renders renders it again at once.
  function renderComponent(instance, type, props, ref) {
    if (type.prototype && type.prototype.isReactComponent) {
      throw new Error("class components are not supported: write " + (type.name || "it") + " as a function");
    }
    const outer = current, outerIndex = hookIndex;
    current = instance;
    try {
      for (let pass = 0; ; pass++) {
        if (pass > 25) throw new Error("too many re-renders: " + (type.name || "a component") + " sets state on every render");
        hookIndex = 0;
        instance.rerender = false;
        const output = type(props, ref);
        if (!instance.rerender) return output;
      }
    } finally {
      current = outer;
      hookIndex = outerIndex;
    }
  }

  function owner(hookName) {
    if (!current) throw new Error(hookName + " was called outside a component: hooks only work while a function component renders");
    return current;
  }

  // The instance's next hook slot, made by create() on its first render.
  function nextHook(hookName, create) {
    const hooks = owner(hookName).hooks;
    if (hookIndex === hooks.length) hooks.push(create());
    return hooks[hookIndex++];
  }

  function depsChanged(before, after) {
    return !before || !after || before.length !== after.length || after.some((dep, i) => !Object.is(dep, before[i]));
  }

  function useReducer(reducer, initialArg, init) {
    const hook = nextHook("useReducer", () => {
      const instance = current;
      const slot = { state: init ? init(initialArg) : initialArg };
      slot.dispatch = (action) => dispatch(instance, slot, action);
      return slot;
    });
    hook.reducer = reducer;
    return [hook.state, hook.dispatch];
  }

  function dispatch(instance, hook, action) {
    const rendering = current === instance;
    if (instance.unmounted || (instance.root.ssr && !rendering)) return;
    const next = hook.reducer(hook.state, action);
    if (Object.is(next, hook.state)) return;
    hook.state = next;
    if (rendering) instance.rerender = true;
    else instance.root.schedule(instance);
  }

  const applyState = (state, action) => (typeof action === "function" ? action(state) : action);
  const callInit = (init) => init();

  function useState(initial) {
    return useReducer(applyState, initial, typeof initial === "function" ? callInit : undefined);
  }

  // Effects are queued on the instance when their deps differ from the last
  // render's; jsx-dom.js runs them after the DOM commit. Server rendering never
  // runs them.
  function queueEffect(hookName, layout, create, deps) {
    const hook = nextHook(hookName, () => ({ effect: true, deps: undefined, cleanup: undefined }));
    if (current.root.ssr) return;
    if (hook.pending) hook.create = create; // the latest render's closure
    if (!depsChanged(hook.deps, deps)) return;
    Object.assign(hook, { create, deps, layout });
    if (!hook.pending) {
      hook.pending = true;
      current.effects.push(hook);
    }
  }

  const useEffect = (create, deps) => queueEffect("useEffect", false, create, deps);
  const useLayoutEffect = (create, deps) => queueEffect("useLayoutEffect", true, create, deps);

  function setRef(ref, value) {
    if (typeof ref === "function") ref(value);
    else if (ref) ref.current = value;
  }

  const hooks = {
    useState,
    useReducer,
    useEffect,
    useLayoutEffect,
    useInsertionEffect: useLayoutEffect,
    useRef: (initial) => nextHook("useRef", () => ({ current: initial })),
    useMemo(factory, deps) {
      const hook = nextHook("useMemo", () => ({ deps: undefined }));
      if (depsChanged(hook.deps, deps)) {
        hook.value = factory();
        hook.deps = deps;
      }
      return hook.value;
    },
    useCallback: (fn, deps) => hooks.useMemo(() => fn, deps),
    useContext: (context) => contextValue(owner("useContext").env, context),
    // Ids follow the order components first render in, so the server and the
    // browser give the same tree the same ids.
    useId() {
      return nextHook("useId", () => ({ id: ":" + current.root.prefix + (current.root.nextId++).toString(32) + ":" })).id;
    },
    useImperativeHandle(ref, create, deps) {
      useLayoutEffect(() => {
        setRef(ref, create());
        return () => setRef(ref, null);
      }, deps);
    },
    useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) {
      const value = current && current.root.ssr && getServerSnapshot ? getServerSnapshot() : getSnapshot();
      const [, bump] = useReducer((n) => n + 1, 0);
      useEffect(() => {
        const check = () => Object.is(getSnapshot(), value) || bump();
        check();
        return subscribe(check);
      }, [subscribe, getSnapshot, value]);
      return value;
    },
    useTransition: () => (owner("useTransition"), [false, (fn) => fn()]),
    useDeferredValue: (value) => (owner("useDeferredValue"), value),
    useDebugValue() {},
  };
  const useContext = hooks.useContext;

  // ---- Attributes and styles (shared with jsx-dom.js) ---------------------

  // React names SVG presentation attributes in camelCase and writes them
  // with the SVG spec's hyphens; the rest of SVG's names keep their case.
  const HYPHENATED = new Set(("accentHeight alignmentBaseline arabicForm baselineShift capHeight clipPath clipRule " +
    "colorInterpolation colorInterpolationFilters colorProfile colorRendering dominantBaseline enableBackground " +
    "fillOpacity fillRule floodColor floodOpacity fontFamily fontSize fontSizeAdjust fontStretch fontStyle " +
    "fontVariant fontWeight glyphName glyphOrientationHorizontal glyphOrientationVertical horizAdvX horizOriginX " +
    "imageRendering letterSpacing lightingColor markerEnd markerMid markerStart maskType overlinePosition " +
    "overlineThickness paintOrder pointerEvents renderingIntent shapeRendering stopColor stopOpacity " +
    "strikethroughPosition strikethroughThickness strokeDasharray strokeDashoffset strokeLinecap strokeLinejoin " +
    "strokeMiterlimit strokeOpacity strokeWidth textAnchor textDecoration textRendering transformBox " +
    "transformOrigin underlinePosition underlineThickness unicodeBidi unicodeRange unitsPerEm vAlphabetic " +
    "vHanging vIdeographic vMathematical vectorEffect vertAdvY vertOriginX vertOriginY wordSpacing writingMode " +
    "xHeight").split(" "));
  const RENAMED = { className: "class", htmlFor: "for", acceptCharset: "accept-charset", httpEquiv: "http-equiv",
    crossOrigin: "crossorigin", xmlnsXlink: "xmlns:xlink" };
  // Present or absent; the set holds lower-case names.
  const BOOLEAN = new Set(("allowfullscreen async autofocus autoplay checked controls default defer disabled " +
    "disablepictureinpicture disableremoteplayback formnovalidate hidden inert itemscope loop multiple muted " +
    "nomodule novalidate open playsinline readonly required reversed scoped seamless selected").split(" "));
  // true and false written as strings.
  const BOOLEANISH = new Set(("contentEditable draggable spellCheck autoReverse externalResourcesRequired " +
    "focusable preserveAlpha").split(" "));
  const SAFE_NAME = /^[A-Za-z_:][\w:.-]*$/;
  const EVENT = /^on[A-Z]/;

  const hyphenate = (name) => name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

  // The attribute a prop is written as, or null when it never is one.
  function attributeName(name) {
    if (EVENT.test(name) || !SAFE_NAME.test(name)) return null;
    if (RENAMED[name]) return RENAMED[name];
    if (HYPHENATED.has(name)) return hyphenate(name);
    if (/^xlink[A-Z]/.test(name)) return "xlink:" + name.slice(5).toLowerCase();
    if (/^xml[A-Z]/.test(name)) return "xml:" + name.slice(3).toLowerCase();
    if (BOOLEAN.has(name.toLowerCase())) return name.toLowerCase();
    return name;
  }

  // The attribute's text, or null when it is absent.
  function attributeValue(name, value) {
    if (value == null || typeof value === "function" || typeof value === "symbol") return null;
    if (BOOLEAN.has(name.toLowerCase())) return value ? "" : null;
    if (typeof value === "boolean") {
      if (name === "capture" || name === "download") return value ? "" : null;
      return BOOLEANISH.has(name) || /^(data|aria)-/.test(name) ? String(value) : null;
    }
    return String(value);
  }

  const UNITLESS = new Set(("animationIterationCount aspectRatio borderImageOutset borderImageSlice " +
    "borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive " +
    "flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn " +
    "gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale " +
    "tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset " +
    "strokeMiterlimit strokeOpacity strokeWidth").split(" "));

  function cssName(name) {
    return name.startsWith("--") ? name : hyphenate(name).replace(/^ms-/, "-ms-");
  }

  // The CSS text of a style value, or null to leave the property out.
  function cssValue(name, value) {
    if (value == null || typeof value === "boolean" || value === "") return null;
    if (typeof value !== "number" || value === 0 || name.startsWith("--")) return String(value).trim();
    const bare = name.replace(/^(Webkit|WebKit|Moz|ms|O)([A-Z])/, (_, prefix, c) => c.toLowerCase());
    return UNITLESS.has(bare) ? String(value) : value + "px";
  }

  function styleText(style) {
    if (typeof style !== "object") return String(style);
    const rules = [];
    for (const name in style) {
      const value = cssValue(name, style[name]);
      if (value !== null) rules.push(cssName(name) + ":" + value);
    }
    return rules.join(";");
  }

  // ---- Server rendering ---------------------------------------------------

  const VOID = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

  function renderToString(node, idPrefix) {
    const root = { prefix: idPrefix == null ? "s" : String(idPrefix), nextId: 0, ssr: true, schedule() {} };
    const out = [];
    writeNode(node, { root, env: null, select: undefined }, out);
    return out.join("");
  }

  function invalidChild(value) {
    const what = typeof value === "object" ? "object with keys {" + Object.keys(value).join(", ") + "}" : typeof value;
    return new Error("Objects are not valid as a React child (found: " + what + "); to render a list, use an array");
  }

  function invalidType(type) {
    return new Error("Element type is invalid: expected a tag name or a component but got " +
      (type === undefined ? "undefined (a component that is not defined or not exported?)" : String(type)));
  }

  // cx: { root, env (the context chain), select (a <select>'s value, for its options) }
  function writeNode(node, cx, out) {
    if (node == null || typeof node === "boolean" || typeof node === "function" || typeof node === "symbol") return;
    if (typeof node !== "object") return void out.push(escapeHtml(node));
    if (Array.isArray(node)) {
      for (const child of node) writeNode(child, cx, out);
      return;
    }
    if (!isValidElement(node)) {
      if (typeof node[Symbol.iterator] === "function") return writeNode(Array.from(node), cx, out);
      throw invalidChild(node);
    }
    const { type, props } = node;
    if (typeof type === "string") writeElement(type, props, cx, out);
    else if (typeof type === "function") {
      writeNode(renderComponent(newInstance(cx.root, cx.env), type, props, node.ref), cx, out);
    } else if (type === Fragment) writeNode(props.children, cx, out);
    else if (type === RAW) out.push(props.html);
    else if (type && type.context) {
      writeNode(props.children, Object.assign({}, cx, { env: { context: type.context, value: props.value, up: cx.env } }), out);
    } else throw invalidType(type);
  }

  const textOf = (children) => {
    let text = "";
    forEachLeaf(children, (c) => { if (c != null && typeof c !== "object") text += c; });
    return text;
  };

  function writeElement(tag, props, cx, out) {
    let open = "<" + tag, content = props.children, innerHtml = null, select = cx.select;
    for (const name in props) {
      let value = props[name];
      if (name === "children" || name === "suppressHydrationWarning" || name === "suppressContentEditableWarning") continue;
      if (name === "dangerouslySetInnerHTML") {
        innerHtml = value && value.__html;
        continue;
      }
      if (name === "style") {
        if (value != null && (value = styleText(value))) open += ' style="' + escapeHtml(value) + '"';
        continue;
      }
      let attr = name;
      if (name === "defaultValue" || name === "defaultChecked") {
        if (props[name === "defaultValue" ? "value" : "checked"] != null) continue;
        attr = name === "defaultValue" ? "value" : "checked";
      }
      if (attr === "value" && tag === "textarea") content = value;
      else if (attr === "value" && tag === "select") select = value;
      else if ((value = attributeValue(attr, value)) !== null && (attr = attributeName(attr))) {
        open += " " + attr + '="' + escapeHtml(value) + '"';
      }
    }
    if (tag === "option" && select != null) {
      const own = props.value != null ? String(props.value) : textOf(props.children);
      const chosen = Array.isArray(select) ? select.map(String).includes(own) : String(select) === own;
      if (chosen) open += ' selected=""';
    }
    out.push(open + ">");
    if (VOID.has(tag)) return;
    if (innerHtml != null) out.push(String(innerHtml));
    else if (tag === "style" || tag === "script") out.push(textOf(content).replace(/<\/(style|script)/gi, "<\\/$1"));
    else writeNode(content, tag === "select" ? Object.assign({}, cx, { select }) : cx, out);
    out.push("</" + tag + ">");
  }

  // ---- Components sheaf renders itself -----------------------------------
  // host("Card") is a component that has sheaf render its built-in Card: at
  // build time through __sheaf_host (defined by sheaf in QuickJS), in the
  // browser from the HTML the build recorded for the same props and children.

  const hostMemo = Object.create(null);
  const hosts = new Map();

  function host(name) {
    if (!hosts.has(name)) {
      const dropUnsendable = (key, value) => (typeof value === "function" || isValidElement(value) ? undefined : value);
      hosts.set(name, function HostComponent(props) {
        const id = hooks.useId();
        const data = {};
        for (const key in props) if (key !== "children") data[key] = props[key];
        const propsJson = JSON.stringify(data, dropUnsendable);
        const root = { prefix: id.slice(1, -1) + "-", nextId: 0, ssr: true, schedule() {} };
        const out = [];
        writeNode(props.children, { root, env: current.env, select: undefined }, out);
        const childrenHtml = out.join("");
        if (typeof globalThis.__sheaf_host === "function") return raw(globalThis.__sheaf_host(name, propsJson, childrenHtml));
        const html = hostMemo[name + "\u0000" + propsJson + "\u0000" + childrenHtml];
        if (typeof html === "string") return raw(html);
        return h("div", { className: "c-unknown", "data-component": name }, props.children);
      });
    }
    return hosts.get(name);
  }

  // ---- The global ---------------------------------------------------------

  const React = Object.assign({
    createElement: h,
    Fragment,
    StrictMode: Fragment,
    Suspense: (props) => props.children,
    createContext,
    memo: (component) => component,
    forwardRef: (render) => render, // every component gets the ref as its second argument
    Children,
    isValidElement,
    cloneElement,
    startTransition: (fn) => fn(),
    version: "18.3.1-sheaf",
  }, hooks);

  globalThis.__sheafJsx = Object.assign({}, React, {
    h,
    React,
    raw,
    host,
    renderToString,
    // For jsx-dom.js.
    internals: {
      ELEMENT, RAW, hostMemo, newInstance, renderComponent, setRef, attributeName, attributeValue, cssName, cssValue,
    },
  });
})();
