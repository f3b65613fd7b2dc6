import { afterEach, vi } from 'vitest';

export interface SeenRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/vaults/reset-mfa?ownerId=7&sponsorId=3`. */
  url: string;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * Stands in for the server in component tests: every request the portal's API client sends is
 * recorded and answered by `answer` (JSON, status 200 unless it says otherwise). Restored after
 * each test.
 */
export function stubApi(answer: (req: SeenRequest) => Answer) {
  const seen: SeenRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const req: SeenRequest = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    seen.push(req);
    const { status = 200, body } = await answer(req);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});
