import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderProtocolDoc } from './protocol-doc.js';

export const DOC_PATH = fileURLToPath(new URL('../../../docs/device-protocol.md', import.meta.url));

writeFileSync(DOC_PATH, renderProtocolDoc());
console.log(`wrote ${DOC_PATH}`);
