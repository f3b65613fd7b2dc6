import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import errors, { withErrorAnswers } from './errors.js';

const SECRET = 'Failed query: select * from sessions where token_hash = $1 params: 5f0c…';

/** A module whose answer fails on its way out once, as a hook reading the database would in an outage. */
const failingOnTheWayOut = withErrorAnswers(async (scope) => {
  let failed = false;
  scope.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && !failed) {
      failed = true;
      throw new Error(SECRET);
    }
    return payload;
  });
  scope.get('/boom', async () => {
    throw new Error('the first failure');
  });
});

describe('an error raised while an error answer is sent', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  it('gets the error model answer, without the second error message', async () => {
    app = Fastify();
    await app.register(errors);
    await app.register(failingOnTheWayOut);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('token_hash');
  });
});
