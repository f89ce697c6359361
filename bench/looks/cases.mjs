// The cases of bench/looks.sh: for each, Mintlify's component as React
// elements (the oracle) and the MDX an author writes for the same thing
// (written into cases/NAME.mdx by gen-cases.mjs, built by sheaf). One file
// of groups/ per family of components.
import { cases as cards } from './groups/cards.mjs';
import { cases as callouts } from './groups/callouts.mjs';
import { cases as code } from './groups/code.mjs';
import { cases as fields } from './groups/fields.mjs';
import { cases as layout } from './groups/layout.mjs';

export const cases = [...cards, ...callouts, ...code, ...fields, ...layout];
