// bench/looks cases: cards (see ../cases.mjs).
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
  {
    name: 'frame',
    mintlify: () => h(M.Frame, { description: 'The dashboard' }, h('img', { src: 'pic.svg', alt: 'Dashboard', width: 600, height: 300 })),
    mdx: `<Frame caption="The dashboard">\n  <img src="/pic.svg" alt="Dashboard" width="600" height="300" />\n</Frame>`,
  },
  {
    name: 'tile',
    mintlify: () => h(M.Tile, { href: '/api/user', title: 'User', description: 'The user API' }, h('img', { src: 'pic.svg', alt: 'User' })),
    mdx: `<Tile href="/api/user" title="User" description="The user API">\n  <img src="/pic.svg" alt="User" />\n</Tile>`,
  },
];
