// Writes cases/NAME.mdx (the MDX of each case of cases.mjs) for sheaf.
import fs from 'node:fs';
import { cases } from './cases.mjs';
const dir = new URL('./cases/', import.meta.url);
for (const c of cases) fs.writeFileSync(new URL(`${c.name}.mdx`, dir), `---\ntitle: "${c.name}"\n---\n\n${c.mdx}\n`);
