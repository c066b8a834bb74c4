export * from './contracts.ts';
export * from './ledger.ts';
export * from './refunds.ts';
export * from './settings.ts';
