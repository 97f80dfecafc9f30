// The site's size and start-up figures, printed and written into docs/BENCHMARKS.md (sections
// "Site size", "First load" and "Frames"; every other section of that file is kept as it is):
//   - each file of dist/, raw and gzip -9 (what a gzip-serving host such as GitHub Pages sends);
//   - the files and gzip bytes fetched before the app's first useful frame (window.llmSizerReady);
//   - navigation -> first useful frame, median of N cold loads (fresh profile each: no HTTP, code
//     or service-worker cache);
//   - navigation -> the first visit's answer on screen: the paint of the default question's answer
//     that the loading screen shows as text (imgui_app/first_answer; its Element Timing
//     renderTime), in the same loads;
//   - frames drawn during 5 s of idleness (the page should draw none);
//   - frames per second and renderer main-thread time per frame while a slider is dragged (the
//     full result, fit table included, recomputes on every frame of the drag; CDP
//     Performance.getMetrics TaskDuration). Reported, not asserted: a shared machine's timing.
// Headless Chromium with SwiftShader (no GPU), so absolute times are those of software WebGL.
//   - what the app's wasm is made of: code bytes per contributor (from app.wasm.orig, the link
//     with function names before imgui_app/split_app.mjs splits it), how much of each stays in
//     app.wasm (fetched before the first frame) and how much moves to app.deferred.wasm, and the
//     files embedded in its data;
// The whole site is every file of dist/ but llm-sizer.html, the same app again in one file for
// opening from disk (listed on its own: no visit of the site downloads it).
// BASELINE holds the figures before issue 12 (main at 93a881f, same machine, same method) so each
// run prints them beside its own.
// With --baseline DIR (a build of the site before the change), cold loads of DIR alternate with
// the measured ones, so both medians come from the same minutes of a shared machine.
// With --react DIR/PAGE (a React calculator's static build, e.g. gpu_poor's deployed files: issue
// 12 compares with it), cold loads of that page alternate too, timed to its first contentful paint
// (its HTML is an empty root, so that paint is React's first render); requests that leave its
// server are aborted, as an offline machine cannot answer them (gpu_poor's analytics tag).
// With --floor DIR/PAGE (tools/paint-floor/floor/index.html), the same for a page that paints on
// its first render at its fastest: an empty root that a few lines of script fill with a table, no
// framework to download or run. No calculator's first render paints earlier in the same minutes.
//   node tools/bench-site.mjs [dist] [--names build/web/imgui_app/app.wasm.orig] [--runs 7]
//                             [--baseline build/bench-baseline] [--react DIR/PAGE]... [--floor DIR/PAGE]
//                             [--no-write]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

import { startServer } from './static-server.mjs';
import { deferredNames, wasmSizes } from './bench-wasm-size.mjs';

// Before issue 12: main at 93a881f, measured by this script on 2026-12-01 (headless Chromium,
// SwiftShader, 7 cold loads). The issue's own figures (one run alternating with another site on
// a busier machine) were 2.04 s to the first frame and 728 KB gzip in 14 files before it.
const BASELINE = {
  siteGzip: 745.8e3,
  appWasm: { raw: 1326.3e3, gzip: 525.1e3, code: 903636, data: 411788 },
  beforeFirstFrameGzip: 556.7e3,
  firstFrameMs: 928,
  dragMsPerFrame: 44.6,
  contributors: {
    'Dear ImGui': 211240, 'core (sizer::)': 175617, 'std::string / containers / algorithms': 163672,
    'app (app::, platform)': 116726, 'nlohmann::json': 84041, 'iostream / locale': 75787,
    'libc (printf, strtod, malloc…)': 50061, other: 19530, 'C++ runtime / exceptions': 2381,
  },
  embedded: { 'cjk.otf (Chinese font)': 97352, 'ProggyClean (ImGui default font)': 11980 },
};

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const runs = Number(option('--runs', '7'));
const write = !args.includes('--no-write');
const namesWasm = path.resolve(option('--names', 'build/web/imgui_app/app.wasm.orig'));
// The deferred module's symbol map, beside the module wasm-split split (imgui_app/split_app.mjs).
const splitLink = /\.wasm\.orig$/.test(namesWasm);
const deferredSymbols = splitLink ? namesWasm.replace(/\.wasm\.orig$/, '.deferred.wasm.symbols') : null;
const primarySymbols = splitLink ? namesWasm.replace(/\.orig$/, '.symbols') : null;
const baselineDir = option('--baseline', null);
// Pages timed to their first paint: each --react (the goal: no later than it) and the --floor.
const paintPages = [];
for (let page = option('--react', null); page !== null; page = option('--react', null)) paintPages.push({ page, goal: true });
const floorPage = option('--floor', null);
if (floorPage) paintPages.push({ page: floorPage, goal: false });
const siteDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
const docPath = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'docs', 'BENCHMARKS.md');

