// `@trialab/api-contract/signing`: what a client needs to sign requests and read answer codes,
// without the endpoint declarations and their zod schemas (the console's request helper and
// /login import this statically; the full contract stays a lazy chunk).
export * from './codes.js';
export * from './signing.js';
