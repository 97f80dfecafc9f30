// The site assembly (cmake/SizerSite.cmake run as a script): the service worker gets a precache
// list of every file with relative URLs, and a version that changes whenever any file changes,
// so a new deploy replaces the offline cache.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function assemble(dist, builtFiles) {
  execFileSync('cmake', [`-DDIST=${dist}`, `-DPUBLIC=${join(repo, 'public')}`,
                         `-DFILES=${builtFiles.join('|')}`, '-P', join(repo, 'cmake/SizerSite.cmake')],
               { stdio: 'pipe' });
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  return {
    version: /const VERSION = '([0-9a-f]{16})';/.exec(sw)[1],
    precache: JSON.parse(/const PRECACHE = (\[.*\]);/.exec(sw)[1]),
  };
}

test('the service worker precaches every file by relative URL and versions by content', () => {
  const work = mkdtempSync(join(tmpdir(), 'sizer-site-'));
  try {
    const built = join(work, 'app.js');
    writeFileSync(built, 'console.log(1);\n');
    const first = assemble(join(work, 'dist1'), [built]);
    const files = readdirSync(join(work, 'dist1')).filter((f) => !['sw.js', '.nojekyll', 'version.txt'].includes(f));
    assert.deepEqual([...first.precache].sort(), ['./', ...files].sort());
    for (const url of first.precache) assert.ok(!url.startsWith('/') && !url.includes(':'), url);
    assert.equal(assemble(join(work, 'dist2'), [built]).version, first.version, 'same files, same version');
    writeFileSync(built, 'console.log(2);\n');
    assert.notEqual(assemble(join(work, 'dist3'), [built]).version, first.version);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
