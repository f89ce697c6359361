// The oracle's Tailwind v3 configuration: the classes sheaf collected for one
// site (TW_CLASSES, one a line), `dark:` on sheaf's mode toggle, no preflight.
module.exports = {
  content: [process.env.TW_CLASSES],
  darkMode: ["selector", '[data-theme="dark"]'],
  corePlugins: { preflight: false },
};