const kb = (n) => (n / 1000).toFixed(1);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// [1] dist/ files
function listFiles(dir, prefix = '') {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, prefix + name + '/') : [prefix + name];
  });
}
const files = new Map();
for (const rel of listFiles(siteDir)) {
  const data = readFileSync(path.join(siteDir, rel));
  files.set(rel, { raw: data.length, gzip: gzipSync(data, { level: 9 }).length });
}
const SINGLE_FILE = 'llm-sizer.html';
const total = [...files].filter(([rel]) => rel !== SINGLE_FILE)
  .reduce((a, [, f]) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), { raw: 0, gzip: 0 });

// What app.wasm holds: sections, code per contributor, embedded files (found by their bytes).
function wasmSections(file) {
  const r = wasmSizes(file);
  const section = (name) => r.sections.find((x) => x.label === name)?.size ?? 0;
  return { r, code: section('code'), data: section('data') };
}
const app = existsSync(path.join(siteDir, 'app.wasm')) ? wasmSections(path.join(siteDir, 'app.wasm')) : null;
const named = existsSync(namesWasm)
  ? wasmSizes(namesWasm, deferredSymbols && existsSync(deferredSymbols) ? deferredNames(deferredSymbols, primarySymbols) : null) : null;
const deferredWasm = path.join(siteDir, 'app.deferred.wasm');
const deferredSections = existsSync(deferredWasm) ? wasmSections(deferredWasm) : null;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const embeddedCandidates = [
  ['latin.otf (Inter subset)', 'build/web/fonts/latin.otf'],
  ['cjk_switch.otf (中文 of the switch)', 'build/web/fonts/cjk_switch.otf'],
  // The app embeds its own copies of the catalogs, without the prose it never shows
  // (imgui_app/app_catalogs.py; same header row, so the full files are not looked for as well).
  ...['gpus', 'models', 'formats', 'prices'].map((n) => existsSync(path.join(root, `build/web/imgui_app/catalogs/${n}.csv`))
    ? [`core/data/${n}.csv, app copy without prose`, `build/web/imgui_app/catalogs/${n}.csv`]
    : [`core/data/${n}.csv`, `core/data/${n}.csv`]),
  // The string tables' English columns (imgui_app/split_string_tables.py).
  ...['presets', 'results', 'shell', 'files', 'plan'].map((n) => [`imgui_app/strings/${n}.tsv, English column`, `build/web/imgui_app/strings/${n}_en.tsv`]),
];
const embedded = [];
if (app) {
  const wasm = readFileSync(path.join(siteDir, 'app.wasm'));
  for (const [label, rel] of embeddedCandidates) {
    const file = path.join(root, rel);
    if (!existsSync(file)) continue;
    const data = readFileSync(file);
    // The first bytes suffice: binaryen splits data segments at runs of zeros (fonts have some).
    if (wasm.includes(data.subarray(0, 64))) embedded.push([label, data.length, gzipSync(data, { level: 9 }).length]);
  }
}

