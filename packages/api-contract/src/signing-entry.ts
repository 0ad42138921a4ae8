// `@trialab/api-contract/signing`: what a client needs to sign requests and read answer codes,
// without the endpoint declarations and their zod schemas (the console's request helper and
// /login import this statically; the full contract stays a lazy chunk), and the rule naming a
// record in the reader's language (`localName`), which the shell's menus and dictionaries apply.
export * from './codes.js';
export * from './local-name.js';
export * from './signing.js';
