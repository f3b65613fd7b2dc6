import { auditLog } from '../../db/schema/index.js';
import { TEST_PASSWORD, type TestApp } from '../../test/harness.js';

type Headers = Record<string, string>;

/** The calls the second-factor tests make, on the test app `app()` answers once it is made. */
export function mfaCalls(app: () => TestApp) {
  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const post = (url: string, payload: object) => app().app.inject({ method: 'POST', url, payload });
  const login = (username: string) => post('/api/v1/authentication/login', { username, password: TEST_PASSWORD });
  /** Headers of a session opened through a sign-in answer (bearer token and the XSRF cookie's echo). */
  const sessionHeaders = (res: Awaited<ReturnType<typeof login>>): Headers => {
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    return { authorization: `Bearer ${res.json().accessToken}`, 'x-xsrf-token': xsrf };
  };
  const audits = async (action: string) => (await app().db.select().from(auditLog)).filter((e) => e.action === action);
  /** Proves it is the person (with the password, while they have no factor) unless this session just did. */
  const confirmIdentity = async (headers: Headers) => {
    const status = await call(headers, 'GET', '/api/v1/account/second-factor');
    if (status.json().identityConfirmedUntil) return;
    const res = await call(headers, 'POST', '/api/v1/account/confirm-identity', { password: TEST_PASSWORD });
    if (res.statusCode !== 200) throw new Error(`confirm-identity: ${res.statusCode} ${res.body}`);
  };
  return { call, post, login, sessionHeaders, audits, confirmIdentity };
}