// [2] cold loads
const flags = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const { server, url } = await startServer(siteDir);
const origin = new URL(url).origin;
const baselineSite = baselineDir ? await startServer(baselineDir) : null;
// Each comparison page's server is rooted where the page's absolute paths start: gpu_poor's
// build asks for /gpu_poor/static/..., so DIR/gpu_poor/index.html is served from DIR.
const paintSites = await Promise.all(paintPages.map(async ({ page, goal }) => {
  const root = path.dirname(path.dirname(path.resolve(page)));
  const site = await startServer(root);
  return { page, goal, site, url: new URL(path.relative(root, path.resolve(page)), site.url).href, loads: [] };
}));

// navigation -> first contentful paint of a page, and what it fetched (a fresh profile each time).
async function paintColdLoad(pageUrl) {
  const profile = mkdtempSync(path.join(tmpdir(), 'sizer-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: flags, locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const pageOrigin = new URL(pageUrl).origin;
    await page.route('**/*', (route) => (new URL(route.request().url()).origin === pageOrigin
      ? route.continue() : route.abort()));
    await page.goto(pageUrl);
    const paintMs = await (await page.waitForFunction(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return fcp ? fcp.startTime : false;
    }, null, { timeout: 60000, polling: 10 })).jsonValue();
    const rootFilled = await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    return { paintMs, rootFilled };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function coldLoad({ lang = 'en-US', measureFrames = false, site = url } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'sizer-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: flags, locale: lang,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const fetched = [];  // [relative path, finished at (ms since the epoch)]
    const foreign = [];
    const siteOrigin = new URL(site).origin;
    page.on('request', (r) => { if (new URL(r.url()).origin !== siteOrigin) foreign.push(r.url()); });
    page.on('requestfinished', (r) => {
      const u = new URL(r.url());
      if (u.origin !== siteOrigin) return;
      const rel = decodeURIComponent(u.pathname).replace(/^\//, '') || 'index.html';
      fetched.push([rel, Date.now()]);
    });
    await page.goto(site);
    // The moment the page set on its own clock (ms since navigation start; platform_web.cpp
    // js_mark_ready), not when a poll saw it: a page busy right after its first frame (more frames,
    // the deferred module) answers the poll late. A baseline build that predates
    // window.llmSizerReadyAt is timed by the poll (every 10 ms).
    const polledMs = await (await page.waitForFunction(
      () => window.llmSizerReady === true && performance.now(), null, { timeout: 60000, polling: 10 })).jsonValue();
    const readyMs = await page.evaluate((polled) => window.llmSizerReadyAt ?? polled, polledMs);
    // The loading screen's answer (elementtiming="first-answer"): its Element Timing entry waits
    // in the observer's buffer. Chromium drops it when the element is hidden before the paint's
    // presentation feedback comes back, which under SwiftShader can be after the app's first
    // frame; the answer is then timed by the first contentful paint, the frame it is part of
    // (the page holds it before any paint), when that frame came before the one that hid it.
    // A build without one (a baseline) gives null.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0,
                               null, { timeout: 60000, polling: 10 });
    const answer = await page.evaluate(() => new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntries().find((e) => e.identifier === 'first-answer');
        if (entry) resolve({ ms: entry.renderTime, by: 'element' });
      }).observe({ type: 'element', buffered: true });
      const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
      const shown = /\banswer-/.test(document.documentElement.className);
      setTimeout(() => resolve(shown && fcp < window.llmSizerReadyAt ? { ms: fcp, by: 'fcp' } : { ms: null }), 1000);
    }));
    // The files are cut at the same moment.
    const readyWall = await page.evaluate((ms) => performance.timeOrigin + ms, readyMs);
    const before = fetched.filter(([, t]) => t <= readyWall).map(([rel]) => rel);
    const result = { readyMs, answerMs: answer.ms, answerBy: answer.by, before, foreign };
    if (measureFrames) Object.assign(result, await frames(page, context));
    return result;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

