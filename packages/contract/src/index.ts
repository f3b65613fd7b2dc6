export * from './auth.js';
export * from './common.js';
export * from './sponsors.js';
