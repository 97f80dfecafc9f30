// Tensor parallel on GeForce cards, in the page: the core's collective-latency model sends their
// all-reduces through host memory (no PCIe peer access), and the verdict's warnings say so with
// the latency. Screenshots at 1280x800 and 400x800 in English and Chinese
// (build/screenshots/link-path-*).
//   node --test tests/browser/link_path.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, frameText, openApp, screenshotVariance, scrollIntoView, settle,
         siteAndBrowserForThisFile } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const expected = {
  en: 'through host memory (about 42.1 us)',
  zh: '\u7ecf\u4e3b\u673a\u5185\u5b58\u4e2d\u8f6c\uff08\u7ea6 42.1 \u5fae\u79d2\uff09',
};

for (const [width, lang] of [[1280, 'en'], [400, 'en'], [1280, 'zh'], [400, 'zh']]) {
  test(`4 x RTX 4090 at TP 4 warns that all-reduces go through host memory (${width}px, ${lang})`,
    async () => {
      const { page, errors, ctx } = await openApp(shared, { width, height: 800 });
      if (lang === 'zh') await clickWidget(page, 'lang-zh');
      await page.evaluate(() => window.llmSizer.setState({
        model: 'llama-3.1-70b', weights: 'awq-4bit-g128', gpu: 'rtx-4090-24gb', gpuCount: 4,
        tensorParallel: 4,
      }));
      await settle(page, 3);
      await scrollIntoView(page, 'verdict', 60, 300);
      // Wrapped lines join without their break, so spaces are compared out.
      const want = expected[lang].replace(/\s+/g, '');
      let text = '';
      for (let i = 0; i < 30 && !text.includes(want); ++i) {
        await settle(page, 2);
        text = (await frameText(page)).replace(/\s+/g, '');
      }
      const at = Math.max(0, text.indexOf(lang === 'en' ? 'tensorParallel' : '\u4e3b\u673a') - 200);
      assert.ok(text.includes(want), `the warning names the host path: ${text.slice(at, at + 500)}`);
      assert.ok(await screenshotVariance(page, `link-path-${width}x800-${lang}.png`) > 20);
      assert.deepEqual(errors, []);
      await ctx.close();
    });
}
