import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/error-codes';
import { installErrorHandling } from '../../server/plugins/errors';

/** A route that fails as the database fails it: an error with PostgreSQL's SQLSTATE as its code. */
async function answerTo(code: string) {
  const app = Fastify();
  installErrorHandling(app);
  app.get('/x', async () => {
    throw Object.assign(new Error('the database refused'), { code });
  });
  const res = await app.inject({ url: '/x' });
  await app.close();
  return [res.statusCode, res.json()];
}

describe('a transaction the database rolled back because it met another one', () => {
  it('is told as a change made by someone else at that moment, not as a server failure', async () => {
    for (const code of ['40P01', '40001'])
      expect(await answerTo(code), code).toEqual([400, { errors: { $common: [ErrorCode.concurrentChange] } }]);
  });

  it('leaves every other database failure a server failure', async () => {
    expect(await answerTo('23505')).toEqual([500, { errors: { $common: [ErrorCode.internal] } }]);
  });
});
