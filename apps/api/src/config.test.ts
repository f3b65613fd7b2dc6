import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const config = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);

describe('configuration', () => {
  it('trusts no proxy unless told: a hop count, proxy addresses or CIDRs, or any', () => {
    expect(config({}).TRUST_PROXY).toBe(false);
    expect(config({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(config({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(config({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(config({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.4', '::1']);
    expect(() => config({ TRUST_PROXY: 'the load balancer' })).toThrow(/TRUST_PROXY/);
  });

  const keys = {
    SESSION_SECRET: 'x'.repeat(32),
    MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    AUDIT_SIGNING_KEY: Buffer.alloc(32, 9).toString('base64'),
  };

  it('serves the API documentation in development, not in production unless API_DOCS is on', () => {
    expect(config({}).apiDocs).toBe(true);
    expect(config({ NODE_ENV: 'production', ...keys }).apiDocs).toBe(false);
    expect(config({ NODE_ENV: 'production', API_DOCS: 'true', ...keys }).apiDocs).toBe(true);
    expect(config({ API_DOCS: 'off' }).apiDocs).toBe(false);
  });

  it('refuses to start in production without the keys from the environment, naming each one missing', () => {
    expect(() => config({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: required when NODE_ENV=production[\s\S]*MFA_ENCRYPTION_KEY: required[\s\S]*AUDIT_SIGNING_KEY: required/,
    );
    expect(() => config({ NODE_ENV: 'production', SESSION_SECRET: keys.SESSION_SECRET })).toThrow(/MFA_ENCRYPTION_KEY: required/);
    expect(() => config({ NODE_ENV: 'production', ...keys, AUDIT_SIGNING_KEY: '' })).toThrow(/AUDIT_SIGNING_KEY/);
    expect(() => config({ AUDIT_SIGNING_KEY: 'not a key' })).toThrow(/AUDIT_SIGNING_KEY must be a 32-byte Ed25519 seed/);
    expect(config({ NODE_ENV: 'production', ...keys }).MFA_ENCRYPTION_KEY).toBe(keys.MFA_ENCRYPTION_KEY);
    // Development keeps making them once and storing them, so the quick start needs none.
    expect(config({}).SESSION_SECRET).toBeUndefined();
  });

  it('cuts off a request that has not arrived whole after 30 seconds, unless told otherwise', () => {
    expect(config({}).REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config({ REQUEST_TIMEOUT_MS: '5000' }).REQUEST_TIMEOUT_MS).toBe(5_000);
    expect(() => config({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