// [3] frames: idle, then a slider drag
async function frames(page, context) {
  const framesDrawn = () => page.evaluate(() => window.llmSizer.framesDrawn());
  await page.mouse.move(1270, 790);
  await page.waitForTimeout(1500);  // the wake-up window after the last input ends
  const idleStart = await framesDrawn();
  await page.waitForTimeout(5000);
  const idleFrames = (await framesDrawn()) - idleStart;

  const r = await page.evaluate(() => window.llmSizer.widgetRect('prompt-tokens'));
  if (!r) return { idleFrames, drag: null };
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async () => (await cdp.send('Performance.getMetrics')).metrics
    .find((m) => m.name === 'TaskDuration').value;
  const y = r.y + r.height / 2;
  await page.mouse.move(r.x + 4, y);
  await page.mouse.down();
  const f0 = await framesDrawn();
  const t0 = await task();
  const w0 = Date.now();
  const steps = 60;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(r.x + 4 + (r.width - 8) * (i % 2 ? i / steps : 1 - i / steps), y);
    await page.waitForTimeout(50);
  }
  const f1 = await framesDrawn();
  const t1 = await task();
  const wall = Date.now() - w0;
  await page.mouse.up();
  const dragFrames = f1 - f0;
  return { idleFrames, drag: { frames: dragFrames, msPerFrame: (1000 * (t1 - t0)) / Math.max(1, dragFrames), wall,
                               framesPerSecond: (1000 * dragFrames) / Math.max(1, wall) } };
}

const loads = [];
const baselineLoads = [];
try {
  for (let i = 0; i < runs; i++) {
    const last = i === runs - 1;
    for (const site of paintSites) site.loads.push(await paintColdLoad(site.url));
    if (baselineSite) baselineLoads.push(await coldLoad({ measureFrames: last, site: baselineSite.url }));
    loads.push(await coldLoad({ measureFrames: last }));
  }
  loads.push(await coldLoad({ lang: 'zh-CN', measureFrames: false }));
} finally {
  server.close();
  baselineSite?.server.close();
  for (const site of paintSites) site.site.server.close();
}
const baselineFrameRun = baselineLoads[baselineLoads.length - 1];
const baselineMedian = baselineLoads.length ? median(baselineLoads.map((l) => l.readyMs)) : null;
const zhLoad = loads.pop();
const times = loads.map((l) => l.readyMs);
const firstFrameMedian = median(times);
// A load whose answer never reached the screen before the app's frame counts at that frame.
const answerTimes = loads.some((l) => l.answerMs !== null) ? loads.map((l) => l.answerMs ?? l.readyMs) : [];
const answerMissed = loads.filter((l) => l.answerMs === null).length;
const answerMedian = answerTimes.length ? median(answerTimes) : null;
const firstLoad = loads[0];
const sumGzip = (list) => [...new Set(list)].reduce((a, rel) => a + (files.get(rel)?.gzip ?? 0), 0);
const frameRun = loads[loads.length - 1];

// [4] report
const lines = [];
lines.push('## Site size', '',
  `\`tools/bench.sh\` (tools/bench-site.mjs), ${new Date().toISOString().slice(0, 10)}: every file of \`dist/\`, raw and`,
  'gzip -9 (what a gzip-serving host such as GitHub Pages sends). 1 KB = 1000 bytes.', '',
  '| file | raw KB | gzip KB |', '|---|---:|---:|');
for (const [rel, f] of files) if (rel !== SINGLE_FILE) lines.push(`| ${rel} | ${kb(f.raw)} | ${kb(f.gzip)} |`);
// The service worker's ON_DEMAND list (filled in by cmake/SizerSite.cmake).
const swText = existsSync(path.join(siteDir, 'sw.js')) ? readFileSync(path.join(siteDir, 'sw.js'), 'utf8') : '';
const onDemand = JSON.parse(/const ON_DEMAND = (\[[^\]]*\])/.exec(swText)?.[1] ?? '[]').filter((f) => files.has(f));
const onDemandGzip = onDemand.reduce((a, f) => a + files.get(f).gzip, 0);
lines.push(`| **whole site** | **${kb(total.raw)}** | **${kb(total.gzip)}** |`, '');
if (files.has(SINGLE_FILE)) {
  const single = files.get(SINGLE_FILE);
  lines.push(`Not counted: ${SINGLE_FILE} (${kb(single.raw)} KB raw / ${kb(single.gzip)} KB gzip), the whole app in one file`
    + ' for opening from disk, which no visit of the site downloads.', '');
}
lines.push(
  `Without the files fetched only for a Chinese UI (${onDemand.join(', ')}; not precached), what an English`
    + ` visit downloads at most (first load + service-worker precache): ${kb(total.gzip - onDemandGzip)} KB gzip.`, '',
  `Before issue 12 (main at 93a881f): whole site ${kb(BASELINE.siteGzip)} KB gzip; app.wasm ${kb(BASELINE.appWasm.raw)} KB raw /`
    + ` ${kb(BASELINE.appWasm.gzip)} KB gzip (code ${kb(BASELINE.appWasm.code)} KB, data ${kb(BASELINE.appWasm.data)} KB).`, '');
