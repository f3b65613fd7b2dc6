import nodemailer, { type Transporter } from 'nodemailer';

/** A nodemailer transport from SMTP_URL (smtp://user:pass@host:port, smtps://… for TLS), with bounded waits. */
export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never);
}

export interface TransportCheck {
  ok: boolean;
  latencyMs: number;
  detail: string;
}

let cached: { url: string; at: number; result: TransportCheck } | null = null;
const CACHE_MS = 30_000;

/** SMTP verify (connect, greet, authenticate); cached 30 s so a refreshing status screen does not hammer the server. */
export async function verifySmtp(url: string, opts: { fresh?: boolean } = {}): Promise<TransportCheck> {
  if (!opts.fresh && cached && cached.url === url && Date.now() - cached.at < CACHE_MS) return cached.result;
  const started = performance.now();
  const transport = nodemailer.createTransport({ url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000 } as never);
  let result: TransportCheck;
  try {
    await transport.verify();
    const u = new URL(url);
    result = {
      ok: true,
      latencyMs: Math.round(performance.now() - started),
      detail: `SMTP server ${u.hostname}:${u.port || (u.protocol === 'smtps:' ? 465 : 587)} accepts connections`,
    };
  } catch (err) {
    result = {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      detail: `SMTP server unreachable: ${(err as Error).message}`.slice(0, 300),
    };
  } finally {
    transport.close();
  }
  cached = { url, at: Date.now(), result };
  return result;
}
