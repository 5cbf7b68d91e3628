// npm start: install what is missing, build what changed, and serve the portal with the embedded database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfChanged, ensureNodeModules, root } from './lib.mjs';

ensureNodeModules();
buildIfChanged();

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
