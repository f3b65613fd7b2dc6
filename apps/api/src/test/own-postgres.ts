import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory, that the test may stop and
 * start (the machine's shared server must never be stopped). initdb and postgres refuse to run as
 * root, so as root they run as the `postgres` user.
 */
export class OwnPostgres {
  readonly dir = mkdtempSync('/tmp/vault-own-pg-');
  readonly url: string;

  constructor(readonly port = Number(process.env.OWN_PG_PORT ?? 5499)) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    if (userInfo().uid === 0)
      chownSync(this.dir, Number(this.run('id', ['-u', 'postgres'], false)), Number(this.run('id', ['-g', 'postgres'], false)));
    this.run(join(BIN, 'initdb'), ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  }

  private run(cmd: string, args: string[], asPostgres = true): string {
    const asRoot = userInfo().uid === 0 && asPostgres;
    return execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  }

  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
    this.run(join(BIN, 'pg_ctl'), ['-D', join(this.dir, 'data'), '-o', options, '-l', join(this.dir, 'server.log'), '-w', 'start']);
  }

  stop() {
    this.run(join(BIN, 'pg_ctl'), ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  destroy() {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
