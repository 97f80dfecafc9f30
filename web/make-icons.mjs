// Draws the site icons (public/icon-32.png, icon-192.png, icon-512.png, icon-maskable-512.png,
// apple-touch-icon.png) without any image library: a stacked memory bar (weights, KV cache,
// activations) on a dark rounded tile.
//   node web/make-icons.mjs        (rewrites the PNGs in public/)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const TILE = [0x1b, 0x26, 0x3b];
const SEGMENTS = [  // bottom to top: [fraction of bar height, colour]
  [0.5, [0x4c, 0x8d, 0xf6]],   // weights
  [0.27, [0x3c, 0xc4, 0x8a]],  // KV cache
  [0.13, [0xf5, 0xa6, 0x23]],  // activations
];

// Colour of point (x, y) in unit coordinates, or null when outside the shape.
function shade(x, y, maskable) {
  const inset = maskable ? 0 : 0.04;
  const radius = maskable ? 0 : 0.2;
  const lo = inset + radius;
  const hi = 1 - inset - radius;
  const dx = Math.max(lo - x, 0, x - hi);
  const dy = Math.max(lo - y, 0, y - hi);
  if (x < inset || x > 1 - inset || y < inset || y > 1 - inset) return null;
  if (dx * dx + dy * dy > radius * radius) return null;
  // The bar sits inside the maskable safe zone (the central 80%).
  const [left, right, bottom, top] = [0.36, 0.64, 0.78, 0.22];
  if (x >= left && x <= right && y <= bottom && y >= top) {
    let edge = bottom;
    for (const [fraction, colour] of SEGMENTS) {
      const next = edge - fraction * (bottom - top);
      if (y >= next) return colour;
      edge = next;
    }
    return [0x2c, 0x3a, 0x55];  // free memory
  }
  return TILE;
}

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size, maskable) {
  const samples = 4;  // 4x4 supersampling for smooth corners
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;  // filter: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size,
                          maskable);
          if (!c) continue;
          sum[0] += c[0]; sum[1] += c[1]; sum[2] += c[2]; sum[3] += 255;
        }
      }
      const n = samples * samples;
      const covered = sum[3] / 255;
      const at = py * (size * 4 + 1) + 1 + px * 4;
      for (let i = 0; i < 3; i++) raw[at + i] = covered ? Math.round(sum[i] / covered) : 0;
      raw[at + 3] = Math.round(sum[3] / n);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);  // 8-bit RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
                        chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })),
                        chunk('IEND', Buffer.alloc(0))]);
}

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
// The page's favicon: Chromium fetches it with the first load, so it is the smallest that a tab
// shows sharply (0.3 KB against the 192-px icon's 0.9 KB; docs/BENCHMARKS.md).
writeFileSync(join(publicDir, 'icon-32.png'), png(32, false));
writeFileSync(join(publicDir, 'icon-192.png'), png(192, false));
writeFileSync(join(publicDir, 'icon-512.png'), png(512, false));
writeFileSync(join(publicDir, 'icon-maskable-512.png'), png(512, true));
writeFileSync(join(publicDir, 'apple-touch-icon.png'), png(180, true));
