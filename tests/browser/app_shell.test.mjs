// Browser tests of the ImGui app shell (imgui_app/): real input events at the widget rectangles
// the app publishes (window.llmSizer.widgetRect), state through window.llmSizer, the URL hash and
// localStorage, language and theme switching, idle rendering, and screenshots at desktop and
// phone sizes in both languages and both themes (build/screenshots/app-*.png).
//   node --test tests/browser/app_shell.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  clickWidget as clickWidgetInPlace, collectErrors, screenshotVariance, scrollIntoView, siteAndBrowserForThisFile, typeText,
  waitForApp,
} from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// A fresh page (own context: empty localStorage) with the app ready.
async function open({ width = 1280, height = 800, hash = '', colorScheme = 'light', context } = {}) {
  const ctx = context || (await shared.browser.newContext({ viewport: { width, height }, colorScheme }));
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url + hash);
  await waitForApp(page);
  return { page, errors, ctx };
}

const state = (page) => page.evaluate(() => window.llmSizer.getState());
const rect = (page, id) => page.evaluate((i) => window.llmSizer.widgetRect(i), id);

const framesDrawn = (page) => page.evaluate(() => window.llmSizer.framesDrawn());

// Waits until the app has drawn `n` more frames (software WebGL here draws only a few per second).
async function settle(page, since, n = 3) {
  await page.waitForFunction(([f, k]) => window.llmSizer.framesDrawn() >= f + k, [since, n],
                             { timeout: 15000 });
}

// Brings widget `id` fully into view with the mouse wheel, then clicks it as a person does
// (lib.mjs: hover first, click once it holds still).
async function clickWidget(page, id) {
  await scrollIntoView(page, id, 0, page.viewportSize().height);
  await clickWidgetInPlace(page, id);
}