if (app) {
  lines.push(`### app.wasm`, '', `code section ${kb(app.code)} KB (before ${kb(BASELINE.appWasm.code)}), data section`
    + ` ${kb(app.data)} KB (before ${kb(BASELINE.appWasm.data)})`
    + (deferredSections ? `; app.deferred.wasm: code ${kb(deferredSections.code)} KB (it has no data).` : '.'), '');
  if (named) {
    const split = named.primaryGroups;
    lines.push(`Code bytes per contributor (functions grouped by name in app.wasm.orig, the link with`
      + ` --profiling-funcs before the split; tools/bench-wasm-size.mjs lists single functions)`
      + (split ? ', and how much of each the first frame waits for (app.wasm) or not (app.deferred.wasm):' : ':'), '',
    split ? '| contributor | before KB | now KB | in app.wasm | in app.deferred.wasm |' : '| contributor | before KB | now KB |',
    split ? '|---|---:|---:|---:|---:|' : '|---|---:|---:|');
    const now = new Map(named.groups);
    const labels = [...new Set([...Object.keys(BASELINE.contributors), ...now.keys()])];
    for (const label of labels) {
      const total = now.get(label) ?? 0;
      const first = split?.get(label) ?? 0;
      lines.push(`| ${label} | ${kb(BASELINE.contributors[label] ?? 0)} | ${kb(total)} |`
        + (split ? ` ${kb(first)} | ${kb(total - first)} |` : ''));
    }
    lines.push(`| largest function now: \`${named.functions[0].fn.slice(0, 60)}\` | | ${kb(named.functions[0].size)} |`, '');
  }
  lines.push('Files embedded in the data section (raw / gzip KB):', '',
    '| file | raw KB | gzip KB |', '|---|---:|---:|');
  for (const [label, raw, gz] of embedded) lines.push(`| ${label} | ${kb(raw)} | ${kb(gz)} |`);
  lines.push(`| before, no longer embedded: ${Object.keys(BASELINE.embedded).join(', ')} |`
    + ` ${Object.values(BASELINE.embedded).map(kb).join(', ')} | |`, '');
}
const describeBefore = (load) => {
  const unique = [...new Set(load.before)];
  return `${kb(sumGzip(unique))} KB gzip in ${unique.length} files (${unique.join(', ')})`;
};
lines.push('## First load', '',
  `Headless Chromium with SwiftShader (no GPU), 1280x800, a fresh profile per load (no HTTP, code or`,
  'service-worker cache), served by tools/static-server.mjs on 127.0.0.1.', '',
  `- bytes fetched before the first useful frame, English UI: ${describeBefore(firstLoad)};`
    + ` before: ${kb(BASELINE.beforeFirstFrameGzip)} KB`,
  `- the same, Chinese UI (navigator.language zh-CN): ${describeBefore(zhLoad)}`,
  `- navigation -> first useful frame (window.llmSizerReady): median **${Math.round(firstFrameMedian)} ms** of ${runs}`
    + ` cold loads (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}; Chinese UI: ${Math.round(zhLoad.readyMs)} ms);`
    + (baselineMedian === null ? ` before: ${BASELINE.firstFrameMs} ms`
      : ` before, alternating with these loads (${path.basename(path.resolve(baselineDir, '..'))}/${path.basename(baselineDir)}): median ${Math.round(baselineMedian)} ms`),
  answerMedian === null ? '- the first visit\'s answer: not on the page'
    : `- navigation -> the first visit's answer on screen (the loading screen's default answer, Element Timing`
      + ` renderTime, else the first contentful paint it is part of: ${loads.filter((l) => l.answerBy === 'fcp').length} loads):`
      + ` median **${Math.round(answerMedian)} ms** of ${answerTimes.length} cold loads`
      + (answerMissed ? ` (in ${answerMissed} the app's frame came first and is counted)` : '')
      + ` (min ${Math.round(Math.min(...answerTimes))}, max ${Math.round(Math.max(...answerTimes))};`
      + ` Chinese UI: ${zhLoad.answerMs === null ? 'none' : Math.round(zhLoad.answerMs) + ' ms'})`,
  ...paintSites.map(({ page, goal, loads: paints }) => {
    const paintMedian = median(paints.map((l) => l.paintMs));
    const gap = Math.round(firstFrameMedian - paintMedian);
    const answerGap = answerMedian === null ? null : Math.round(answerMedian - paintMedian);
    return `- ${path.basename(path.dirname(path.resolve(page)))} (${page}), alternating with these`
      + ` loads: navigation -> first contentful paint (its first render), median **${Math.round(paintMedian)} ms**`
      + ` (min ${Math.round(Math.min(...paints.map((l) => l.paintMs)))}, max ${Math.round(Math.max(...paints.map((l) => l.paintMs)))};`
      + ` root rendered by then in ${paints.filter((l) => l.rootFilled).length} of ${paints.length});`
      + ` LLM Sizer's first frame is ${Math.abs(gap)} ms ${gap > 0 ? 'later' : 'earlier'}`
      + (goal ? ` (goal: no later${gap > 0 ? ', not met' : ', met'})` : ' (the floor: no page that renders first paints earlier)')
      + (answerGap === null ? ''
        : `; the first visit's answer is ${Math.abs(answerGap)} ms ${answerGap > 0 ? 'later' : 'earlier'}`
          + (goal ? ` (goal: no later${answerGap > 0 ? ', not met' : ', met'})` : ''));
  }),
  `- requests to any other origin: ${loads.concat([zhLoad]).reduce((a, l) => a + l.foreign.length, 0)}`, '');
