// Workflows of the customer self-service portal (/web).
export * from './clarification-query.js';
export * from './consumable-order.js';
export * from './kit-supply.js';
export * from './machine.js';
export * from './sample-shipment.js';
