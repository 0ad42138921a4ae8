export { buildServer, type ServerOptions } from './app.js';
export { issueTicket, type TicketKeys, ticketKeys } from './modules/system/device-ticket.js';
