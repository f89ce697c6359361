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
];
