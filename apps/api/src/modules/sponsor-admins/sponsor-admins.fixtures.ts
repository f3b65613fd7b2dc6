import type { Auth, TestApp } from '../../test/harness.js';
import { auditReader, twoSponsorsAndStaff } from '../../test/per-file-app.js';

export const newAdmin = (sponsorId: number, extra: Record<string, unknown> = {}) => ({
  email: 'jane.doe@acme.example',
  firstName: 'Jane',
  lastName: 'Doe',
  sponsorId,
  title: 'Operations lead',
  testAccount: false,
  localize: 'en',
  ...extra,
});

/** The calls the sponsor administrator tests make on their file's test app. */
export function sponsorAdminCalls(t: TestApp) {
  const inject = (auth: Auth, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...auth.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const setup = () => twoSponsorsAndStaff(t);
  const audits = auditReader(t);
  return { inject, setup, audits };
}
