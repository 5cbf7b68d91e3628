import type { ActionLog } from '../../lib/action.ts';
import type { Mailer, OutgoingMail } from '../../lib/mail.ts';

/**
 * The mail of a transaction's records (a primary user's set-password link), held until the
 * transaction ends: sent once it commits, dropped when it rolls back. A batch written again after a
 * deadlock, or in halves after a record the database refused (ingest.ts), would otherwise mail a
 * link whose token its rollback had undone, and then a second one.
 */
export class HeldMail {
  readonly #held: Array<{ index: number; mail: OutgoingMail }> = [];

  constructor(private readonly mailer: Mailer) {}

  /** The mailer the record at `index` writes with: what it sends waits here. */
  of(index: number): Mailer {
    return {
      send: (mail) => {
        this.#held.push({ index, mail });
        return Promise.resolve({ messageId: '' });
      },
    };
  }

  /** A record undone under its savepoint takes its mail with it. */
  drop(index: number): void {
    for (let position = this.#held.length - 1; position >= 0; position--) {
      if (this.#held[position]!.index === index) this.#held.splice(position, 1);
    }
  }

  /** Sends the committed records' mail, one message after another; answers the records whose mail failed. */
  async send(log: ActionLog): Promise<Set<number>> {
    const failed = new Set<number>();
    for (const { index, mail } of this.#held.splice(0)) {
      try {
        await this.mailer.send(mail);
      } catch (error) {
        log.error({ err: error, record: index }, 'a committed record’s mail failed');
        failed.add(index);
      }
    }
    return failed;
  }
}
