// bench/looks cases: fields, Expandable, Badge, Update and Tooltip (see
// ../cases.mjs). `extra` names parts Mintlify's markup leaves unnamed,
// compared by a selector of the bench's own: [Mintlify's, sheaf's, name].
import { createElement as h } from 'react';
import * as M from '@mintlify/components';

const p = (text) => h('p', null, text);
const badgeBox = [['[data-shape]', '.c-badge', 'badge']];
const tipBox = [['.tooltip', '.c-tooltip-trigger', 'tooltip-trigger']];
const badges = (list) => p(list.flatMap(([props, text], i) => [i ? ' ' : '', h(M.Badge, { key: i, ...props }, text)]));
const badgeMdx = (list) => list.map(([props, text]) => `<Badge${Object.entries(props).map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${v}"`)).join('')}>${text}</Badge>`).join(' ');

const badgeCases = [
  ['badge', [[{}, 'Beta']]],
  ['badge-colors', ['blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface'].map((color) => [{ color }, color])],
  ['badge-sizes', ['xs', 'sm', 'md', 'lg'].map((size) => [{ size, color: 'blue' }, size])],
  ['badge-pill', [[{ shape: 'pill', color: 'green' }, 'Stable'], [{ shape: 'pill', stroke: true }, 'Outline']]],
];

export const cases = [
  {
    name: 'param-field',
    mintlify: () => h(M.Property, { name: 'user_id', type: 'string', location: 'query', required: true, default: 'me' }, p('The user to get.')),
    mdx: `<ParamField query="user_id" type="string" required default="me">\n  The user to get.\n</ParamField>`,
  },
  {
    name: 'param-path',
    mintlify: () => h(M.Property, { name: 'group_id', type: 'integer', location: 'path', required: true }, p('The group.')),
    mdx: `<ParamField path="group_id" type="integer" required>\n  The group.\n</ParamField>`,
  },
  {
    name: 'param-body',
    mintlify: () => h(M.Property, { name: 'expires_in_days', type: 'number', location: 'body', default: 30, pre: ['v2'], post: ['max 365'] }, p('Days until the token expires.')),
    mdx: `<ParamField body="expires_in_days" type="number" default={30} pre={["v2"]} post={["max 365"]}>\n  Days until the token expires.\n</ParamField>`,
  },
  {
    name: 'param-header',
    mintlify: () => h(M.Property, { name: 'Authorization', type: 'string', location: 'header', required: true, deprecated: true }, p('Token <API_KEY>.')),
    mdx: `<ParamField header="Authorization" type="string" required deprecated>\n  Token &lt;API_KEY&gt;.\n</ParamField>`,
  },
  {
    name: 'response-field',
    mintlify: () => h(M.Property, { name: 'token', type: 'string', deprecated: true }, p('The rotated API token.')),
    mdx: `<ResponseField name="token" type="string" deprecated>\n  The rotated API token.\n</ResponseField>`,
  },
  {
    name: 'response-default',
    mintlify: () => h(M.Property, { name: 'role', type: 'string', required: true, default: 'member' }, p('The role in the group.')),
    mdx: `<ResponseField name="role" type="string" required default="member">\n  The role in the group.\n</ResponseField>`,
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
    name: 'expandable-closed',
    mintlify: () => h(M.Property, { name: 'groups', type: 'object[]' },
      h(M.Expandable, { title: 'properties' },
        h(M.Property, { name: 'id', type: 'string' }, p('The group id.')))),
    mdx: `<ResponseField name="groups" type="object[]">\n  <Expandable title="properties">\n    <ResponseField name="id" type="string">\n      The group id.\n    </ResponseField>\n  </Expandable>\n</ResponseField>`,
  },
  ...badgeCases.map(([name, list]) => ({ name, extra: badgeBox, mintlify: () => badges(list), mdx: badgeMdx(list) })),
  {
    name: 'badge-icon',
    extra: badgeBox,
    mintlify: () => p([h(M.Badge, { key: 1, leadIcon: 'circle-check', color: 'green' }, 'Verified'), ' ', h(M.Badge, { key: 2, leadIcon: 'lock', size: 'sm' }, 'Auth')]),
    mdx: `<Badge icon="circle-check" color="green">Verified</Badge> <Badge icon="lock" size="sm">Auth</Badge>`,
  },
  {
    name: 'update',
    mintlify: () => h(M.Update, { id: 'v2', label: 'March 2026', description: 'v2.0', tags: ['API', 'Auth'], isVisible: true }, p('Tokens rotate with POST /api/user.')),
    mdx: `<Update label="March 2026" description="v2.0" tags={["API", "Auth"]}>\n  Tokens rotate with POST /api/user.\n</Update>`,
  },
  {
    name: 'update-rss',
    mintlify: () => h(M.Update, { id: 'v1', label: 'January 2026', isVisible: true }, p('PUT /api/user updates the user.')),
    mdx: `<Update label="January 2026" rss={{ title: "PUT /api/user", description: "Updates the user" }}>\n  PUT /api/user updates the user.\n</Update>`,
  },
  {
    name: 'tooltip',
    extra: tipBox,
    mintlify: () => p(['Send an ', h(M.Tooltip, { key: 1, description: 'A key from your dashboard' }, 'API key'), '.']),
    mdx: `Send an <Tooltip tip="A key from your dashboard">API key</Tooltip>.`,
  },
  {
    name: 'tooltip-cta',
    extra: tipBox,
    mintlify: () => p(['Rotate the ', h(M.Tooltip, { key: 1, title: 'Token', description: 'Sent as Authorization: Token <API_KEY>', cta: 'Read more', href: '/update' }, 'token'), ' yearly.']),
    mdx: `Rotate the <Tooltip headline="Token" tip="Sent as Authorization: Token <API_KEY>" cta="Read more" href="/update">token</Tooltip> yearly.`,
  },
];
