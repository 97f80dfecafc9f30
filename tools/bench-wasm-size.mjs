// Lists what a .wasm is made of: each section's bytes, then code bytes per contributor (functions
// grouped by a name pattern) and the largest functions. Function names need a build linked with
// --profiling-funcs (tools/bench.sh makes one); without names only the sections are printed.
//   node tools/bench-wasm-size.mjs app.wasm [top=25]
// tools/bench-site.mjs imports wasmSizes() for the contributor table of docs/BENCHMARKS.md, and
// deferredNames() for the split of each contributor between app.wasm and app.deferred.wasm.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Contributors, first matching pattern wins (demangled names from --profiling-funcs).
const GROUPS = [
  ['nlohmann::json', /nlohmann/],
  ['Dear ImGui', /ImGui|ImFont|ImDraw|ImVector|ImGuiStorage|ImTextureID|stbtt|stb_|ImStb|STB_|ImTriangulator|ImPool|ImChunk|ImBitVector|ImRect|ImHash|ImStr|ImFormat|ImParseFormat|ImAtof|ImQsort|Im[A-Z]/],
  ['GLFW / GL / Emscripten glue', /glfw|^gl[A-Z]|emscripten|^_emscripten|^emscripten_/],
  ['iostream / locale', /std::__2::(basic_[io]?stream|basic_ios|ios_base|locale|num_put|num_get|ctype|codecvt|moneypunct|money_|time_put|time_get|messages|numpunct|collate|basic_streambuf|basic_filebuf|__stdinbuf|__stdoutbuf)/],
  ['libc (printf, strtod, malloc…)', /^(printf_core|fmt_[a-z]|pop_arg|__floatscan|__intscan|decfloat|hexfloat|scanexp|dlmalloc|dlfree|dlrealloc|sbrk|memcpy|memset|memmove|strto|vfprintf|vsnprintf|snprintf|sn_write|__shgetc|__shlim|frexp|fmodl?|pow|exp|log|sin|cos|tan|atan|qsort|wcs|mbs|__towrite|__fwritex|out|pad|getint|fmt_fp|wctomb|__stpcpy|__strchrnul|strlen|strcmp|strncmp|memchr|memcmp|__lctrans|__errno|abort|[a-z_]+f?)$/],
  ['C++ runtime / exceptions', /__cxa|__cxxabiv1|_Unwind|__gxx|std::terminate|typeinfo|__dynamic_cast/],
  ['std::string / containers / algorithms', /std::__2::(basic_string|vector|__tree|map|__hash|unordered|__split_buffer|__sort|__insertion|__introsort|function|__function|optional|pair|to_string|stod|stoi|stol|stoul|__itoa|__num|__throw|__libcpp|__rotate|__stable|__merge|__buffered|__inplace|allocator|char_traits|__compressed|__shared|__do_|__insertion_sort|deque|__deque|list|__list|set|__murmur|__next_prime|__val)/],
  ['core (sizer::)', /sizer::/],
  ['app (app::, platform)', /app::|platform::|\(anonymous namespace\)|Shell|llm_sizer|main/],
];

// The functions wasm-split moved to the deferred module, from the two modules' symbol maps
// (index:name, names escaped as in the name section's text form, e.g. \20 for a space): the
// deferred module's functions less those it imports from the primary one, which are in both.
export function deferredNames(deferredSymbols, primarySymbols) {
  const unescape = (s) => s.replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const names = (file) => readFileSync(file, 'utf8').trim().split('\n')
    .map((line) => unescape(line.slice(line.indexOf(':') + 1)));
  const primary = new Set(names(primarySymbols));
  return new Set(names(deferredSymbols).filter((name) => !primary.has(name)));
}

// Sections (label, bytes), code bytes per contributor and every function (name, bytes, group);
// with `deferred` (names), also the code bytes per contributor that stay in the primary module.
export function wasmSizes(file, deferred = null) {
const bytes = readFileSync(file);
let at = 8;  // magic + version

function leb() {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(b & 0x80)) return result;
  }
}
function name() {
  const n = leb();
  const s = bytes.toString('utf8', at, at + n);
  at += n;
  return s;
}

const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export',
  'start', 'elem', 'code', 'data', 'datacount'];
const sections = [];
let importedFunctions = 0;
let bodies = [];      // code bytes of each defined function, in order
const names = new Map();  // function index -> name
while (at < bytes.length) {
  const id = bytes[at++];
  const size = leb();
  const end = at + size;
  let label = SECTION[id] ?? `id ${id}`;
  if (id === 0) {
    const start = at;
    label = `custom "${name()}"`;
    if (label === 'custom "name"') {
      while (at < end) {
        const sub = bytes[at++];
        const subSize = leb();
        const subEnd = at + subSize;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            names.set(index, name());
          }
        }
        at = subEnd;
      }
    }
    at = start;
  } else if (id === 2) {
    for (let n = leb(); n > 0; n--) {
      name();
      name();
      const kind = bytes[at++];
      if (kind === 0) { leb(); importedFunctions++; }
      else if (kind === 1) { at++; const flags = leb(); leb(); if (flags & 1) leb(); }
      else if (kind === 2) { const flags = leb(); leb(); if (flags & 1) leb(); }
      else if (kind === 3) { at += 2; }
    }
  } else if (id === 10) {
    bodies = [];
    for (let n = leb(); n > 0; n--) {
      const bodySize = leb();
      bodies.push(bodySize);
      at += bodySize;
    }
  }
  sections.push({ label, size });
  at = end;
}

const totals = new Map(GROUPS.map(([label]) => [label, 0]));
totals.set('other', 0);
const primary = new Map([...totals]);
const functions = [];
bodies.forEach((size, i) => {
  const fn = names.get(importedFunctions + i) ?? `#${importedFunctions + i}`;
  const group = GROUPS.find(([, re]) => re.test(fn));
  const label = group ? group[0] : 'other';
  functions.push({ fn, size, group: label });
  totals.set(label, totals.get(label) + size);
  if (deferred && !deferred.has(fn)) primary.set(label, primary.get(label) + size);
});
return {
  size: bytes.length, sections, named: names.size > 0,
  code: bodies.reduce((a, b) => a + b, 0),
  groups: [...totals].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]),
  primaryGroups: deferred ? primary : null,
  functions: functions.sort((a, b) => b.size - a.size),
};
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, topArg = '25'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node tools/bench-wasm-size.mjs FILE.wasm [top]');
    process.exit(2);
  }
  const r = wasmSizes(file);
  const kb = (n) => (n / 1024).toFixed(1).padStart(8);
  console.log(`${file}: ${r.size} bytes`);
  for (const s of r.sections) console.log(`  section ${s.label.padEnd(28)} ${String(s.size).padStart(9)} ${kb(s.size)} KB`);
  if (r.named) {
    console.log(`\ncode bytes by contributor (${r.functions.length} functions, ${r.code} bytes):`);
    for (const [label, size] of r.groups) {
      console.log(`  ${label.padEnd(40)} ${String(size).padStart(9)} ${kb(size)} KB ${(100 * size / r.code).toFixed(1).padStart(5)} %`);
    }
    const top = Number(topArg);
    console.log(`\nlargest ${top} functions:`);
    for (const { fn, size } of r.functions.slice(0, top)) {
      console.log(`  ${String(size).padStart(8)}  ${fn.length > 110 ? fn.slice(0, 107) + '...' : fn}`);
    }
  }
}
