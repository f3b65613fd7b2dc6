import {
  type ErrorBody,
  LOGIN_FAILED_MESSAGE,
  MFA_ENROLLMENT_REQUIRED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SESSION_IDLE_MINUTES,
} from '@vault/contract';
import { buildUrl, type QueryValue, requestHeaders, takeEarlyGet } from './http';
import { navigateTo } from './navigation';
import { clearSession, getToken, isSigningOut } from './session';

export const LOGIN_PATH = '/api/v1/authentication/login';
/** The sign-in's code step: like login, it has no session yet and its 401 says what went wrong. */
export const SECOND_FACTOR_PATH = '/api/v1/authentication/second-factor';
/** The passkey sign-in steps: no session yet either, and their 401 says what went wrong. */
const PASSKEY_STEP = /^\/api\/v1\/authentication\/(second-factor\/passkey|passkey)(\/|$)/;
const UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';
/** A session the server ended before the idle timeout (revoked, deactivated, signed out elsewhere). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in to the Vault Admin Portal again.';

let lastCall = Date.now();
/** When the portal last talked to the API (the server's idle clock runs from its calls). */
export const lastApiCallAt = () => lastCall;

export { buildUrl, type QueryValue, requestHeaders };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions {
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Every non-2xx answer: the status and the one error body of the API (DESIGN section 6). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function toErrorBody(status: number, data: unknown): ErrorBody {
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') return data as ErrorBody;
  return { message: status >= 500 ? 'Something went wrong on our side. Please try again.' : `The request failed (${status}).` };
}

/**
 * The one HTTP client (specification section 7): JSON, the access token on every call but login,
 * the anti-forgery header from the XSRF-TOKEN cookie, 2xx is success, no timeout.
 * Any 401 but the sign-in steps' ends the session and goes to /login; one with `errorMsg` (or on
 * the login call) raises the login-failed text.
 */
export async function api<T = unknown>(method: HttpMethod, path: string, opts: ApiOptions = {}): Promise<T> {
  const isLogin = path === LOGIN_PATH;
  const isCodeStep = path === SECOND_FACTOR_PATH || PASSKEY_STEP.test(path);
  const token = isLogin || isCodeStep ? null : getToken();
  const headers = { ...requestHeaders(method, token, !opts.form), ...opts.headers };

  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  // Fastify refuses an empty body announced as JSON; mutating calls without one send {}.
  else if (method !== 'GET') body = '{}';

  let res: Response;
  const idleBefore = Date.now() - lastCall;
  lastCall = Date.now();
  const url = buildUrl(path, opts.query);
  // The first screen's list may already be on its way (started by the entry with the same headers).
  const early = method === 'GET' && !opts.headers ? takeEarlyGet(url, token) : undefined;
  try {
    res = await (early ?? fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { message: UNREACHABLE });
  }
  const data = await readBody(res);
  if (res.ok) return data as T;

  const errorBody = toErrorBody(res.status, data);
  if (res.status === 401) {
    if (isCodeStep) throw new ApiError(401, errorBody);
    const loginFailed = Boolean(errorBody.errorMsg) || isLogin;
    // Only a session left idle for the whole timeout is said to have timed out.
    const message = idleBefore >= SESSION_IDLE_MINUTES * 60_000 ? SESSION_EXPIRED_MESSAGE : SESSION_ENDED_MESSAGE;
    // Specification section 8: a 401 on any call ends the stored session, an error message in the
    // body included; the session-expired text is stored only when the body has none.
    if (token && !isSigningOut()) {
      clearSession(loginFailed ? null : message);
      navigateTo('/login', { replace: true });
    }
    if (loginFailed) {
      throw new ApiError(401, { ...errorBody, message: LOGIN_FAILED_MESSAGE, errorMsg: errorBody.errorMsg ?? LOGIN_FAILED_MESSAGE });
    }
    throw new ApiError(401, { ...errorBody, message });
  }
  // The sponsor's policy reached this open session: only the account page (enrollment) is left.
  if (res.status === 403 && token && errorBody.message === MFA_ENROLLMENT_REQUIRED_MESSAGE) navigateTo('/account', { replace: true });
  throw new ApiError(res.status, errorBody);
}

/**
 * The messages of an error (specification section 8): the `details` list, each item's message,
 * or else the `message` field.
 */
export function errorMessages(err: unknown): string[] {
  if (err instanceof ApiError) {
    const details = err.body.details;
    if (Array.isArray(details) && details.length > 0) return details.map((d) => (typeof d === 'string' ? d : d.message));
    return [err.body.message];
  }
  if (err && typeof err === 'object') {
    const e = err as { details?: unknown; message?: unknown };
    if (Array.isArray(e.details) && e.details.length > 0) {
      return e.details.map((d) => (d && typeof d === 'object' && 'message' in d ? String((d as { message: unknown }).message) : String(d)));
    }
    if (Array.isArray(e.message))
      return e.message.map((m) => (m && typeof m === 'object' && 'message' in m ? String(m.message) : String(m)));
    if (typeof e.message === 'string' && e.message) return [e.message];
  }
  if (typeof err === 'string' && err) return [err];
  return ['Something went wrong. Please try again.'];
}

export const errorMessage = (err: unknown): string => errorMessages(err).join(' ');
