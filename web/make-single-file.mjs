#!/usr/bin/env node
// Writes dist/llm-sizer.html: the whole app in one file that opens from disk (file://) with no
// server. index.html with boot.js and app.js inlined (its own inline script, the download, dropped), app.wasm, app.deferred.wasm, the English the
// first frame does not show (en-late.tsv) and the Chinese text (zh.tsv) as base64 in
// window.llmSizerInline (boot.js instantiates the wasm from it and hands the text over instead of
// fetching), no service worker, manifest or preloads, and a
// Content-Security-Policy that allows exactly these inline scripts by their hashes.
//   node web/make-single-file.mjs <dist folder>     (run by the `site` target, cmake/SizerSite.cmake)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = process.argv[2];
if (!dist) {
  console.error('usage: make-single-file.mjs <dist folder>');
  process.exit(2);
}
const read = (name) => readFileSync(join(dist, name));
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// '</script' inside an inline script would end it early; JSON and base64 never hold one, the
// Emscripten glue and boot.js are checked.
function inlineScript(text, name) {
  if (/<\/script/i.test(text)) throw new Error(`${name} holds "</script": cannot be inlined`);
  return text;
}

let html = read('index.html').toString('utf8');
const must = (pattern, what) => {
  if (!pattern.test(html)) throw new Error(`index.html: ${what} not found (${pattern})`);
  html = html.replace(pattern, '');
};
must(/<link rel="preload" href="app\.js"[^>]*>\n?/, 'the app.js preload');
html = html.replace(/<link rel="icon"[^>]*>\n?/g, '');

const inlineData = 'window.llmSizerInline = ' + JSON.stringify({
  wasm: read('app.wasm').toString('base64'),
  deferred: read('app.deferred.wasm').toString('base64'),
  late: read('en-late.tsv').toString('base64'),
  zh: read('zh.tsv').toString('base64'),
}) + ';';
const boot = inlineScript(read('boot.js').toString('utf8'), 'boot.js');
const app = inlineScript(read('app.js').toString('utf8'), 'app.js');
// index.html's inline script (the download of app.wasm) gives way to the data.
const download = /<script>[\s\S]*?<\/script>/.exec(html);
if (!download) throw new Error('index.html: its inline script not found');
html = html.replace(download[0], () => `<script>${inlineData}</script>`);
if (!html.includes('<script src="boot.js"></script>')) throw new Error('index.html: boot.js not found');
html = html.replace('<script src="boot.js"></script>', () => [boot, app].map((s) => `<script>${s}</script>`).join('\n'));
const scripts = [inlineData, boot, app];

const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
if (!csp) throw new Error('index.html: no Content-Security-Policy');
const style = /style-src ('sha256-[^']+')/.exec(csp[1]);
if (!style) throw new Error('index.html: the CSP has no style hash');
const policy = `default-src 'none'; script-src ${scripts.map(sha256).join(' ')} 'wasm-unsafe-eval'; ` +
               `style-src ${style[1]}; img-src 'self'; connect-src https://huggingface.co; ` +
               `base-uri 'none'; form-action 'none'`;  // the Hub look-up, on request only
html = html.replace(csp[0], () => `<meta http-equiv="Content-Security-Policy" content="${policy}">`);

writeFileSync(join(dist, 'llm-sizer.html'), html);
console.log(`llm-sizer.html: ${(html.length / 1048576).toFixed(2)} MiB`);
