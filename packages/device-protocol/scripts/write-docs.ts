import { writeFileSync } from 'node:fs';
import { DOC_PATH, formatMarkdown } from './format-markdown.js';
import { renderProtocolDoc } from './protocol-doc.js';

writeFileSync(DOC_PATH, formatMarkdown(renderProtocolDoc()));
console.log(`wrote ${DOC_PATH}`);
