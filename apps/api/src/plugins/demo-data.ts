import fp from 'fastify-plugin';
import { isDatabaseEmpty, seedDemoData } from '../seed/demo-data.ts';

/** Creates the demo brokerage on first start, when the database is empty. */
export default fp(
  async (app) => {
    if (!(await isDatabaseEmpty(app.db))) return;
    const started = Date.now();
    await seedDemoData(app.db, app.storage);
    app.log.info({ ms: Date.now() - started }, 'demo data created');
  },
  { name: 'demo-data', dependencies: ['db', 'storage'] },
);
