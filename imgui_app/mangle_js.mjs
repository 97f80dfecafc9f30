#!/usr/bin/env node
// Shortens the names of a script of the page in place, and drops its comments: the app's JS glue
// (app.js) and the site's copy of public/boot.js (imgui_app/CMakeLists.txt). emcc 3.1.6 without
// the Closure compiler (Debian ships none: TOOLCHAIN.md, gotcha 9) only strips whitespace, so
// every function and variable of app.js keeps its long name. acorn parses the file and the terser
// copy that comes with Emscripten (its own JS optimizer, tools/acorn-optimizer.js, prints with it)
// renames every name the file declares, top level included: the EM_JS code is in the same file,
// and from outside only `Module` is reached by name (public/boot.js sets it; everything else is
// a property of it, and property names stay). boot.js keeps all of its names inside one function.
// docs/BENCHMARKS.md, fourth round: app.js 25.9 -> 21.0 KB gzip, boot.js 4.8 -> 2.9 KB.
//   node imgui_app/mangle_js.mjs <emscripten root> <file.js>
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [root, file] = process.argv.slice(2);
if (!root || !file) {
  console.error('usage: mangle_js.mjs <emscripten root> <file.js>');
  process.exit(2);
}
// The modules Emscripten's optimizer loads, found the way it finds them (NODE_PATH on Debian).
const require = createRequire(join(root, 'tools', 'acorn-optimizer.js'));
const acorn = require('acorn');
const terser = require(join(root, 'third_party', 'terser'));

const source = readFileSync(file, 'utf8');
const tree = terser.AST_Node.from_mozilla_ast(acorn.parse(source, { ecmaVersion: 2020 }));
tree.figure_out_scope({});
tree.compute_char_frequency({});
// The one global the page's other scripts share with app.js (public/boot.js, the tests).
tree.mangle_names({ toplevel: true, reserved: ['Module'] });
const out = tree.print_to_string({ beautify: false });
writeFileSync(file, out + '\n');
console.log(`mangle_js: ${file} ${Buffer.byteLength(source)} -> ${Buffer.byteLength(out) + 1} bytes`);
