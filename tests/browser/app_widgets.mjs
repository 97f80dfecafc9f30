// Driving the ImGui app's widgets like a person for the files-in/files-out tests: scroll the
// column under the pointer until a widget (window.llmSizer.widgetRect) is in view, hover, click;
// paste text through the page's paste event; wait for frames.
import assert from 'node:assert/strict';

export const state = (page) => page.evaluate(() => window.llmSizer.getState());
export const rect = (page, id) => page.evaluate((i) => window.llmSizer.widgetRect(i), id);
export const framesDrawn = (page) => page.evaluate(() => window.llmSizer.framesDrawn());

// Waits until the app has drawn `n` more frames (an empty setState wakes a sleeping loop).
export async function settle(page, n = 3) {
  const since = await framesDrawn(page);
  await page.waitForFunction(([f, k]) => {
    if (window.llmSizer.framesDrawn() >= f + k) return true;
    window.llmSizer.setState({});
    return false;
  }, [since, n], { timeout: 15000, polling: 100 });
}

export async function waitWidget(page, id, timeout = 15000) {
  const start = Date.now();
  for (;;) {
    const r = await rect(page, id);
    if (r) return r;
    if (Date.now() - start > timeout) assert.fail(`widget ${id} was never drawn`);
    await settle(page, 1);
  }
}

// Scrolls (mouse wheel over the widget's column) until widget `id` is wholly visible.
export async function scrollIntoView(page, id) {
  const height = page.viewportSize().height;
  for (let i = 0; i < 60; ++i) {
    const r = await waitWidget(page, id);
    if (r.y >= 0 && r.y + r.height <= height) return r;
    await page.mouse.move(Math.max(5, r.x + 2), height / 2);
    await page.mouse.wheel(0, r.y < 0 ? -250 : 250);
    await settle(page, 3);
  }
  assert.fail(`widget ${id} never came into view`);
}

// Hovers the name of constant `key` in the open Assumptions panel, which shows its tooltip. The
// name sits two columns to the left of the value field (columns 2.2 : 1 : 1.6).
export async function hoverAssumptionName(page, key) {
  const input = await scrollIntoView(page, `assumption-${key}`);
  await page.mouse.move(Math.max(4, input.x - 1.4 * input.width), input.y + input.height / 2);
  await settle(page, 4);
}

// Same place and size: the widget held still.
export const sameRect = (a, b) => Boolean(a && b) &&
  ['x', 'y', 'width', 'height'].every((k) => Math.abs(a[k] - b[k]) < 0.5);

// Clicks widget `id` once it holds still: its rectangle is read again after the pointer has moved
// there and two frames have passed, and the aim is taken again while it moves. A panel that has
// just opened scrolls itself into view over the next frames (the custom GPU form), and a click at
// the old place lands on whatever widget took it (the flake of "copy H100 and edit": the typed
// value went into another field of the form).
export async function clickWidget(page, id) {
  for (let i = 0; i < 20; ++i) {
    const r = await scrollIntoView(page, id);
    const x = r.x + Math.min(r.width / 2, 40);
    const y = r.y + r.height / 2;
    await page.mouse.move(x, y);
    await settle(page, 2);
    if (!sameRect(r, await rect(page, id))) continue;
    await page.mouse.click(x, y);
    await settle(page, 3);
    return r;
  }
  assert.fail(`widget ${id} never held still`);
}

// True when widget `id` is drawn now (rectangles stay published after a widget goes away, so the
// old one is dropped first and must come back).
export async function isDrawn(page, id) {
  await page.evaluate((i) => { delete window.Module.llmSizerPage.rects[i]; }, id);
  await settle(page, 2);
  return Boolean(await rect(page, id));
}

// Opens the "Files and saved work" panel (a collapsing header) unless it already is open (reading
// a file opens it).
export async function openFilesPanel(page) {
  if (await isDrawn(page, 'files-open')) return;
  await clickWidget(page, 'files-header');
  if (!(await isDrawn(page, 'files-open'))) assert.fail('the files panel did not open');
}

// Text into the focused ImGui field the way Ctrl+V brings it: the document's paste event.
export async function pasteText(page, text) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, text);
  await settle(page, 3);
}

// Waits until every file the page started reading is done; returns window.llmSizer.filesRead().
export async function filesRead(page, count) {
  await page.waitForFunction((n) => {
    const files = window.llmSizer.filesRead();
    return files.length >= n && files.every((f) => f.done);
  }, count, { timeout: 30000 });
  await settle(page, 2);
  return page.evaluate(() => window.llmSizer.filesRead());
}
