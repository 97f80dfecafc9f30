// Prints the time from navigation to the app's first drawn frame (window.llmSizerReady), in headless
// Chromium with SwiftShader (no GPU), median of 5 cold loads. Usage: node tools/bench-first-frame.mjs dist
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const siteDir = process.argv[2] ?? 'dist';
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn(process.execPath, ['tools/static-server.mjs', siteDir, String(port)], { stdio: 'ignore' });
const url = `http://127.0.0.1:${port}/`;

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(url)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`static server did not start on ${url}`);
}

const flags = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const times = [];
try {
  await waitForServer();
  for (let run = 0; run < 5; run++) {
    const profile = mkdtempSync(path.join(tmpdir(), 'sizer-bench-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', ...flags],
      viewport: { width: 1280, height: 800 },
    });
    const page = context.pages()[0] ?? await context.newPage();
    const start = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => window.llmSizerReady === true, null, { timeout: 60000 });
    times.push(Date.now() - start);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  console.log(`time to first frame: median ${times[2]} ms (min ${times[0]}, max ${times[4]}; 5 cold loads, SwiftShader)`);
} finally {
  server.kill();
}
