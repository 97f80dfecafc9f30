// Under Node, hand the module its wasm bytes read from beside sizer.mjs: Node 20's fetch()
// cannot open a file path, which is what Emscripten 3.1.6 would try (TOOLCHAIN.md gotcha 4).
if (typeof process === 'object' && process.versions && process.versions.node &&
    !Module['wasmBinary']) {
  Module['wasmBinary'] = require('fs').readFileSync(require('path').join(__dirname, 'sizer.wasm'));
}
