// Registers the service worker (sw.js, beside this file) so the site works offline after one
// visit. Included by index.html and lite.html: <script src="register-sw.js" defer></script>.
// Skipped on file:// pages and in browsers without service workers.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('sw.js').catch((error) => {
      console.warn('LLM Sizer: offline support unavailable:', error.message);
    });
  });
}
