// Registers the service worker (sw.js, beside this file) so the site works offline after one
// visit. Included by index.html and lite.html: <script src="register-sw.js" defer></script>.
// Installing it downloads the whole site, so it waits until the page has what it needs (the
// app's first frame, boot.js's `llmsizerready` event; or the lite page's load) and the browser is
// idle: the precache never competes with the first load. Skipped on file:// pages and in browsers
// without service workers.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  const register = () => {
    navigator.serviceWorker.register('sw.js').then(() => navigator.serviceWorker.ready).then((ready) => {
      // boot.js fetched the Chinese font and text before the worker existed: cache them as well.
      if (window.llmSizerChineseFetched && ready.active) ready.active.postMessage('cache-on-demand');
    }).catch((error) => {
      console.warn('LLM Sizer: offline support unavailable:', error.message);
    });
  };
  const whenIdle = () => {
    if (window.requestIdleCallback) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (!document.getElementById('canvas')) window.addEventListener('load', whenIdle, { once: true });
  else if (window.llmSizerReady) whenIdle();
  else window.addEventListener('llmsizerready', whenIdle, { once: true });
}
