#!/usr/bin/env node
// A tiny static file server for the built site (dist/) and the browser tests.
//   node tools/static-server.mjs [folder=dist] [port=8080] [--base /llm-sizer/]
// Binds 127.0.0.1 only. --base serves the folder under a path prefix, the way GitHub Pages serves
// a project site, to check that every URL in the site is relative.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.otf': 'font/otf',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function mimeType(path) {
  return MIME[extname(path).toLowerCase()] || 'application/octet-stream';
}

// Starts serving `folder`; port 0 picks a free one. Resolves to {server, port, url}.
// `replies` (tests only) answers chosen paths itself: {'/hub/a/b/resolve/main/config.json':
// {status: 401, body: '...'}}, so a browser test can play a recorded remote server on the
// page's own origin.
export function startServer(folder, { port = 0, base = '/', replies = {} } = {}) {
  const root = resolve(folder);
  const prefix = base.endsWith('/') ? base : base + '/';
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const reply = Object.hasOwn(replies, path) ? replies[path] : null;
    if (reply) {
      res.writeHead(reply.status, { 'Content-Type': reply.type || 'application/json; charset=utf-8',
                                    'Cache-Control': 'no-store' });
      res.end(reply.body || '');
      return;
    }
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let file = resolve(root, '.' + sep + path.slice(prefix.length));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let stat;
    try {
      stat = statSync(file);
      if (stat.isDirectory()) {
        file = join(file, 'index.html');
        stat = statSync(file);
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': mimeType(file),
      'Content-Length': stat.size,
      'Cache-Control': 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      resolvePromise({ server, port: actual, url: `http://127.0.0.1:${actual}${prefix}` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const baseAt = args.indexOf('--base');
  const base = baseAt >= 0 ? args.splice(baseAt, 2)[1] : '/';
  const [folder = 'dist', port = '8080'] = args;
  const { url } = await startServer(folder, { port: Number(port), base });
  console.log(`serving ${resolve(folder)} at ${url}`);
}
