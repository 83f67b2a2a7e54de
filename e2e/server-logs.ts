/**
 * Playwright's global teardown: the request logs of the end-to-end run's servers
 * (`.e2e-logs/server-<port>.log`, written by the webServer commands in playwright.config.ts) must
 * not hold a demo access code (with or without its dash) or the demo password, though every login
 * of the run typed them; and they must hold request lines, so an empty log cannot pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const E2E_LOG_DIR = '.e2e-logs';
const DEMO_CODES = ['11112222', '33334444', '55556666', '77778888'];
const SECRETS = [...DEMO_CODES, ...DEMO_CODES.map((c) => `${c.slice(0, 4)}-${c.slice(4)}`), 'Frostline2026'];

export default function checkServerLogs(): void {
  const files = readdirSync(E2E_LOG_DIR).filter((name) => /^server-\d+\.log$/.test(name));
  if (files.length === 0) throw new Error(`no server log in ${E2E_LOG_DIR}`);
  let requests = 0;
  for (const name of files) {
    const text = readFileSync(join(E2E_LOG_DIR, name), 'utf8');
    for (const secret of SECRETS)
      if (text.includes(secret)) throw new Error(`${E2E_LOG_DIR}/${name} holds the demo secret ${secret}`);
    requests += text.split('\n').filter((line) => line.includes('"msg":"request"')).length;
  }
  if (requests === 0) throw new Error(`the server logs in ${E2E_LOG_DIR} hold no request line`);
  console.log(`server logs of the run: ${requests} request lines, no demo access code or password`);
}
