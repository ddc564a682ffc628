import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Builds the real binary (with the built SPA embedded) and loads the demo once into a template
// SQLite database; every spec file then gets a server of its own on a fresh copy of it
// (fixtures.ts), so that no spec sees what another did. Tests read the binary, the template and
// the passwords from the environment, which Playwright's workers inherit from this process.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const PASSWORD = 'e2e-clave-1';
export const ADMIN_PASSWORD = 'e2e-admin-1';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = path.join(root, 'bin', 'vigia-e2e');
  // VIGIA_E2E_SETUP: a directory where one run's binary and demo serve the runs after it (the
  // spec files run one by one in another order, e2e/run-order.sh); it is the caller's to remove.
  const kept = process.env.VIGIA_E2E_SETUP;
  const dir = kept || fs.mkdtempSync(path.join(os.tmpdir(), 'vigia-e2e-'));
  const template = path.join(dir, 'demo.db');
  if (!kept || !fs.existsSync(template)) {
    if (!fs.existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
      execFileSync('npm', ['run', 'build'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
    }
    execFileSync('go', ['build', '-o', bin, './cmd/vigia'], { cwd: root, stdio: 'inherit' });
    execFileSync(bin, ['demo'], { env: { ...process.env, ...serverEnv(template) }, stdio: 'ignore' });
  }
  process.env.VIGIA_E2E_BIN = bin;
  process.env.VIGIA_E2E_TEMPLATE = template;
  return async () => {
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** The environment a server of the tests runs with, on the SQLite database at `db`. */
export function serverEnv(db: string): Record<string, string> {
  return { VIGIA_DB: `sqlite:${db}`, VIGIA_ADMIN_PASSWORD: ADMIN_PASSWORD, VIGIA_DEMO_PASSWORD: PASSWORD, VIGIA_LOG_LEVEL: 'warn' };
}
