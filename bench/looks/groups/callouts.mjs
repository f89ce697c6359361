// bench/looks cases: callouts (see ../cases.mjs).
import { createElement as h } from 'react';
import * as M from '@mintlify/components';

const p = (text) => h('p', null, text);
const para = 'The User Group Service returns the user for the token you send.';

export const cases = [
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
    name: 'callout-dark-color',
    mintlify: () => h(M.Callout, { icon: 'rocket', color: '#1E3A8A' }, p('A custom callout in a dark colour.')),
    mdx: `<Callout icon="rocket" color="#1E3A8A">\n  A custom callout in a dark colour.\n</Callout>`,
  },
  {
    name: 'callout-plain',
    mintlify: () => h(M.Callout, null, p('A callout with neither icon nor colour.')),
    mdx: `<Callout>\n  A callout with neither icon nor colour.\n</Callout>`,
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
    name: 'steps-sized',
    mintlify: () => h(M.Steps, { titleSize: 'h3' },
      h(M.Steps.Item, { title: 'Get an API key', icon: 'key', stepNumber: 1 }, p('Ask your administrator.')),
      h(M.Steps.Item, { title: 'Call GET /api/user', stepNumber: 2, isLast: true }, p('The user is created when missing.'))),
    mdx: `<Steps titleSize="h3">\n  <Step title="Get an API key" icon="key">\n    Ask your administrator.\n  </Step>\n  <Step title="Call GET /api/user">\n    The user is created when missing.\n  </Step>\n</Steps>`,
  },
  {
    name: 'accordion-icon',
    mintlify: () => h(M.Accordion, { title: 'Who can rotate a token?', icon: 'user', defaultOpen: false }, p('Any user, for their own token.')),
    mdx: `<Accordion title="Who can rotate a token?" icon="user">\n  Any user, for their own token.\n</Accordion>`,
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
];
