import fp from 'fastify-plugin';
import { createMailer, type Mailer, type MailOptions } from '../lib/mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<MailOptions>(
  async (app, options) => {
    app.decorate('mailer', createMailer(options, app.log));
  },
  { name: 'mail' },
);
