// The cases of bench/looks.sh: for each, Mintlify's component as React
// elements (the oracle) and the MDX an author writes for the same thing
// (built by sheaf into cases/NAME.mdx by looks.mjs).
import { createElement as h } from 'react';
import * as M from '@mintlify/components';

const p = (text) => h('p', null, text);
const para = 'The User Group Service returns the user for the token you send.';

export const cases = [
  {
    name: 'card',
    mintlify: () => h(M.Card, { title: 'Get a user', icon: 'user', href: '/api/user' }, para),
    mdx: `<Card title="Get a user" icon="user" href="/api/user">\n  ${para}\n</Card>`,
  },
  {
    name: 'card-horizontal',
    mintlify: () => h(M.Card, { title: 'Rotate the token', icon: 'key', horizontal: true, href: '/api/token' }, 'POST /api/user rotates it.'),
    mdx: `<Card title="Rotate the token" icon="key" horizontal href="/api/token">\n  POST /api/user rotates it.\n</Card>`,
  },
  {
    name: 'card-cta',
    mintlify: () => h(M.Card, { title: 'Update a user', icon: 'pen', href: '/api/update', cta: 'Read more', arrow: true }, para),
    mdx: `<Card title="Update a user" icon="pen" href="/api/update" cta="Read more" arrow>\n  ${para}\n</Card>`,
  },
  {
    name: 'card-group',
    mintlify: () => h(M.Columns, { cols: 2 },
      h(M.Card, { title: 'GET', icon: 'download' }, 'Get or create.'),
      h(M.Card, { title: 'PUT', icon: 'upload' }, 'Update.'),
      h(M.Card, { title: 'POST', icon: 'key' }, 'Rotate the token.'),
      h(M.Card, { title: 'Auth', icon: 'lock' }, 'Token <API_KEY>.')),
    mdx: `<CardGroup cols={2}>\n  <Card title="GET" icon="download">Get or create.</Card>\n  <Card title="PUT" icon="upload">Update.</Card>\n  <Card title="POST" icon="key">Rotate the token.</Card>\n  <Card title="Auth" icon="lock">Token &lt;API_KEY&gt;.</Card>\n</CardGroup>`,
  },
  ...['Note', 'Info', 'Tip', 'Warning', 'Check', 'Danger'].map((kind) => ({
    name: `callout-${kind.toLowerCase()}`,
    mintlify: () => h(M[kind], null, p(`${kind}: send the header Authorization: Token <API_KEY>.`)),
    mdx: `<${kind}>\n  ${kind}: send the header Authorization: Token &lt;API_KEY&gt;.\n</${kind}>`,
  })),
  {
    name: 'callout-custom',
    mintlify: () => h(M.Callout, { icon: 'key', color: '#FFC107' }, p('A custom callout with its own icon and colour.')),
    mdx: `<Callout icon="key" color="#FFC107">\n  A custom callout with its own icon and colour.\n</Callout>`,
  },
  {
    name: 'steps',
    mintlify: () => h(M.Steps, null,
      h(M.Steps.Item, { title: 'Get an API key', stepNumber: 1 }, p('Ask your administrator.')),
      h(M.Steps.Item, { title: 'Call GET /api/user', stepNumber: 2 }, p('The user is created when missing.')),
      h(M.Steps.Item, { title: 'Rotate the token', stepNumber: 3, isLast: true }, p('POST /api/user.'))),
    mdx: `<Steps>\n  <Step title="Get an API key">\n    Ask your administrator.\n  </Step>\n  <Step title="Call GET /api/user">\n    The user is created when missing.\n  </Step>\n  <Step title="Rotate the token">\n    POST /api/user.\n  </Step>\n</Steps>`,
  },
  {
    name: 'tabs',
    mintlify: () => h(M.Tabs, null,
      h(M.Tabs.Item, { title: 'cURL' }, p('Send GET /api/user with the token.')),
      h(M.Tabs.Item, { title: 'Python' }, p('requests.get(url, headers=...)'))),
    mdx: `<Tabs>\n  <Tab title="cURL">\n    Send GET /api/user with the token.\n  </Tab>\n  <Tab title="Python">\n    requests.get(url, headers=...)\n  </Tab>\n</Tabs>`,
  },
  {
    name: 'accordion',
    mintlify: () => h(M.Accordion, { title: 'What does GET do?', defaultOpen: false }, p('It gets or creates the user.')),
    mdx: `<Accordion title="What does GET do?">\n  It gets or creates the user.\n</Accordion>`,
  },
  {
    name: 'accordion-open',
    mintlify: () => h(M.Accordion, { title: 'What does PUT do?', description: 'Updates', defaultOpen: true }, p('It updates the user.')),
    mdx: `<Accordion title="What does PUT do?" description="Updates" defaultOpen>\n  It updates the user.\n</Accordion>`,
  },
  {
    name: 'accordion-group',
    mintlify: () => h(M.Accordion.Group, null,
      h(M.Accordion, { title: 'GET', defaultOpen: false }, p('Get or create.')),
      h(M.Accordion, { title: 'PUT', defaultOpen: false }, p('Update.')),
      h(M.Accordion, { title: 'POST', defaultOpen: false }, p('Rotate.'))),
    mdx: `<AccordionGroup>\n  <Accordion title="GET">Get or create.</Accordion>\n  <Accordion title="PUT">Update.</Accordion>\n  <Accordion title="POST">Rotate.</Accordion>\n</AccordionGroup>`,
  },
  {
    name: 'param-field',
    mintlify: () => h(M.Property, { name: 'user_id', type: 'string', location: 'query', required: true, default: 'me' }, p('The user to get.')),
    mdx: `<ParamField query="user_id" type="string" required default="me">\n  The user to get.\n</ParamField>`,
  },
  {
    name: 'response-field',
    mintlify: () => h(M.Property, { name: 'token', type: 'string', deprecated: true }, p('The rotated API token.')),
    mdx: `<ResponseField name="token" type="string" deprecated>\n  The rotated API token.\n</ResponseField>`,
  },
  {
    name: 'expandable',
    mintlify: () => h(M.Property, { name: 'user', type: 'object' },
      h(M.Expandable, { title: 'properties', defaultOpen: true },
        h(M.Property, { name: 'id', type: 'string' }, p('The id.')),
        h(M.Property, { name: 'email', type: 'string' }, p('The email.')))),
    mdx: `<ResponseField name="user" type="object">\n  <Expandable title="properties" defaultOpen>\n    <ResponseField name="id" type="string">\n      The id.\n    </ResponseField>\n    <ResponseField name="email" type="string">\n      The email.\n    </ResponseField>\n  </Expandable>\n</ResponseField>`,
  },
  {
    name: 'frame',
    mintlify: () => h(M.Frame, { description: 'The dashboard' }, h('img', { src: 'pic.svg', alt: 'Dashboard', width: 600, height: 300 })),
    mdx: `<Frame caption="The dashboard">\n  <img src="/pic.svg" alt="Dashboard" width="600" height="300" />\n</Frame>`,
  },
  {
    name: 'badge',
    mintlify: () => p([h(M.Badge, { key: 1 }, 'Beta')]),
    mdx: `<Badge>Beta</Badge>`,
  },
  {
    name: 'update',
    mintlify: () => h(M.Update, { id: 'v2', label: 'March 2026', description: 'v2.0', tags: ['API', 'Auth'], isVisible: true }, p('Tokens rotate with POST /api/user.')),
    mdx: `<Update label="March 2026" description="v2.0" tags={["API", "Auth"]}>\n  Tokens rotate with POST /api/user.\n</Update>`,
  },
  {
    name: 'tooltip',
    mintlify: () => p(['Send an ', h(M.Tooltip, { key: 1, description: 'A key from your dashboard' }, 'API key'), '.']),
    mdx: `Send an <Tooltip tip="A key from your dashboard">API key</Tooltip>.`,
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
  {
    name: 'tree',
    mintlify: () => h(M.Tree, null,
      h(M.Tree.Folder, { name: 'api', defaultOpen: true }, h(M.Tree.File, { name: 'user.mdx' })),
      h(M.Tree.File, { name: 'docs.json' })),
    mdx: `<Tree>\n  <Tree.Folder name="api" defaultOpen>\n    <Tree.File name="user.mdx" />\n  </Tree.Folder>\n  <Tree.File name="docs.json" />\n</Tree>`,
  },
  {
    name: 'tile',
    mintlify: () => h(M.Tile, { href: '/api/user', title: 'User', description: 'The user API' }, h('img', { src: 'pic.svg', alt: 'User' })),
    mdx: `<Tile href="/api/user" title="User" description="The user API">\n  <img src="/pic.svg" alt="User" />\n</Tile>`,
  },
];
