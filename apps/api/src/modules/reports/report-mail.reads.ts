import type { Db } from '../../db/connect.ts';
import { reportMailRepository, type FailedReportMail } from './report-mail.repository.ts';

/** What other modules read of the monthly report mail: the brokerage's list of those that failed. */
export const reportMailReads = {
  /** The report mails that failed within their day of retries, by id, a page at a time when `page` is given. */
  failed: (db: Db, page?: { after?: string; limit: number }): Promise<FailedReportMail[]> =>
    reportMailRepository.failed(db, page),
};
