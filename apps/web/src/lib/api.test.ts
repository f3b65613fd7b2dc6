import {
  LOGIN_FAILED_MESSAGE,
  MFA_CODE_FAILED_MESSAGE,
  MFA_ENROLLMENT_REQUIRED_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from '@vault/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, errorMessage, errorMessages, SECOND_FACTOR_PATH, SESSION_ENDED_MESSAGE } from './api';
import { startEarlyGet } from './http';
import { setNavigator } from './navigation';
import { beginSignOut, getSession, getSponsor, NO_SPONSOR, setSponsor, startSession } from './session';

const user = { id: 1, email: 'a@b.co', firstName: 'A', lastName: 'B', role: 'staff' as const, sponsorId: null, permissions: {} };

/** The ApiError a call fails with. */
const fail = (p: Promise<unknown>): Promise<ApiError> =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: ApiError) => e,
  );

function reply(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  const fetchMock = vi.fn();
  const navigate = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=abc%3D%3D' });
    setNavigator(navigate);
    startSession('tok-123', user);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
  });

  it('a GET the entry started early is answered from it, once, with the same headers a call sends', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { data: ['early'] }));
    startEarlyGet('/api/v1/vaultholders?limit=20&offset=0&sponsorId=7', 'tok-123');
    // A read carries no anti-forgery header: the server checks it on mutating calls only.
    expect(fetchMock.mock.calls[0]![1].headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok-123',
    });
    await expect(api('GET', '/api/v1/vaultholders', { query: { limit: 20, offset: 0, sponsorId: 7 } })).resolves.toEqual({
      data: ['early'],
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next call asks the server.
    fetchMock.mockResolvedValueOnce(reply(200, { data: ['fresh'] }));
    await expect(api('GET', '/api/v1/vaultholders', { query: { limit: 20, offset: 0, sponsorId: 7 } })).resolves.toEqual({
      data: ['fresh'],
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an early GET for another address or another session is not used', async () => {
    fetchMock.mockResolvedValue(reply(200, { data: [] }));
    startEarlyGet('/api/v1/vaultholders?limit=20&offset=0&sponsorId=7', 'tok-old');
    startEarlyGet('/api/v1/vaultholders?limit=20&offset=20&sponsorId=7', 'tok-123');
    await api('GET', '/api/v1/vaultholders', { query: { limit: 20, offset: 0, sponsorId: 7 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2]![1].headers.Authorization).toBe('Bearer tok-123');
  });

  it('a read sends JSON and the bearer token but no XSRF header', async () => {
    fetchMock.mockResolvedValue(reply(200, { data: [] }));
    await api('GET', '/api/v1/things');
    expect(fetchMock.mock.calls[0]![1].headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok-123',
    });
  });

  it('sends JSON, the bearer token and the XSRF header; 2xx is success', async () => {
    fetchMock.mockResolvedValue(reply(201, { ok: true }));
    const res = await api<{ ok: boolean }>('POST', '/api/v1/things', {
      query: { sponsorId: 4, q: undefined, flag: false },
      body: { a: 1 },
    });
    expect(res).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/things?sponsorId=4&flag=false');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.headers.Authorization).toBe('Bearer tok-123');
    expect(init.headers['X-XSRF-TOKEN']).toBe('abc==');
    expect(init.signal).toBeUndefined();
  });

  it('sends no token with the login call', async () => {
    fetchMock.mockResolvedValue(reply(200, {}));
    await api('POST', '/api/v1/authentication/login', { body: { username: 'a', password: 'b' } });
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBeUndefined();
  });

  it('lets the browser set the multipart content type', async () => {
    fetchMock.mockResolvedValue(reply(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'x.csv');
    await api('POST', '/api/v1/users/import', { form });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.headers['Content-Type']).toBeUndefined();
    expect(init.body).toBe(form);
  });

  it('throws ApiError with the body for other statuses', async () => {
    fetchMock.mockResolvedValue(
      reply(409, { message: 'Already used', details: [{ field: 'email', message: 'This e-mail address is already used.' }] }),
    );
    const err = await fail(api('PUT', '/api/v1/x'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(409);
    expect(errorMessages(err)).toEqual(['This e-mail address is already used.']);
    expect(getSession().token).toBe('tok-123');
  });

  it('a 401 with errorMsg is a failed sign-in, and the session stays', async () => {
    fetchMock.mockResolvedValue(reply(401, { message: 'nope', errorMsg: 'bad credentials' }));
    const err = await fail(api('POST', '/api/v1/authentication/login', { body: {} }));
    expect(err.status).toBe(401);
    expect(err.message).toBe(LOGIN_FAILED_MESSAGE);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 401 with errorMsg on a signed-in call still clears the session and goes to /login, raising the login-failed text', async () => {
    setSponsor({ sponsorId: 7, sponsorCode: 'ACME' });
    fetchMock.mockResolvedValue(reply(401, { message: 'nope', errorMsg: 'bad credentials' }));
    const err = await fail(api('GET', '/api/v1/sponsors'));
    expect(err.status).toBe(401);
    expect(err.message).toBe(LOGIN_FAILED_MESSAGE);
    // The body named an error: no session-expired text is stored.
    expect(getSession()).toEqual({ token: null, user: null, expiredMessage: null });
    expect(getSponsor()).toEqual(NO_SPONSOR);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it("the sign-in's code step sends no token and a 401 keeps the server's message", async () => {
    fetchMock.mockResolvedValue(reply(401, { message: MFA_CODE_FAILED_MESSAGE }));
    const err = await fail(api('POST', SECOND_FACTOR_PATH, { body: {} }));
    expect(err.message).toBe(MFA_CODE_FAILED_MESSAGE);
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBeUndefined();
    expect(getSession().token).toBe('tok-123');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the passkey sign-in steps, like the code step, send no token and keep the server message of a 401', async () => {
    for (const path of ['/api/v1/authentication/passkey', '/api/v1/authentication/second-factor/passkey/options']) {
      fetchMock.mockResolvedValueOnce(reply(401, { message: PASSKEY_FAILED_MESSAGE }));
      const err = await fail(api('POST', path, { body: {} }));
      expect(err.message).toBe(PASSKEY_FAILED_MESSAGE);
      expect(fetchMock.mock.calls.at(-1)![1].headers.Authorization).toBeUndefined();
    }
    expect(getSession().token).toBe('tok-123');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a session the second-factor policy now holds back goes to the account page to enroll', async () => {
    fetchMock.mockResolvedValue(reply(403, { message: MFA_ENROLLMENT_REQUIRED_MESSAGE }));
    const err = await fail(api('GET', '/api/v1/sponsors'));
    expect(err.status).toBe(403);
    expect(navigate).toHaveBeenCalledWith('/account', { replace: true });
    expect(getSession().token).toBe('tok-123');
  });

  it('any other 401 clears the session and the chosen sponsor, says the session ended and goes to /login', async () => {
    setSponsor({ sponsorId: 7, sponsorCode: 'ACME' });
    fetchMock.mockResolvedValue(reply(401, { message: 'Your session has ended.' }));
    const err = await fail(api('GET', '/api/v1/sponsors'));
    expect(err.status).toBe(401);
    // The portal called the API a moment ago: the session was ended, it did not time out.
    expect(getSession()).toEqual({ token: null, user: null, expiredMessage: SESSION_ENDED_MESSAGE });
    expect(getSponsor()).toEqual(NO_SPONSOR);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a 401 after 30 idle minutes says the session ended after 30 minutes of inactivity', async () => {
    fetchMock.mockResolvedValue(reply(200, {}));
    await api('GET', '/api/v1/sponsors');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000);
      fetchMock.mockResolvedValue(reply(401, { message: 'Your session has ended.' }));
      await fail(api('GET', '/api/v1/sponsors'));
      expect(getSession().expiredMessage).toBe(SESSION_EXPIRED_MESSAGE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 401 while signing out leaves the sign-out to say what happened', async () => {
    beginSignOut();
    fetchMock.mockResolvedValue(reply(401, { message: 'Your session has ended.' }));
    await fail(api('GET', '/api/v1/sponsors'));
    expect(getSession().token).toBe('tok-123');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await fail(api('GET', '/api/v1/sponsors'));
    expect(err.status).toBe(0);
    expect(errorMessage(err)).toMatch(/cannot be reached/);
  });
});

describe('errorMessages', () => {
  it('reads details, else message; a list gives each item its message', () => {
    expect(
      errorMessages(
        new ApiError(400, {
          message: 'Bad',
          details: [
            { field: 'a', message: 'A is required' },
            { field: 'b', message: 'B is too long' },
          ],
        }),
      ),
    ).toEqual(['A is required', 'B is too long']);
    expect(errorMessages(new ApiError(404, { message: 'The vault was not found.' }))).toEqual(['The vault was not found.']);
    expect(errorMessages({ message: [{ message: 'one' }, { message: 'two' }] })).toEqual(['one', 'two']);
    expect(errorMessages(new Error('boom'))).toEqual(['boom']);
    expect(errorMessage(null)).toBe('Something went wrong. Please try again.');
  });

  it('buildUrl appends to an existing query and repeats list values', () => {
    expect(buildUrl('/a?x=1', { y: [1, 2] })).toBe('/a?x=1&y=1&y=2');
    expect(buildUrl('/a', {})).toBe('/a');
  });
});
