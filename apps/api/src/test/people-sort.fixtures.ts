import { expect } from 'vitest';

/** Three people whose first names, last names and e-mails each sort in another order: what the people-list sort tests add. */
export const SORT_PEOPLE = [
  ['Max', 'Power'],
  ['Ann', 'Zorn'],
  ['Zoe', 'Abel'],
] as const;

/** The first names of a people list (GET) or search (POST with a body) in the order the API answers them. */
export const firstNamesOf =
  (send: (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<{ statusCode: number; json: () => { data: unknown } }>) =>
  async (url: string, body?: unknown) => {
    const res = await send(body ? 'POST' : 'GET', url, body);
    expect(res.statusCode, url).toBe(200);
    return (res.json().data as { firstName: string }[]).map((r) => r.firstName);
  };
