import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo-data.ts';

const config = configFromEnv();
// The built web client sits beside the API: apps/web/dist, from apps/api/src or apps/api/dist.
const webDir = config.webDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ ...config, webDir });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'closing');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
if (config.seedDemo) {
  const lines = DEMO_LOGINS.map(
    (login) => `  ${login.email.padEnd(22)} role ${String(login.role).padEnd(3)} ${login.company}`,
  );
  process.stdout.write(
    `\nClearport is serving on ${config.publicUrl}\nDemo logins (password ${DEMO_PASSWORD}):\n${lines.join('\n')}\n\n`,
  );
}
