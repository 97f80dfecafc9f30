// Runs before Emscripten's module code. Emscripten 3.1.6's ES6 output expects CommonJS `require`
// and `__dirname` under Node (TOOLCHAIN.md gotcha 14); an ES module has neither, so define them
// from import.meta.url. Browsers skip the block.
var require, __dirname;
if (typeof process === 'object' && process.versions && process.versions.node) {
  const { createRequire } = await import('node:module');
  const { fileURLToPath } = await import('node:url');
  require = createRequire(import.meta.url);
  __dirname = require('node:path').dirname(fileURLToPath(import.meta.url));
}
