#!/usr/bin/env node
// Splits the linked app into what the first frame runs (app.wasm) and the rest (app.deferred.wasm,
// fetched after the first frame: public/boot.js), guided by a profile of real first loads:
//   [1] wasm-split --instrument app.wasm.orig (emcc's -sSPLIT_MODULE output, after wasm-opt);
//   [2] the instrumented app, served with public/ and the Chinese files, is opened in headless
//       Chromium (TOOLCHAIN.md gotcha 5) for each first load in LOADS, until its first frame has
//       been drawn and settled and the pointer has moved over it; each load's profile (which
//       functions ran) is read from the module;
//   [3] the profiles are merged, and wasm-split keeps every function that ran in any of them in
//       app.wasm, moving the others to app.deferred.wasm (called through placeholders until it
//       is loaded). A function the profile missed still works: the first call to it loads the
//       deferred module synchronously (boot.js, loadSplitModule).
// Each module's symbol map (index:name; app.deferred.wasm.symbols lists what was deferred) is
// written beside it for tools/bench-site.mjs.
//   node imgui_app/split_app.mjs <app build dir> <public dir> <file served beside the app>...
// Run by imgui_app/CMakeLists.txt after linking; Emscripten 3.1.6 and binaryen 108 (Debian).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';

import { deferredNames } from '../tools/bench-wasm-size.mjs';
import { startServer } from '../tools/static-server.mjs';

// The first loads whose functions stay in app.wasm: the English and the Chinese UI at the wide
// layout, and the narrow (phone) layout, each a first visit. A page that starts from a link or
// saved work fetches the deferred module with app.wasm instead (their readers are in it: boot.js).
const LOADS = [
  { locale: 'en-US', width: 1280, height: 800 },
  { locale: 'zh-CN', width: 1280, height: 800 },
  { locale: 'en-US', width: 400, height: 800 },
];
// After the first frame the app draws a few more while its layout settles (then none while idle).
const SETTLE_MS = 800;
// A profile is 8 bytes of module hash and 4 bytes per function (binaryen's wasm-split).
const PROFILE_BYTES = 1 << 20;

const [buildDir, publicDir, ...served] = process.argv.slice(2);
if (!buildDir || !publicDir) {
  console.error('usage: split_app.mjs <app build dir> <public dir> <file served beside the app>...');
  process.exit(2);
}
const wasmSplit = process.env.WASM_SPLIT || 'wasm-split';
const split = (...args) => execFileSync(wasmSplit, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const orig = join(buildDir, 'app.wasm.orig');

const work = mkdtempSync(join(tmpdir(), 'sizer-split-'));
try {
  // [1]
  const site = join(work, 'site');
  cpSync(publicDir, site, { recursive: true });
  copyFileSync(join(buildDir, 'app.js'), join(site, 'app.js'));
  for (const file of served) copyFileSync(file, join(site, basename(file)));
  split('--instrument', orig, '-o', join(site, 'app.wasm'));

  // [2]
  const { server, url } = await startServer(site);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, chromiumSandbox: false,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const profiles = [];
  try {
    for (const [i, load] of LOADS.entries()) {
      const context = await browser.newContext({
        locale: load.locale, viewport: { width: load.width, height: load.height },
      });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url + '?nosw');
      await page.waitForFunction(() => window.llmSizerReady === true, null, { timeout: 120000 });
      if (load.locale.startsWith('zh')) {
        await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 60000 });
      }
      await page.waitForTimeout(SETTLE_MS);
      // The pointer arriving (hover, then a click on the background): GLFW's input callbacks and
      // ImGui's hover paths, the code that a visitor's first move runs.
      for (const [x, y] of [[load.width / 2, load.height / 3], [load.width / 3, load.height / 2]]) {
        await page.mouse.move(x, y, { steps: 4 });
      }
      await page.mouse.click(load.width - 6, load.height - 6);
      await page.waitForTimeout(SETTLE_MS);
      const bytes = await page.evaluate((size) => {
        const exports = window.Module.asm;
        const memory = Object.values(exports).find((e) => e instanceof WebAssembly.Memory);
        const at = window.Module._malloc(size);
        const written = exports.__write_profile(at, size);
        return Array.from(new Uint8Array(memory.buffer, at, written));
      }, PROFILE_BYTES);
      if (errors.length) throw new Error(`first load ${JSON.stringify(load)}: ${errors.join('; ')}`);
      const file = join(work, `profile${i}`);
      writeFileSync(file, Buffer.from(bytes));
      profiles.push(file);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }

  // [3]
  const merged = join(work, 'profile');
  split('--merge-profiles', ...profiles, '-o', merged);
  split(orig, '--enable-mutable-globals', '--export-prefix=%', `--profile=${merged}`, '--symbolmap',
        '-o1', join(buildDir, 'app.wasm'), '-o2', join(buildDir, 'app.deferred.wasm'));
  const deferred = deferredNames(join(buildDir, 'app.deferred.wasm.symbols'), join(buildDir, 'app.wasm.symbols'));
  console.log(`split_app: ${deferred.size} functions deferred to app.deferred.wasm`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
