// bench/looks cases: code (see ../cases.mjs): Tabs (with icons), code
// blocks (header with a filename and an icon, none, `lines`, `wrap`,
// `expandable`, the <CodeBlock> component) and CodeGroup (tabs, icons,
// `dropdown`). Mermaid draws no frame of its own (its diagram is drawn in
// the browser), so it has no case here.
import { createElement as h } from 'react';
import * as M from '@mintlify/components';

const p = (text) => h('p', null, text);
const code = (text) => h('pre', null, h('code', null, text));
const curl = 'curl https://api.example.com/api/user \\\n  -H "Authorization: Token $API_KEY"';
const long = Array.from({ length: 20 }, (_, i) => `echo "line ${i + 1}"`).join('\n');
const block = (props, text) => h(M.CodeBlock, { language: 'bash', ...props }, code(text));
const fence = (info, text) => `\`\`\`${info}\n${text}\n\`\`\``;
const group = (props, icons) => h(M.CodeGroup, props,
  block({ filename: 'cURL', icon: icons ? 'terminal' : undefined }, 'curl https://api.example.com/api/user'),
  block({ filename: 'Python', language: 'python', icon: icons ? 'python' : undefined }, 'requests.get(url)'));
const groupMdx = (attrs, icons) => `<CodeGroup${attrs}>\n${fence(`bash cURL${icons ? ' icon="terminal"' : ''}`, 'curl https://api.example.com/api/user')}\n${fence(`python Python${icons ? ' icon="python"' : ''}`, 'requests.get(url)')}\n</CodeGroup>`;

export const cases = [
  {
    name: 'tabs',
    mintlify: () => h(M.Tabs, null,
      h(M.Tabs.Item, { title: 'cURL' }, p('Send GET /api/user with the token.')),
      h(M.Tabs.Item, { title: 'Python' }, p('requests.get(url, headers=...)'))),
    mdx: `<Tabs>\n  <Tab title="cURL">\n    Send GET /api/user with the token.\n  </Tab>\n  <Tab title="Python">\n    requests.get(url, headers=...)\n  </Tab>\n</Tabs>`,
  },
  {
    name: 'tabs-icons',
    mintlify: () => h(M.Tabs, null,
      h(M.Tabs.Item, { title: 'cURL', icon: 'terminal' }, p('Send GET /api/user with the token.')),
      h(M.Tabs.Item, { title: 'Python', icon: 'python' }, p('requests.get(url, headers=...)'))),
    mdx: `<Tabs>\n  <Tab title="cURL" icon="terminal">\n    Send GET /api/user with the token.\n  </Tab>\n  <Tab title="Python" icon="python">\n    requests.get(url, headers=...)\n  </Tab>\n</Tabs>`,
  },
  {
    name: 'code-block',
    mintlify: () => block({ filename: 'get-user.sh' }, curl),
    mdx: fence('bash get-user.sh', curl),
  },
  {
    name: 'code-block-plain',
    mintlify: () => block({}, curl),
    mdx: fence('bash', curl),
  },
  {
    name: 'code-block-icon',
    mintlify: () => block({ filename: 'get-user.sh', icon: 'terminal' }, curl),
    mdx: `<CodeBlock filename="get-user.sh" icon="terminal" language="bash">\n{\`${curl.replace(/\\/g, '\\\\').replace(/\$/g, '\\$')}\`}\n</CodeBlock>`,
  },
  {
    name: 'code-block-lines',
    mintlify: () => block({ filename: 'get-user.sh', lines: true }, curl),
    mdx: fence('bash get-user.sh lines', curl),
  },
  {
    name: 'code-block-wrap',
    mintlify: () => block({ filename: 'get-user.sh', wrap: true }, curl),
    mdx: fence('bash get-user.sh wrap', curl),
  },
  {
    name: 'code-block-expandable',
    mintlify: () => block({ filename: 'lines.sh', expandable: true }, long),
    mdx: fence('bash lines.sh expandable', long),
  },
  {
    name: 'code-group',
    mintlify: () => group(null, false),
    mdx: groupMdx('', false),
  },
  {
    name: 'code-group-icons',
    mintlify: () => group(null, true),
    mdx: groupMdx('', true),
  },
  {
    name: 'code-group-dropdown',
    mintlify: () => group({ dropdown: true }, false),
    mdx: groupMdx(' dropdown', false),
  },
];
