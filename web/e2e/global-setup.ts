import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Builds the real binary (with the built SPA embedded), gives it a fresh SQLite database with
// the demo data and starts it on a free port. Tests read the address and passwords from the
// environment, which Playwright's workers inherit from this process.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const PASSWORD = 'e2e-clave-1';
export const ADMIN_PASSWORD = 'e2e-admin-1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitHealthy(url: string, server: ReturnType<typeof spawn>): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`vigia exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`vigia did not become healthy at ${url}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  }
  const bin = path.join(root, 'bin', 'vigia-e2e');
  execFileSync('go', ['build', '-o', bin, './cmd/vigia'], { cwd: root, stdio: 'inherit' });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigia-e2e-'));
  const env = {
    ...process.env,
    VIGIA_DB: `sqlite:${path.join(dir, 'vigia.db')}`,
    VIGIA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    VIGIA_DEMO_PASSWORD: PASSWORD,
    VIGIA_LOG_LEVEL: 'warn',
  };
  execFileSync(bin, ['demo'], { env, stdio: 'ignore' });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(bin, ['serve'], { env: { ...env, VIGIA_ADDR: `127.0.0.1:${port}` }, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitHealthy(url, server);
  process.env.VIGIA_E2E_URL = url;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
