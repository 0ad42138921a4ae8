export { buildServer, type ServerOptions } from './app.js';
