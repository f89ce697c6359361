// bench/looks cases: code (see ../cases.mjs).
import { createElement as h } from 'react';
import * as M from '@mintlify/components';

const p = (text) => h('p', null, text);
const para = 'The User Group Service returns the user for the token you send.';

export const cases = [
  {
    name: 'tabs',
    mintlify: () => h(M.Tabs, null,
      h(M.Tabs.Item, { title: 'cURL' }, p('Send GET /api/user with the token.')),
      h(M.Tabs.Item, { title: 'Python' }, p('requests.get(url, headers=...)'))),
    mdx: `<Tabs>\n  <Tab title="cURL">\n    Send GET /api/user with the token.\n  </Tab>\n  <Tab title="Python">\n    requests.get(url, headers=...)\n  </Tab>\n</Tabs>`,
  },
  {
    name: 'code-block',
    mintlify: () => h(M.CodeBlock, { filename: 'get-user.sh', language: 'bash' }, h('pre', null, h('code', null, 'curl https://api.example.com/api/user \\\n  -H "Authorization: Token $API_KEY"'))),
    mdx: '```bash get-user.sh\ncurl https://api.example.com/api/user \\\n  -H "Authorization: Token $API_KEY"\n```',
  },
  {
    name: 'code-group',
    mintlify: () => h(M.CodeGroup, null,
      h(M.CodeBlock, { filename: 'cURL', language: 'bash' }, h('pre', null, h('code', null, 'curl https://api.example.com/api/user'))),
      h(M.CodeBlock, { filename: 'Python', language: 'python' }, h('pre', null, h('code', null, 'requests.get(url)')))),
    mdx: '<CodeGroup>\n```bash cURL\ncurl https://api.example.com/api/user\n```\n```python Python\nrequests.get(url)\n```\n</CodeGroup>',
  },
];
