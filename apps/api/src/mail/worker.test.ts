import type { AddressInfo } from 'node:net';
import type PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema/index.js';
import { createJobQueue } from '../jobs/queue.js';
import { enqueueEmail } from '../lib/outbox.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createMailWorker, defaultBackoff, type MailLogger } from './worker.js';

interface Received {
  to: string[];
  raw: string;
}

let t: TestApp;
/** The job queue on the test database; the workers take its `email` jobs pass by pass (runOnce). */
let jobQueue: PgBoss;
/** Every line the app's logger writes (requests, and the worker when given app.log). */
const appLog: string[] = [];
let server: SMTPServer;
let smtpUrl: string;
let received: Received[] = [];
/** What the SMTP server answers to RCPT TO for the next calls: null accepts. */
let rcptReply: ((address: string) => Error | null) | null = null;

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => appLog.push(line) } });
  jobQueue = createJobQueue(t.database);
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const err = rcptReply?.(address.address) ?? null;
      cb(err ?? undefined);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  received = [];
  rcptReply = null;
});

const quiet: MailLogger = { info: () => {}, warn: () => {}, error: () => {} };
/** A logger that keeps each line as the JSON text it would write. */
const capture = () => {
  const lines: string[] = [];
  const write = (obj: object, msg?: string) => lines.push(JSON.stringify({ ...obj, msg }));
  return { lines, log: { info: write, warn: write, error: write } satisfies MailLogger };
};
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

async function queue(n: number, prefix = 'msg') {
  for (let i = 0; i < n; i++) {
    await enqueueEmail(t.db, {
      to: `${prefix}${i}@example.com`,
      subject: `${prefix} ${i}`,
      text: `Hello ${i}\nhttp://portal.test/set-password?token=abc${i}\n`,
      template: 'test',
    });
  }
}

