import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/api/src/db/client.js';

/** One line of the printed table. Times in milliseconds, throughput in requests per second. */
export interface BenchRow {
  scenario: string;
  n: number;
  median?: number;
  p95?: number;
  throughput?: number;
  /** The DESIGN.md section 7 budget, as text, or '—' when it sets none. */
  budget: string;
  /** Whether the figure keeps the budget; undefined when there is nothing to compare. */
  ok?: boolean;
  note?: string;
}

export interface BenchSponsor {
  id: number;
  sponsorCode: string;
  holders: number;
}

export interface BenchContext {
  app: FastifyInstance;
  database: Database;
  /** http://127.0.0.1:<port> of the real app listening for this run. */
  baseUrl: string;
  /** Headers of a signed-in staff user (bearer token, XSRF echo and cookie). */
  staff: Record<string, string>;
  /** Staff credentials, for scenarios that sign in themselves. */
  credentials: { username: string; password: string };
  /** Bulk sponsors, largest first. */
  sponsors: BenchSponsor[];
  dataset: { holders: number; audit: number; sponsors: number; db: 'pglite' | 'pg' };
  /** Scale of the run: 1 normally, smaller with --quick. */
  scale: number;
}

/** A scenario: other issues add theirs as bench/scenarios/<name>.ts and list it in scenarios/index.ts. */
export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export const median = (sorted: number[]) => (sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN);
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : Number.NaN;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    url: string,
  ) {
    super(`${status} from ${url}: ${body.slice(0, 200)}`);
  }
}

/** Signs in through the login route: the headers of that session (bearer token, XSRF echo and cookie). */
export async function signIn(baseUrl: string, credentials: { username: string; password: string }): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const body = (await login.json()) as { accessToken: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1] ?? '';
  return { authorization: `Bearer ${body.accessToken}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
}

/** One HTTP call to the running app; throws HttpError on a non-2xx answer. */
export async function call(
  ctx: Pick<BenchContext, 'baseUrl'>,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<unknown> {
  const url = `${ctx.baseUrl}${path}`;
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, text, url);
  return text ? JSON.parse(text) : null;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One GET read to its end and dropped, for throughput: the bench process drives the load and, for
 * list-throughput, serves it too, so the client costs as little as it can and the same for every
 * route. It asks for compression as a browser does (the server's work is the product's), and does
 * not undo it (a browser would, on another machine). Rejects on a non-2xx answer.
 */
export function drain(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { agent: keepAlive, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300 ? resolve() : reject(new HttpError(res.statusCode ?? 0, '', path)),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

export interface LatencyOptions {
  n: number;
  warmup?: number;
  budget: string;
  /** Budget limits in ms, to mark the row ok or over. */
  limits?: { median?: number; p95?: number };
  note?: string;
}

/** Runs fn n times one after the other (after a warm-up) and summarises the latencies. */
export async function latency(scenario: string, fn: (i: number) => Promise<unknown>, opts: LatencyOptions): Promise<BenchRow> {
  for (let i = 0; i < (opts.warmup ?? Math.min(10, opts.n)); i++) await fn(i);
  const times: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < opts.n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  const row: BenchRow = {
    scenario,
    n: opts.n,
    median: median(times),
    p95: percentile(times, 0.95),
    throughput: (opts.n / total) * 1000,
    budget: opts.budget,
    note: opts.note,
  };
  if (opts.limits) {
    row.ok =
      (opts.limits.median === undefined || row.median! < opts.limits.median) &&
      (opts.limits.p95 === undefined || row.p95! < opts.limits.p95);
  }
  return row;
}

/**
 * Throughput with `concurrency` loops for `seconds`, bounded by `maxRequests`: loopback only,
 * stops by itself. Returns requests per second and the latency spread.
 */
export async function throughput(
  fn: () => Promise<unknown>,
  opts: { concurrency: number; seconds: number; maxRequests: number },
): Promise<ThroughputRun> {
  const times: number[] = [];
  const end = performance.now() + opts.seconds * 1000;
  let issued = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < end && issued < opts.maxRequests) {
        issued++;
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
    }),
  );
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  return { n: times.length, rps: (times.length / total) * 1000, median: median(times), p95: percentile(times, 0.95), times, ms: total };
}

export interface ThroughputRun {
  n: number;
  rps: number;
  median: number;
  p95: number;
  /** Each request's time, sorted. */
  times: number[];
  /** How long the run took. */
  ms: number;
}

/** Several runs of one call as one: slices of runs interleaved with other calls' meet the same load. */
export function mergeRuns(runs: ThroughputRun[]): ThroughputRun {
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const ms = runs.reduce((sum, r) => sum + r.ms, 0);
  return { n: times.length, rps: (times.length / ms) * 1000, median: median(times), p95: percentile(times, 0.95), times, ms };
}

/** A row saying the route a scenario needs is not there yet. */
export const notBuilt = (scenario: string, budget: string, route: string): BenchRow => ({
  scenario,
  n: 0,
  budget,
  note: `not built yet (${route} answers 404)`,
});

/** True when the route exists (anything but 404 Not Found for an unknown route). */
export async function routeExists(ctx: BenchContext, method: string, path: string, headers = ctx.staff): Promise<boolean> {
  const res = await fetch(`${ctx.baseUrl}${path}`, { method, headers });
  await res.arrayBuffer();
  return res.status !== 404;
}
