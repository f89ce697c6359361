// bench/looks cases: fields (see ../cases.mjs).
import { createElement as h } from 'react';
import * as M from '@mintlify/components';

const p = (text) => h('p', null, text);
const para = 'The User Group Service returns the user for the token you send.';

export const cases = [
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
];
