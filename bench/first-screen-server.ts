import { rm } from 'node:fs/promises';
import { BENCH_USER, openDataset } from './dataset.js';
import { serveWithBarePage } from './scenarios/portal-load.js';

/**
 * The bench's 20,000-holder data set (or the one BENCH_HOLDERS and BENCH_AUDIT name, built by the bench
 * before) served with one built portal (`dist`) and the bare page, and a signed-in staff session: the
 * browser's saved session (`storage`, for localStorage) and its XSRF cookie value. For the tools that
 * look at the first screen (profile-first-row, snap-first-screen).
 */
export async function serveFirstScreen(dist: string) {
  const holders = Number(process.env.BENCH_HOLDERS ?? 20000);
  const audit = Number(process.env.BENCH_AUDIT ?? 20000);
  const dataset = await openDataset({ holders, audit, sponsors: 50, db: 'pglite' }, () => undefined);
  const served = await serveWithBarePage(dist, dataset.database, { ADMIN_EMAIL: BENCH_USER.username });
  const { base } = served;
  const login = await fetch(`${base}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const me = (await (await fetch(`${base}/api/v1/authentication/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as {
    user: unknown;
  };
  const big = dataset.sponsors[0]!;
  const storage = {
    access_token: accessToken,
    session_user: JSON.stringify(me.user),
    session_sponsor: JSON.stringify({ sponsorId: big.id, sponsorCode: big.sponsorCode }),
  };
  const close = async () => {
    await served.app.close();
    await dataset.database.close();
    await rm(served.dist, { recursive: true, force: true });
  };
  return { base, dist: served.dist, xsrf, storage, close };
}