describe('the e-mail outbox worker', () => {
  it('delivers pending messages through SMTP and marks them sent', async () => {
    await queue(3);
    const { lines, log } = capture();
    const worker = createMailWorker({ database: t.database, queue: jobQueue, smtpUrl, from: 'Vault <no-reply@vault.test>', log });
    expect(await worker.runOnce()).toBe(3);
    await worker.stop();
    expect(received).toHaveLength(3);
    const first = received.find((r) => r.to[0] === 'msg0@example.com')!;
    expect(first.raw).toMatch(/^Subject: msg 0$/m);
    expect(first.raw).toMatch(/^From: Vault <no-reply@vault\.test>$/m);
    expect(first.raw).toContain('set-password?token=abc0');
    const rows = await t.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt && r.attempts === 1)).toBe(true);
    // Once sent, the single-use link no longer rests in the outbox; the rest of the record stays.
    const kept = rows.find((r) => r.toAddress === 'msg0@example.com')!;
    expect(kept).toMatchObject({ subject: 'msg 0', template: 'test', bodyText: 'Hello 0\n[link removed after sending]\n' });
    // The log says what was sent, never the link, the token or the mailbox.
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      outboxId: expect.any(Number),
      template: 'test',
      toDomain: 'example.com',
      msg: 'e-mail sent',
    });
    expect(lines.join('\n')).not.toMatch(/token|abc0|http|msg0@/);
  });

  it('retries a temporary failure with backoff and delivers later', async () => {
    // By default the waits grow from a minute, doubling, up to an hour.
    expect([1, 2, 3, 7, 20].map(defaultBackoff)).toEqual([60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
    await queue(1);
    let refusals = 1;
    rcptReply = () => (refusals-- > 0 ? smtpError(451, 'Try again later') : null);
    const worker = createMailWorker({
      database: t.database,
      queue: jobQueue,
      smtpUrl,
      from: 'v@vault.test',
      log: quiet,
      backoffMs: () => 1500,
    });
    await worker.runOnce();
    let [row] = await t.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    // Backoff: the next attempt is due later (its job starts then), so a pass now sends nothing.
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(500);
    expect(await worker.runOnce()).toBe(0);
    await expect.poll(() => worker.runOnce(), { timeout: 5000, interval: 200 }).toBe(1);
    [row] = await t.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received).toHaveLength(1);
    await worker.stop();
  });

  it('gives up after the attempt limit (and at once on a permanent refusal), and App Status shows it', async () => {
    await queue(1, 'temp');
    await queue(1, 'perm');
    rcptReply = (address) => (address.startsWith('perm') ? smtpError(550, 'No such user') : smtpError(451, 'Mailbox busy'));
    const worker = createMailWorker({
      database: t.database,
      queue: jobQueue,
      smtpUrl,
      from: 'v@vault.test',
      log: quiet,
      maxAttempts: 3,
      backoffMs: () => 0,
    });
    for (let i = 0; i < 5; i++) await worker.runOnce();
    await worker.stop();
    const rows = await t.db.select().from(emailOutbox);
    expect(rows.find((r) => r.toAddress.startsWith('perm'))).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows.every((r) => !r.bodyText.includes('token='))).toBe(true);
    expect(rows.find((r) => r.toAddress.startsWith('temp'))).toMatchObject({ status: 'failed', attempts: 3 });
    expect(received).toHaveLength(0);

    const s = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/admin/${s.id}`, headers: staff.headers });
    const check = status.json().data.checks.find((c: { key: string }) => c.key === 'mail_failures');
    expect(check).toMatchObject({ state: 'error', value: 2 });
  });

  it('never sends a message twice with two workers on one database', async () => {
    await queue(40);
    const a = createMailWorker({ database: t.database, queue: jobQueue, smtpUrl, from: 'v@vault.test', log: quiet, batchSize: 4 });
    const b = createMailWorker({ database: t.database, queue: jobQueue, smtpUrl, from: 'v@vault.test', log: quiet, batchSize: 4 });
    const drain = async (w: typeof a) => {
      let total = 0;
      for (;;) {
        const n = await w.runOnce();
        if (n === 0) return total;
        total += n;
      }
    };
    const [na, nb] = await Promise.all([drain(a), drain(b)]);
    await Promise.all([a.stop(), b.stop()]);
    expect(na + nb).toBe(40);
    expect(received).toHaveLength(40);
    const ids = received.map((r) => /X-Vault-Outbox-Id: (\d+)/i.exec(r.raw)?.[1]);
    expect(new Set(ids).size).toBe(40);
    const rows = await t.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('offers a message again when the instance that claimed it died (lease ended)', async () => {
    await queue(1);
    await t.db.update(emailOutbox).set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) });
    const worker = createMailWorker({ database: t.database, queue: jobQueue, smtpUrl, from: 'v@vault.test', log: quiet });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(received).toHaveLength(1);
  });

  it('writes no link or token to the log from a reset request to its sending, and keeps none in the outbox', async () => {
    await t.signInStaff('boss@test.local');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/forgot-password',
      payload: { email: 'boss@test.local' },
    });
    expect(asked.statusCode).toBe(202);
    // The reset is queued just after the answer (so its timing tells nothing).
    await expect.poll(async () => (await t.db.select().from(emailOutbox)).length).toBe(1);
    const [queued] = await t.db.select().from(emailOutbox);
    const token = /token=([A-Za-z0-9_-]+)/.exec(queued!.bodyText)![1]!;
    const log = t.app.log.child({ component: 'mail' });
    const outboxOnly = createMailWorker({ database: t.database, queue: jobQueue, from: 'v@vault.test', log });
    await outboxOnly.runOnce();
    await outboxOnly.stop();
    const smtp = createMailWorker({ database: t.database, queue: jobQueue, smtpUrl, from: 'v@vault.test', log });
    await smtp.runOnce();
    await smtp.stop();
    expect(received).toHaveLength(1);
    const lines = appLog.join('');
    expect(lines).toContain('e-mail queued');
    expect(lines).toContain('e-mail sent');
    expect(lines).toContain('"toDomain":"test.local"');
    expect(lines).not.toContain(token);
    expect(lines).not.toContain('set-password?');
    expect(lines).not.toContain('boss@test.local');
    const [sent] = await t.db.select().from(emailOutbox);
    expect(sent).toMatchObject({
      status: 'sent',
      toAddress: 'boss@test.local',
      template: 'password_reset',
      subject: 'Reset your Vault password',
    });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent!.bodyText).not.toContain(token);
    expect(sent!.bodyText).toContain('[link removed after sending]');
    // The HTML part went out beside the text, and its stored copy keeps no link either.
    expect(received[0]!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(received[0]!.raw).toMatch(/Content-Type: text\/html/i);
    expect(sent!.bodyHtml).toContain('<html lang="en"');
    expect(sent!.bodyHtml).not.toContain(token);
    expect(sent!.bodyHtml).toContain('[link removed after sending]');
  });

  it('without SMTP_URL keeps messages in the outbox and notes each once, without its link', async () => {
    await queue(2);
    const { lines, log } = capture();
    const worker = createMailWorker({ database: t.database, queue: jobQueue, from: 'v@vault.test', log });
    await worker.runOnce();
    await worker.runOnce();
    await worker.stop();
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ template: 'test', toDomain: 'example.com' });
    expect(lines.join('\n')).not.toMatch(/token|abc0|http|msg0@/);
    const rows = await t.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'queued' && r.attempts === 0 && r.bodyText.includes('token='))).toBe(true);
  });
});
