import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { test as base, type Browser, type Page } from '@playwright/test';
import { serverEnv } from './global-setup';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * The server of the spec file running: the real binary on its own copy of the demo database,
 * started when the file's first test asks for it and stopped when the next file starts, so
 * that every spec file finds the demo as it was loaded, whatever ran before it.
 */
class FileServer {
  private file = '';
  private url = '';
  private server?: ChildProcess;
  private dir = '';

  async for(file: string, env: Record<string, string>): Promise<string> {
    if (file === this.file) return this.url;
    await this.stop();
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigia-e2e-file-'));
    const db = path.join(this.dir, 'vigia.db');
    const template = process.env.VIGIA_E2E_TEMPLATE as string;
    // The demo's connection was closed, so its log was folded into the file; copy any left.
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(template + suffix)) fs.copyFileSync(template + suffix, db + suffix);
    }
    // The server takes a free port itself (VIGIA_ADDR :0) and logs it: a port found free here
    // could be another's by the time the server bound it.
    this.server = spawn(process.env.VIGIA_E2E_BIN as string, ['serve'], {
      env: { ...process.env, ...serverEnv(db), VIGIA_LOG_LEVEL: 'info', ...env, VIGIA_ADDR: '127.0.0.1:0' },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    this.url = `http://${await listening(this.server)}`;
    this.file = file;
    return this.url;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    this.file = '';
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The address the server logs once it listens. Its other lines go on to the test's output,
 * but for the routine ones (INFO), which would fill it with every file's start and stop.
 */
function listening(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`vigia exited with ${code} before it listened`));
    server.once('exit', exited);
    readline.createInterface({ input: server.stderr! }).on('line', (line) => {
      const addr = /\bmsg=serving addr=(\S+)/.exec(line)?.[1];
      if (addr) {
        server.off('exit', exited);
        resolve(addr);
      }
      if (!/\blevel=INFO\b/.test(line)) process.stderr.write(line + '\n');
    });
  });
}

/**
 * Runs in each page before the app: when the app's messages close, puts their text in their
 * place, off-screen in `#e2e-messages`, until the user's next input. A success shows for 3 s
 * (TREE-082), and a check on a busy machine can come after it has gone. Never both at once, so
 * that a text is found once.
 */
function keepMessages() {
  const kept = document.createElement('div');
  kept.id = 'e2e-messages';
  kept.setAttribute('aria-hidden', 'true');
  kept.style.cssText = 'position: fixed; left: -10000px; top: 0; width: 800px';
  let last: string[] = [];
  new MutationObserver(() => {
    // Not one fading out as another replaces it (tree.ts, SHOWN; this runs in the page, alone).
    const shown = Array.from(document.querySelectorAll('.ant-message-notice:not(.ant-message-fade-leave)'), (n) => n.textContent ?? '');
    if (shown.length > 0) {
      last = shown;
      if (kept.hasChildNodes()) kept.replaceChildren();
    } else if (last.length > 0 && !kept.hasChildNodes()) {
      kept.replaceChildren(
        ...last.map((text) => {
          const copy = document.createElement('div');
          copy.className = 'e2e-message';
          copy.textContent = text;
          return copy;
        }),
      );
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  const forget = () => {
    last = [];
    kept.replaceChildren();
  };
  addEventListener('pointerdown', forget, true);
  addEventListener('keydown', forget, true);
  document.addEventListener('DOMContentLoaded', () => document.body.append(kept));
}

/** A page in a context of its own, for another user's session beside the test's. */
export async function separatePage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(keepMessages);
  return page;
}

/**
 * Playwright's test, with each spec file's own server as the base URL of pages and requests.
 * A spec file may add to its server's environment with `test.use({ serverEnv: {...} })`
 * (VIGIA_SIMULATE=1: the demo's devices played beside it).
 */
export const test = base.extend<{ serverEnv: Record<string, string> }, { fileServer: FileServer }>({
  serverEnv: [{}, { option: true }],
  fileServer: [
    async ({}, use) => {
      const server = new FileServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ fileServer, serverEnv }, use, testInfo) => {
    await use(await fileServer.for(testInfo.file, serverEnv));
  },
  page: async ({ page }, use) => {
    await page.addInitScript(keepMessages);
    await use(page);
  },
});
