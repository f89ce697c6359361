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
    name: 'card-arrow',
    mintlify: () => h(M.Card, { title: 'Token guide', icon: 'book', href: 'https://example.com/tokens' }, 'How to send Token <API_KEY>.'),
    mdx: `<Card title="Token guide" icon="book" href="https://example.com/tokens">\n  How to send Token &lt;API_KEY&gt;.\n</Card>`,
  },
  {
    name: 'card-img',
    mintlify: () => h(M.Card, { title: 'The dashboard', img: 'pic.svg', href: '/api/user' }, para),
    mdx: `<Card title="The dashboard" img="/pic.svg" href="/api/user">\n  ${para}\n</Card>`,
  },
  {
    name: 'card-color',
    mintlify: () => h(M.Card, { title: 'Delete a user', icon: 'trash', color: '#E11D48' }, 'Not part of the User Group Service.'),
    mdx: `<Card title="Delete a user" icon="trash" color="#E11D48">\n  Not part of the User Group Service.\n</Card>`,
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
    name: 'columns-3',
    mintlify: () => h(M.Columns, { cols: 3 },
      h(M.Card, { title: 'GET', icon: 'download', href: '/api/get' }, 'Get or create.'),
      h(M.Card, { title: 'PUT', icon: 'upload', horizontal: true }, 'Update.'),
      h(M.Card, { title: 'POST', icon: 'key', cta: 'Rotate' }, 'Rotate the token.')),
    mdx: `<Columns cols={3}>\n  <Card title="GET" icon="download" href="/api/get">Get or create.</Card>\n  <Card title="PUT" icon="upload" horizontal>Update.</Card>\n  <Card title="POST" icon="key" cta="Rotate">Rotate the token.</Card>\n</Columns>`,
  },
  {
    name: 'frame',
    mintlify: () => h(M.Frame, { description: 'The dashboard' }, h('img', { src: 'pic.svg', alt: 'Dashboard', width: 600, height: 300 })),
    mdx: `<Frame caption="The dashboard">\n  <img src="/pic.svg" alt="Dashboard" width="600" height="300" />\n</Frame>`,
  },
  {
    name: 'frame-hint',
    mintlify: () => h(M.Frame, { title: 'Sign in first', description: 'The token page' }, h('img', { src: 'pic.svg', alt: 'Tokens', width: 600, height: 300 })),
    mdx: `<Frame hint="Sign in first" caption="The token page">\n  <img src="/pic.svg" alt="Tokens" width="600" height="300" />\n</Frame>`,
  },
  {
    name: 'frame-plain',
    mintlify: () => h(M.Frame, {}, h('img', { src: 'pic.svg', alt: 'Dashboard', width: 600, height: 300 })),
    mdx: `<Frame>\n  <img src="/pic.svg" alt="Dashboard" width="600" height="300" />\n</Frame>`,
  },
  {
    name: 'tile',
    mintlify: () => h(M.Tile, { href: '/api/user', title: 'User', description: 'The user API' }, h('img', { src: 'pic.svg', alt: 'User' })),
    mdx: `<Tile href="/api/user" title="User" description="The user API">\n  <img src="/pic.svg" alt="User" />\n</Tile>`,
  },
  {
    name: 'tile-plain',
    mintlify: () => h(M.Tile, { href: '/api/user' }, h('img', { src: 'pic.svg', alt: 'User', width: 120, height: 60 })),
    mdx: `<Tile href="/api/user">\n  <img src="/pic.svg" alt="User" width="120" height="60" />\n</Tile>`,
  },
];
