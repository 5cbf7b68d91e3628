import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed. */

export type Received = { mail: ParsedMail; envelope: { from: string; to: string[] } };

export async function startSmtpServer(port: number, received: Received[]): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            received.push({ mail, envelope: { from, to: session.envelope.rcptTo.map((each) => each.address) } });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  return smtp;
}

export function stopSmtpServer(smtp: SMTPServer): Promise<void> {
  return new Promise((resolve) => smtp.close(() => resolve()));
}
