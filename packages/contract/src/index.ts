export * from './auth.js';
export * from './common.js';
export * from './sponsors.js';
export * from './invitations.js';
export * from './people.js';
export * from './operations.js';
export * from './vaults.js';
