// bench/looks cases: layout (see ../cases.mjs).
import { createElement as h } from 'react';
import * as M from '@mintlify/components';

const p = (text) => h('p', null, text);
const para = 'The User Group Service returns the user for the token you send.';

export const cases = [
  {
    name: 'tree',
    mintlify: () => h(M.Tree, null,
      h(M.Tree.Folder, { name: 'api', defaultOpen: true }, h(M.Tree.File, { name: 'user.mdx' })),
      h(M.Tree.File, { name: 'docs.json' })),
    mdx: `<Tree>\n  <Tree.Folder name="api" defaultOpen>\n    <Tree.File name="user.mdx" />\n  </Tree.Folder>\n  <Tree.File name="docs.json" />\n</Tree>`,
  },
  {
    name: 'tree-nested',
    mintlify: () => h(M.Tree, null,
      h(M.Tree.Folder, { name: 'docs', defaultOpen: true },
        h(M.Tree.Folder, { name: 'api-reference', defaultOpen: true },
          h(M.Tree.File, { name: 'get-user.mdx' }),
          h(M.Tree.File, { name: 'rotate-token.mdx' })),
        h(M.Tree.Folder, { name: 'guides' }, h(M.Tree.File, { name: 'quickstart.mdx' })),
        h(M.Tree.Folder, { name: 'snippets' }),
        h(M.Tree.File, { name: 'docs.json' })),
      h(M.Tree.File, { name: 'README.md' })),
    mdx: `<Tree>\n  <Tree.Folder name="docs" defaultOpen>\n    <Tree.Folder name="api-reference" defaultOpen>\n      <Tree.File name="get-user.mdx" />\n      <Tree.File name="rotate-token.mdx" />\n    </Tree.Folder>\n    <Tree.Folder name="guides">\n      <Tree.File name="quickstart.mdx" />\n    </Tree.Folder>\n    <Tree.Folder name="snippets" />\n    <Tree.File name="docs.json" />\n  </Tree.Folder>\n  <Tree.File name="README.md" />\n</Tree>`,
  },
  {
    name: 'color-compact',
    mintlify: () => h(M.Color, { variant: 'compact' },
      h(M.Color.Item, { name: 'primary', value: '#166534' }),
      h(M.Color.Item, { name: 'accent', value: '#4ADE80' }),
      h(M.Color.Item, { name: 'page', value: '#0F1117' })),
    mdx: `<Color variant="compact">\n  <Color.Item name="primary" value="#166534" />\n  <Color.Item name="accent" value="#4ADE80" />\n  <Color.Item name="page" value="#0F1117" />\n</Color>`,
  },
  {
    name: 'color-table',
    mintlify: () => h(M.Color, { variant: 'table' },
      h(M.Color.Row, { title: 'Primary' },
        h(M.Color.Item, { name: 'light', value: '#4ADE80' }),
        h(M.Color.Item, { name: 'dark', value: '#166534' }))),
    mdx: `<Color variant="table">\n  <Color.Row title="Primary">\n    <Color.Item name="light" value="#4ADE80" />\n    <Color.Item name="dark" value="#166534" />\n  </Color.Row>\n</Color>`,
  },
];