// Luminance of the page's bottom-left pixel (the window background).
async function backgroundLuminance(page) {
  const png = await page.screenshot({ clip: { x: 2, y: 790, width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(1, 1).getContext('2d');
    c.drawImage(bitmap, 0, 0);
    const [r, g, b] = c.getImageData(0, 0, 1, 1).data;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }, png.toString('base64'));
}

test('the first screen shows the title, a model and a GPU picker, and an estimate', async () => {
  const { page, errors, ctx } = await open();
  for (const id of ['title', 'model-picker', 'gpu-picker', 'tab-inference', 'copy-link']) {
    const r = await rect(page, id);
    assert.ok(r && r.width > 0 && r.height > 0, `${id} has a rectangle`);
  }
  const s = await state(page);
  assert.equal(s.mode, 'inference');
  assert.equal(s.model, 'llama-3.1-8b');
  assert.equal(s.gpu, 'rtx-4090-24gb');
  const r = await page.evaluate(() => window.llmSizer.results());
  // Llama 3.1 8B in FP16 holds 16.1 GB of weights; with KV cache and overhead well under 24 GB.
  assert.ok(r.memory.weightsBytes > 15e9 && r.memory.weightsBytes < 17e9, `${r.memory.weightsBytes}`);
  assert.equal(r.memory.fits, true);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('typing "qwen 7" in the model picker and clicking the first match selects a Qwen 7B', async () => {
  const { page, errors, ctx } = await open();
  await clickWidget(page, 'model-picker');
  const typed = await framesDrawn(page);
  await typeText(page, 'qwen 7', { delay: 20 });
  await settle(page, typed);
  await clickWidget(page, 'model-first-match');
  const s = await state(page);
  assert.match(String(s.model), /qwen/i);
  assert.match(String(s.model), /7b/i);
  const r = await page.evaluate(() => window.llmSizer.results());
  assert.ok(r.params.total > 5e9 && r.params.total < 9e9, `${r.params.total}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the GPU picker searches the catalog: typing "h100" offers the H100', async () => {
  const { page, errors, ctx } = await open();
  await clickWidget(page, 'gpu-picker');
  // The search field takes the keyboard on the frame after the popup appears: keys sent before
  // it is drawn would be lost on a slow machine.
  for (let i = 0; i < 150 && !(await rect(page, 'gpu-search')); ++i) {
    if (i % 5 === 4) await page.mouse.move(5, 5 + (i % 2));  // input wakes the idle main loop
    await page.waitForTimeout(100);
  }
  assert.ok(await rect(page, 'gpu-search'), 'the search field was drawn');
  const shown = await framesDrawn(page);
  await page.mouse.move(6, 6);
  await settle(page, shown, 2);
  const typed = await framesDrawn(page);
  await typeText(page, 'h100', { delay: 20 });
  await settle(page, typed);
  await clickWidget(page, 'gpu-first-match');
  const s = await state(page);
  assert.match(String(s.gpu), /^h100/);
  const r = await page.evaluate(() => window.llmSizer.results());
  assert.ok(r.memory.capacityBytes > 70e9, `${r.memory.capacityBytes}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('clicking the Fine-tune tab switches to LoRA training', async () => {
  const { page, ctx } = await open();
  await clickWidget(page, 'tab-finetune');
  // On a loaded machine the click can take effect frames later (one CI run read 'inference').
  await page.waitForFunction(() => window.llmSizer.getState().mode === 'training', null,
                             { timeout: 15000, polling: 100 }).catch(() => {});
  const s = await state(page);
  assert.equal(s.mode, 'training');
  assert.equal(s.tab, 'finetune');
  assert.equal(s.training.method, 'lora');
  await clickWidget(page, 'method-qlora');
  assert.equal((await state(page)).training.method, 'qlora');
  await clickWidget(page, 'tab-inference');
  assert.equal((await state(page)).mode, 'inference');
  await ctx.close();
});

test('setState merges a partial state and rejects bad input with an Error naming the field', async () => {
  const { page, ctx } = await open();
  const s = await page.evaluate(() => window.llmSizer.setState({ batch: 8, gpu: 'h100-sxm-80gb' }));
  assert.equal(s.batch, 8);
  assert.equal(s.gpu, 'h100-sxm-80gb');
  assert.equal(s.model, 'llama-3.1-8b', 'untouched fields stay');
  const bad = await page.evaluate(() => {
    const out = [];
    for (const partial of [{ gpuCount: -1 }, { lang: 'fr' }, { gpu: 'no-such-gpu' }]) {
      try { window.llmSizer.setState(partial); out.push('accepted'); } catch (e) { out.push(e.message); }
    }
    return out;
  });
  assert.match(bad[0], /gpuCount/);
  assert.match(bad[1], /lang/);
  assert.match(bad[2], /gpu/);
  assert.equal((await state(page)).batch, 8, 'a rejected setState changes nothing');
  await ctx.close();
});

test('the URL hash holds the state, survives a reload, and a broken link falls back safely', async () => {
  const { page, ctx } = await open();
  await page.evaluate(() => window.llmSizer.setState({ batch: 12, promptTokens: 2000, lang: 'zh' }));
  await page.waitForFunction(() => /batch=12/.test(location.hash), null, { timeout: 5000 });
  const hash = await page.evaluate(() => location.hash);
  const share = await page.evaluate(() => location.href);
  await ctx.close();

  const fresh = await open({ hash });
  const s = await state(fresh.page);
  assert.equal(s.batch, 12);
  assert.equal(s.promptTokens, 2000);
  assert.equal(s.lang, 'zh');
  assert.ok(share.includes('#'));
  await fresh.ctx.close();

  const broken = await open({ hash: '#v=1&model=no-such-model&batch=-5' });
  const b = await state(broken.page);
  assert.equal(b.model, 'llama-3.1-8b', 'defaults after a bad link');
  assert.ok(await rect(broken.page, 'status'), 'a status message explains the bad link');
  assert.deepEqual(broken.errors, []);
  await broken.ctx.close();
});

test('language and theme switch by clicking, and the language is remembered', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const { page } = await open({ context });
  const light = await backgroundLuminance(page);
  await clickWidget(page, 'lang-zh');
  assert.equal((await state(page)).lang, 'zh');
  // The page's lang attribute follows on a later frame (the Chinese font loads first).
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 15000 });
  const themed = await framesDrawn(page);
  await page.evaluate(() => window.llmSizer.setState({ theme: 'dark' }));
  await settle(page, themed);
  const dark = await backgroundLuminance(page);
  assert.ok(light > 200 && dark < 60, `light ${light}, dark ${dark}`);
  // The state is saved once still (imgui_app/main.cpp, k_persist_delay_s).
  await page.waitForFunction(() => {
    const saved = JSON.parse(window.localStorage.getItem('llm-sizer-state') || '{}');
    return saved.lang === 'zh' && saved.theme === 'dark';
  }, null, { timeout: 15000, polling: 50 });
  await page.goto(shared.site.url);  // no hash: comes from localStorage
  await waitForApp(page);
  const s = await state(page);
  assert.equal(s.lang, 'zh');
  assert.equal(s.theme, 'dark');
  await context.close();
});

test('the system colour scheme picks the theme when none is chosen', async () => {
  const { page, ctx } = await open({ colorScheme: 'dark' });
  assert.ok((await backgroundLuminance(page)) < 60);
  await ctx.close();
});

test('an idle page stops drawing', async () => {
  const { page, ctx } = await open();
  await page.waitForTimeout(2500);
  const before1 = await framesDrawn(page);
  await page.waitForTimeout(1500);
  const before2 = await framesDrawn(page);
  assert.equal(before2, before1, 'no frames while idle');
  await page.mouse.move(300, 300);
  await settle(page, before2, 2);
  await ctx.close();
});

test('calibrating with a measured peak memory stores a fitted overhead override', async () => {
  const { page, ctx } = await open();
  await clickWidget(page, 'assumptions-header');
  const r = await page.evaluate(() => window.llmSizer.results());
  // Measured: 2 GiB more than the estimate (e.g. nvidia-smi showing 19,000 MiB).
  const measuredGiB = (r.memory.perGpuBytes / 1073741824 + 2).toFixed(2);
  await clickWidget(page, 'calibrate-value');
  await page.keyboard.press('Control+A');
  const typed = await framesDrawn(page);
  await typeText(page, measuredGiB);
  await page.keyboard.press('Enter');
  await settle(page, typed);
  await clickWidget(page, 'calibrate-fit');
  const s = await state(page);
  assert.ok(s.assumptions && s.assumptions.frameworkOverheadFraction > 0, JSON.stringify(s.assumptions));
  const after1 = await page.evaluate(() => window.llmSizer.results());
  assert.ok(Math.abs(after1.memory.perGpuBytes / 1073741824 - Number(measuredGiB)) < 0.05);
  await ctx.close();
});

test('pasting a config.json into the custom model box imports the architecture', async () => {
  const { page, errors, ctx } = await open();
  await clickWidget(page, 'model-picker');
  await clickWidget(page, 'model-custom');
  await clickWidget(page, 'config-json');
  // Llama 2 7B's config.json (meta-llama/Llama-2-7b-hf): 6.74B parameters.
  const config = JSON.stringify({
    architectures: ['LlamaForCausalLM'], model_type: 'llama', hidden_size: 4096,
    intermediate_size: 11008, num_attention_heads: 32, num_hidden_layers: 32,
    num_key_value_heads: 32, vocab_size: 32000, max_position_embeddings: 4096,
    tie_word_embeddings: false, torch_dtype: 'float16', rms_norm_eps: 1e-5 }, null, 2);
  const since = await framesDrawn(page);
  // The canvas gets text only through the page's paste event (the GLFW port has no clipboard).
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, config);
  await settle(page, since);
  await clickWidget(page, 'config-import');
  // On a loaded machine the click can take effect frames later (one CI run read the default
  // model's 8.03B): wait up to 15 s for the imported model's results, then check them.
  await page.waitForFunction(() => Math.abs(window.llmSizer.results().params.total - 6.74e9) < 0.05e9,
                             null, { timeout: 15000, polling: 100 }).catch(() => {});
  const r = await page.evaluate(() => window.llmSizer.results());
  assert.ok(Math.abs(r.params.total - 6.74e9) < 0.05e9, `${r.params.total}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the app survives a lost and restored WebGL context', async () => {
  const { page, errors, ctx } = await open();
  await page.evaluate(() => new Promise((resolve) => {
    const ext = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
    ext.loseContext();
    setTimeout(() => { ext.restoreContext(); setTimeout(resolve, 300); }, 300);
  }));
  const since = await framesDrawn(page);
  await page.evaluate(() => window.llmSizer.setState({ batch: 4 }));
  await settle(page, since);
  const variance = await screenshotVariance(page, 'app-context-restored.png');
  assert.ok(variance > 20, `drawn again after the restore (variance ${variance})`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('on a phone the summary line is one tap from the results', async () => {
  const { page, ctx } = await open({ width: 400, height: 800 });
  assert.ok((await rect(page, 'model-picker')).y > 0);
  await clickWidget(page, 'summary-line');
  const since = await framesDrawn(page);
  await page.mouse.move(200, 400);  // one more event: the scroll lands on the next frame
  await settle(page, since, 2).catch(() => {});
  assert.ok((await rect(page, 'model-picker')).y < 0, 'the inputs scrolled away');
  await ctx.close();
});

for (const [width, height] of [[1280, 800], [400, 800]]) {
  for (const lang of ['en', 'zh']) {
    for (const theme of ['light', 'dark']) {
      test(`screenshot ${width}x${height} ${lang} ${theme}`, async () => {
        const { page, errors, ctx } = await open({ width, height });
        const since = await framesDrawn(page);
        await page.evaluate((s) => window.llmSizer.setState(s), { lang, theme });
        await settle(page, since);
        const variance = await screenshotVariance(page, `app-${width}x${height}-${lang}-${theme}.png`);
        assert.ok(variance > 20, `the canvas shows something (variance ${variance})`);
        assert.deepEqual(errors, []);
        await ctx.close();
      });
    }
  }
}
