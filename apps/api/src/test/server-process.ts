import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const apiRoot = join(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Base URL once listening (read from the start-up banner). */
  url: string;
  /** Resolves when `predicate` holds for the output so far. */
  waitForOutput(predicate: (text: string) => boolean): Promise<void>;
  /** Exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Starts the real server as its own process (`node --import tsx src/server.ts`, so a signal goes
 * straight to it), on a port of the system's choosing, and resolves once it listens. Only the
 * given settings reach it: nothing of the test runner's environment (DATABASE_URL…) leaks in.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters: { predicate: (t: string) => boolean; resolve: () => void }[] = [];
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const w of [...waiters]) if (w.predicate(text)) waiters.splice(waiters.indexOf(w), 1) && w.resolve();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const waitForOutput = (predicate: (t: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (predicate(text)) return resolve();
      waiters.push({ predicate, resolve });
      void exited.then((code) => reject(new Error(`server exited (${code}) before the expected output:\n${text}`)));
    });
  await waitForOutput((t) => /is running at http:\/\/\S+/.test(t));
  const url = /is running at (http:\/\/\S+)/.exec(text)![1]!;
  return { child, output: () => text, url, waitForOutput, exited };
}

/** Signs in through HTTP and returns the headers a portal sends with every later call. */
export async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
  return { authorization: `Bearer ${accessToken}`, 'x-xsrf-token': decodeURIComponent(xsrf) };
}