lines.push('## Frames', '',
  `- frames drawn in 5 s of idleness after the first frame: ${frameRun.idleFrames}`);
if (frameRun.drag) {
  lines.push(`- dragging the prompt-tokens slider for ${frameRun.drag.wall} ms (each frame recomputes the whole result,`
    + ` fit table included): ${frameRun.drag.frames} frames = **${frameRun.drag.framesPerSecond.toFixed(1)} frames/s**`
    + ` (the issue asks for at least 30), renderer main-thread time **${frameRun.drag.msPerFrame.toFixed(1)} ms per frame**`
    + ' (CDP TaskDuration; SwiftShader rasterises in the GPU process, not counted); before: '
    + (baselineFrameRun?.drag ? `${baselineFrameRun.drag.msPerFrame.toFixed(1)} ms in the same run` : `${BASELINE.dragMsPerFrame} ms`));
} else {
  lines.push('- slider drag: the prompt-tokens slider was not on screen');
}
lines.push('');
const report = lines.join('\n');
console.log(report);

if (write) {
  const mine = ['Site size', 'First load', 'Frames'];
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8')
    : '# Benchmarks\n\nFigures printed by `tools/bench.sh`; each section is rewritten by the bench that owns it.\n\n## Core engine\n\n(filled by the core bench)\n';
  // Drop this bench's old sections, keep the others in their order, append the new ones.
  const parts = doc.split(/^(?=## )/m);
  doc = parts.filter((p) => !mine.some((h) => p.startsWith(`## ${h}\n`))).join('');
  doc = doc.replace(/\n*$/, '\n\n') + report;
  writeFileSync(docPath, doc.replace(/\n*$/, '\n'));
  console.log(`(written to ${path.relative(process.cwd(), docPath)})`);
}
