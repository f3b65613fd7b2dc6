/**
 * What every API call sends, and the calls the first screen starts before the app's code has
 * loaded. Imports nothing: the entry uses it before the framework arrives.
 */

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export type QueryValue = string | number | boolean | null | undefined;

export function buildUrl(path: string, query?: Record<string, QueryValue | QueryValue[]>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The methods the server checks the anti-forgery header on (DESIGN.md section 6); reads need none. */
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * JSON, the access token (when there is one) and, on a mutating call, the anti-forgery header from
 * the XSRF-TOKEN cookie. Reads leave the cookie alone: the first `document.cookie` of a page is a
 * synchronous round trip to the browser process, and the first screen's GETs are on its critical path.
 */
export function requestHeaders(method: string, token: string | null, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = MUTATING.has(method) ? readCookie(XSRF_COOKIE) : null;
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return headers;
}

/** An early answer older than this is not handed out: the screen asks again. */
const EARLY_MAX_AGE_MS = 10_000;
const early = new Map<string, { at: number; response: Promise<Response> }>();
const earlyKey = (url: string, token: string) => `${token} ${url}`;

/**
 * Starts a GET the first screen is about to make, exactly as `api()` would send it, so its answer
 * travels while the code downloads. `api()` takes it (once) instead of asking again.
 */
export function startEarlyGet(url: string, token: string) {
  const response = fetch(url, { method: 'GET', headers: requestHeaders('GET', token, true), credentials: 'same-origin' });
  // A failure is reported by the api() call that takes it; until then it must not count as unhandled.
  response.catch(() => undefined);
  early.set(earlyKey(url, token), { at: Date.now(), response });
}

/** The early answer for this GET, if one was started for the same address and token. */
export function takeEarlyGet(url: string, token: string | null): Promise<Response> | undefined {
  if (!token) return undefined;
  const key = earlyKey(url, token);
  const found = early.get(key);
  early.delete(key);
  return found && Date.now() - found.at < EARLY_MAX_AGE_MS ? found.response : undefined;
}
