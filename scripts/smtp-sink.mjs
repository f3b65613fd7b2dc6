// A mail server for the browser journeys: it accepts every message on 127.0.0.1 and keeps each as
// a numbered .eml file in SMTP_SINK_DIR, so a journey can read what a person received.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.SMTP_SINK_DIR;
if (!port || !dir) throw new Error('SMTP_SINK_PORT and SMTP_SINK_DIR are required');
mkdirSync(dir, { recursive: true });
let n = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      n += 1;
      writeFileSync(join(dir, `${String(n).padStart(5, '0')}.eml`), Buffer.concat(chunks));
      done();
    });
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
