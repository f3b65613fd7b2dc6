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

  it('serves the API documentation in development, not in production unless API_DOCS is on', () => {
    expect(config({}).apiDocs).toBe(true);
    expect(config({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(config({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(config({ API_DOCS: 'off' }).apiDocs).toBe(false);
  });
});
