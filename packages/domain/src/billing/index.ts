export * from './rounding.ts';
export * from './pix-key.ts';
export * from './br-code.ts';
export * from './installments.ts';
export * from './payment-events.ts';
export * from './commission.ts';
export * from './api-schemas.ts';
export * from './responses.ts';
