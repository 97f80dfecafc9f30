#!/usr/bin/env node
// Renames, in place, the exports that wasm-split added to app.wasm for app.deferred.wasm (names
// starting with its --export-prefix, "%"), in the order of what they export, and the deferred
// module's imports to match. wasm-split names them in the order it meets them, so the export
// section lists random function indices, which gzip cannot shrink: sorted, the same entries
// compress by a third (docs/BENCHMARKS.md, fourth round). Nothing else changes: the JS glue never
// uses these names, and each deferred import still reaches the same function.
//   node imgui_app/sort_split_exports.mjs <app.wasm> <app.deferred.wasm>
// Run by imgui_app/CMakeLists.txt after imgui_app/split_app.mjs.
import { readFileSync, writeFileSync } from 'node:fs';

const PREFIX = '%';
const EXPORT_SECTION = 7;
const IMPORT_SECTION = 2;
const PRIMARY_MODULE = 'primary';  // the module name wasm-split gives the deferred module's imports

const [primaryFile, deferredFile] = process.argv.slice(2);
if (!primaryFile || !deferredFile) {
  console.error('usage: sort_split_exports.mjs <app.wasm> <app.deferred.wasm>');
  process.exit(2);
}

function reader(bytes, at = 0) {
  const r = {
    at,
    u32() {
      let result = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[r.at++];
        result += (b & 0x7f) * 2 ** shift;
        shift += 7;
        if (!(b & 0x80)) return result;
      }
    },
    name() {
      const n = r.u32();
      const s = bytes.toString('utf8', r.at, r.at + n);
      r.at += n;
      return s;
    },
  };
  return r;
}
function u32(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}
const name = (s) => Buffer.concat([u32(Buffer.byteLength(s)), Buffer.from(s, 'utf8')]);

// The module as [id, payload] sections, and back.
function sections(bytes) {
  const r = reader(bytes, 8);
  const out = [];
  while (r.at < bytes.length) {
    const id = bytes[r.at++];
    const size = r.u32();
    out.push([id, bytes.subarray(r.at, r.at + size)]);
    r.at += size;
  }
  return out;
}
const assemble = (header, list) =>
  Buffer.concat([header, ...list.flatMap(([id, payload]) => [Buffer.from([id]), u32(payload.length), payload])]);

// Short names in a fixed order: %a .. %Z, %ba ...
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
function shortName(i) {
  let s = '';
  do {
    s = LETTERS[i % LETTERS.length] + s;
    i = Math.floor(i / LETTERS.length);
  } while (i);
  return PREFIX + s;
}

const primary = readFileSync(primaryFile);
const deferred = readFileSync(deferredFile);
const primarySections = sections(primary);
const exportAt = primarySections.findIndex(([id]) => id === EXPORT_SECTION);
if (exportAt < 0) throw new Error(`${primaryFile}: no export section`);

// [1] app.wasm: its own exports first, as they were, then the split's, by kind and index.
const r = reader(primarySections[exportAt][1]);
const own = [];
const split = [];
for (let n = r.u32(); n > 0; n--) {
  const entry = { name: r.name(), kind: primarySections[exportAt][1][r.at++], index: r.u32() };
  (entry.name.startsWith(PREFIX) ? split : own).push(entry);
}
split.sort((a, b) => a.kind - b.kind || a.index - b.index);
const renamed = new Map(split.map((e, i) => [e.name, shortName(i)]));
const entries = [...own, ...split.map((e) => ({ ...e, name: renamed.get(e.name) }))];
primarySections[exportAt][1] = Buffer.concat([
  u32(entries.length), ...entries.map((e) => Buffer.concat([name(e.name), Buffer.from([e.kind]), u32(e.index)])),
]);

// [2] app.deferred.wasm: the same imports under the new names (the rest of each entry as it was).
const deferredSections = sections(deferred);
const importAt = deferredSections.findIndex(([id]) => id === IMPORT_SECTION);
if (importAt < 0) throw new Error(`${deferredFile}: no import section`);
const payload = deferredSections[importAt][1];
const ir = reader(payload);
const parts = [];
const count = ir.u32();
parts.push(u32(count));
for (let n = count; n > 0; n--) {
  const module = ir.name();
  const field = ir.name();
  const restStart = ir.at;
  const kind = payload[ir.at++];
  if (kind === 0) {
    ir.u32();  // type index
  } else if (kind === 1) {
    ir.at++;  // element type
    const flags = ir.u32();
    ir.u32();
    if (flags & 1) ir.u32();
  } else if (kind === 2) {
    const flags = ir.u32();
    ir.u32();
    if (flags & 1) ir.u32();
  } else if (kind === 3) {
    ir.at += 2;  // value type, mutability
  } else {
    throw new Error(`${deferredFile}: import kind ${kind} not understood`);
  }
  let newField = field;
  if (module === PRIMARY_MODULE && field.startsWith(PREFIX)) {
    newField = renamed.get(field);
    if (!newField) throw new Error(`${deferredFile}: imports ${field}, which ${primaryFile} does not export`);
  }
  parts.push(name(module), name(newField), payload.subarray(restStart, ir.at));
}
deferredSections[importAt][1] = Buffer.concat(parts);

writeFileSync(primaryFile, assemble(primary.subarray(0, 8), primarySections));
writeFileSync(deferredFile, assemble(deferred.subarray(0, 8), deferredSections));
console.log(`sort_split_exports: ${split.length} exports of ${primaryFile} renamed in index order`);
