// Looking a model up on Hugging Face by its id (issue 14), with real clicks and keys, against a
// local server playing the Hub with recorded replies (tests/browser/fixtures/hub/) on the page's
// own origin (window.llmSizerHubBase, set before the app loads): never the network. Nothing is
// asked before the button; success gives the model with the right parameter count, kept in saved
// work; 401 says gated, 404 not found, offline says offline, malformed JSON a clear error; the
// page's CSP holds throughout.
//   node --test tests/browser/hub_lookup.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { clickWidget, openFilesPanel, settle, state } from './app_widgets.mjs';
import { collectErrors, frameText, launchBrowser, repo, screenshotVariance, serve, typeText, waitForApp, waitText } from './lib.mjs';

const fixtures = join(repo, 'tests', 'browser', 'fixtures', 'hub');
const file = (name) => readFileSync(join(fixtures, name), 'utf8');
const at = (id, name) => `/hub/${id}/resolve/main/${name}`;
const replies = {
  [at('meta-llama/Llama-3.1-8B', 'config.json')]: { status: 200, body: file('llama-3.1-8b.config.json') },
  [at('meta-llama/Llama-3.1-8B', 'model.safetensors.index.json')]:
    { status: 200, body: file('llama-3.1-8b.index.json') },
  // What the Hub answers an anonymous client for a gated repository.
  [at('meta-llama/Llama-3.3-70B-Instruct', 'config.json')]:
    { status: 401, body: '{"error":"Access to model meta-llama/Llama-3.3-70B-Instruct is restricted."}' },
  [at('nobody/no-such-model', 'config.json')]: { status: 404, body: '{"error":"Entry not found"}' },
  [at('broken/config', 'config.json')]: { status: 200, body: '{"hidden_size": 4096, "num_hidden_layers": ' },
};

const shared = { site: null, browser: null };
before(async () => {
  shared.site = await serve(undefined, '/', replies);
  shared.browser = await launchBrowser();
});
after(async () => {
  await shared.browser?.close();
  shared.site?.server.close();
});

async function open() {
  const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const requests = [];
  ctx.on('request', (r) => requests.push(r.url()));
  await page.addInitScript(() => {
    window.llmSizerHubBase = location.origin + '/hub';
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(shared.site.url + '?nosw');
  await waitForApp(page);
  await openFilesPanel(page);
  return { ctx, page, errors, requests };
}

// Types the id into the field (its text is selected whole on a click) and asks, by the button or
// by Enter.
async function lookUp(page, id, { enter = false } = {}) {
  await clickWidget(page, 'hub-id');
  await typeText(page, id);
  if (enter) await page.keyboard.press('Enter');
  else await clickWidget(page, 'hub-look-up');
  await settle(page, 3);
}

const hubRequests = (requests) => requests.filter((u) => new URL(u).pathname.startsWith('/hub/'));

test('a recorded config.json and index make the model; it is kept for offline use', async () => {
  const { ctx, page, errors, requests } = await open();
  assert.deepEqual(hubRequests(requests), [], 'nothing asks the Hub before the button');
  await lookUp(page, 'meta-llama/Llama-3.1-8B');
  await waitText(page, 'Found meta-llama/Llama-3.1-8B on the Hub');
  const s = await state(page);
  assert.equal(s.model.arch.name, 'meta-llama/Llama-3.1-8B');
  assert.equal(s.model.arch.hiddenSize, 4096);
  assert.equal(s.fileWeightsBytes, '16060522496', 'the index gives the exact size');
  const r = await page.evaluate(() => window.llmSizer.results());
  assert.equal(r.params.total, 8030261248);
  assert.ok((await screenshotVariance(page, 'hub-lookup-found.png')) > 20);
  const saved = await page.evaluate(() => localStorage.getItem('llm-sizer-saved') || '');
  assert.match(saved, /meta-llama\/Llama-3\.1-8B/);
  assert.deepEqual(hubRequests(requests).map((u) => new URL(u).pathname),
                   [at('meta-llama/Llama-3.1-8B', 'config.json'),
                    at('meta-llama/Llama-3.1-8B', 'model.safetensors.index.json')]);
  const origin = new URL(shared.site.url).origin;
  for (const u of requests) assert.equal(new URL(u).origin, origin, `request to ${u}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('gated, not found and malformed replies say so and leave the model', async () => {
  const { ctx, page, errors } = await open();
  const model = (await state(page)).model;
  await lookUp(page, 'meta-llama/Llama-3.3-70B-Instruct', { enter: true });
  await waitText(page, 'is gated or private (HTTP 401)');
  assert.ok((await screenshotVariance(page, 'hub-lookup-gated.png')) > 20);
  await lookUp(page, 'nobody/no-such-model');
  await waitText(page, 'was not found');
  await lookUp(page, 'broken/config', { enter: true });
  await waitText(page, 'The config.json of broken/config could not be used');
  await lookUp(page, 'not a/valid/id');
  await waitText(page, 'is not a Hugging Face id');
  assert.deepEqual((await state(page)).model, model);
  // The 401 and 404 are answers the test asked for, not faults of the page.
  assert.deepEqual(errors.filter((e) => !/status of 40[14]/.test(e)), []);
  await ctx.close();
});

test('offline: nothing is sent and the page says so', async () => {
  const { ctx, page, errors, requests } = await open();
  await ctx.setOffline(true);
  await lookUp(page, 'meta-llama/Llama-3.1-8B');
  await waitText(page, 'You are offline');
  assert.deepEqual(hubRequests(requests), []);
  assert.deepEqual(errors, []);
  await ctx.close();
});
