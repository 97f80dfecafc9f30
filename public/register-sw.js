// Registers the service worker (sw.js, beside this file) so the site works offline after one
// visit. Included by lite.html (<script src="register-sw.js" defer></script>) and, after the
// app's first frame, by boot.js for index.html.
// Installing it downloads the whole site, so it waits until the page has what it needs (the
// app's first frame, boot.js's `llmsizerready` event; or the lite page's load) and the browser is
// idle: the precache never competes with the first load. Skipped on file:// pages and in browsers
// without service workers.
// `?nosw` in the address turns it off (development, tests): no worker is registered and any
// registered one is removed.
// A new deployment: on the next visit the browser finds the changed sw.js, the new worker takes
// over the page (skipWaiting + clients.claim) and a small notice offers to reload into it.
function showUpdatedNotice() {
  if (document.getElementById('updated')) return;
  const zh = /^zh/i.test(document.documentElement.lang);
  const box = document.createElement('div');
  box.id = 'updated';
  box.setAttribute('role', 'status');
  Object.assign(box.style, {
    position: 'fixed', right: '1em', bottom: '1em', zIndex: 2, padding: '0.5em 0.8em',
    borderRadius: '0.4em', background: '#2b3a55', color: '#fff', font: '14px system-ui, sans-serif',
    boxShadow: '0 2px 8px #0006',
  });
  box.textContent = zh ? 'LLM Sizer 已更新。' : 'LLM Sizer was updated. ';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = zh ? '重新加载' : 'Reload';
  reload.onclick = () => location.reload();
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '\u00d7';
  close.setAttribute('aria-label', zh ? '关闭' : 'Close');
  close.onclick = () => box.remove();
  for (const b of [reload, close]) {
    Object.assign(b.style, { marginLeft: '0.6em', font: 'inherit', cursor: 'pointer' });
    box.appendChild(b);
  }
  document.body.appendChild(box);
}
const serviceWorkerOff = new URLSearchParams(location.search).has('nosw');
if ('serviceWorker' in navigator && serviceWorkerOff) {
  navigator.serviceWorker.getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => {});
} else if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  if (navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', showUpdatedNotice, { once: true });
  }
  const register = () => {
    navigator.serviceWorker.register('sw.js').then(() => navigator.serviceWorker.ready).then((ready) => {
      // boot.js fetched the Chinese text before the worker existed: cache it as well.
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
