// `npm start`: builds the web app when its sources are newer than the last build, then runs the
// server (API + web app) in this process, so signals reach it directly. With WEB_ROOT set, the
// server serves that folder and nothing is built.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist', 'index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const inputs = ['index.html', 'vite.config.ts', 'package.json', 'src/web', 'src/shared'].map((p) => join(root, p));
const stale = !existsSync(builtIndex) || Math.max(...inputs.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale && !process.env.WEB_ROOT) {
  console.error('Building the web app...');
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

register();
await import('../src/server/main.ts');
