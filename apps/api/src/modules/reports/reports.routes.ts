import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import {
  chapterName,
  DutyByChapterResponse,
  DutyByMonthResponse,
  EntriesByPortResponse,
  OpenInvoicesQuery,
  OpenInvoicesResponse,
  RELEASE_ENTRIES_PAGE,
  ReleaseDaysQuery,
  ReleaseDaysResponse,
  ReleaseEntriesQuery,
  ReleaseEntriesResponse,
  ReportExportParams,
  ReportExportQuery,
  ReportQuery,
  reportFileName,
  ReportSubscriptions,
  TOP_HTS_NUMBERS,
} from '@clearport/contract/reports';
import { CBP_PORTS } from '@clearport/contract/customs-entry';
import { calendarDayIn } from '@clearport/contract/calendar';
import { contentDisposition } from '../../lib/file-names.ts';
import { refuseReadOnlyRoles } from '../access/read-only.ts';
import { exportOf } from './report-exports.ts';
import { reportMailRepository } from './report-mail.repository.ts';
import { reportsRepository, type ReportScope } from './reports.repository.ts';
import { setReportSubscriptions } from './set-report-subscriptions.ts';
import { dayRangeOf, dutyByMonth, openInvoices, releaseDays, yearBefore } from './reports.rules.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/**
 * Reports (docs/decisions/0027-reports.md): role 11 (Shipments Info) has none, and every call answers it 403.
 * The reports read from the replica when there is one (decision 0040); the exports, streamed after
 * the handler has returned, and the subscriptions from the primary.
 */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: { user: ReportScope['user']; query: { account_no?: string | undefined } }) => ({
    user: request.user,
    accountNo: request.query.account_no || undefined,
  });

  api.get(
    API_PATHS.reportDutyByMonth,
    { schema: { querystring: ReportQuery, response: { 200: DutyByMonthResponse, ...errors } } },
    async (request) => {
      const { from, to } = request.query;
      const scope = scopeOf(request);
      const before = yearBefore(from, to);
      const [rows, yearBeforeRows] = await Promise.all([
        app.dbRead(request, (db) => reportsRepository.dutyByMonth(db, scope, dayRangeOf(from, to))),
        app.dbRead(request, (db) => reportsRepository.dutyByMonth(db, scope, dayRangeOf(before.from, before.to))),
      ]);
      return dutyByMonth(from, to, rows, yearBeforeRows);
    },
  );

  api.get(
    API_PATHS.reportEntriesByPort,
    { schema: { querystring: ReportQuery, response: { 200: EntriesByPortResponse, ...errors } } },
    async (request) => {
      const range = dayRangeOf(request.query.from, request.query.to);
      const scope = scopeOf(request);
      const [ports, modes] = await Promise.all([
        app.dbRead(request, (db) => reportsRepository.entriesBy(db, scope, range, 'port_code')),
        app.dbRead(request, (db) => reportsRepository.entriesBy(db, scope, range, 'mode')),
      ]);
      return {
        ports: ports.map(({ key, ...figures }) => ({ port_code: key, port_name: CBP_PORTS[key] ?? '', ...figures })),
        modes: modes.map(({ key, ...figures }) => ({ mode: key, ...figures })),
      };
    },
  );

  api.get(
    API_PATHS.reportDutyByChapter,
    { schema: { querystring: ReportQuery, response: { 200: DutyByChapterResponse, ...errors } } },
    async (request) => {
      const range = dayRangeOf(request.query.from, request.query.to);
      const scope = scopeOf(request);
      const [chapters, top] = await Promise.all([
        app.dbRead(request, (db) => reportsRepository.dutyByHts(db, scope, range, 'chapter')),
        app.dbRead(request, (db) => reportsRepository.dutyByHts(db, scope, range, 'hts_number', TOP_HTS_NUMBERS)),
      ]);
      return {
        chapters: chapters.map(({ key, lines: _lines, ...figures }) => ({
          chapter: key,
          name: chapterName(key),
          ...figures,
        })),
        top_hts: top.map(({ key, ...figures }) => ({ hts_number: key, ...figures })),
      };
    },
  );

  api.get(
    API_PATHS.reportReleaseDays,
    {
      schema: { querystring: ReleaseDaysQuery, response: { 200: ReleaseDaysResponse, ...errors } },
    },
    async (request) => {
      const { from, to, over } = request.query;
      const rows = await app.dbRead(request, (db) =>
        reportsRepository.releaseDays(db, scopeOf(request), dayRangeOf(from, to)),
      );
      return releaseDays(rows, over);
    },
  );

  api.get(
    API_PATHS.reportReleaseDaysEntries,
    {
      schema: {
        querystring: ReleaseEntriesQuery,
        response: { 200: ReleaseEntriesResponse, ...errors },
      },
    },
    async (request) => {
      const { from, to, over, after } = request.query;
      const [releaseDate, id] = after?.split('.') ?? [];
      const rows = await app.dbRead(request, (db) =>
        reportsRepository.releaseEntries(db, scopeOf(request), dayRangeOf(from, to), {
          over,
          after: releaseDate === undefined ? undefined : { releaseDate, id: Number(id) },
          limit: RELEASE_ENTRIES_PAGE + 1,
        }),
      );
      const page = rows.slice(0, RELEASE_ENTRIES_PAGE);
      const last = page.at(-1);
      return {
        entries: page.map(({ id: _id, ...entry }) => entry),
        next: rows.length > RELEASE_ENTRIES_PAGE && last ? `${last.release_date}.${last.id}` : null,
      };
    },
  );

  api.get(
    API_PATHS.reportOpenInvoices,
    {
      schema: {
        querystring: OpenInvoicesQuery,
        response: { 200: OpenInvoicesResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await app.dbRead(request, (db) => reportsRepository.openInvoices(db, scopeOf(request)));
      return openInvoices(rows, calendarDayIn(new Date(), request.user.timeZone));
    },
  );

  api.get(
    API_PATHS.reportSubscriptions,
    { schema: { response: { 200: ReportSubscriptions, ...errors } } },
    async (request) => ({ reports: await reportMailRepository.subscriptionsOf(app.db, request.user.id) }),
  );

  api.put(
    API_PATHS.reportSubscriptions,
    { schema: { body: ReportSubscriptions, response: { 200: ReportSubscriptions, ...errors } } },
    async (request) => ({ reports: await setReportSubscriptions({ db: app.db }, request.user, request.body.reports) }),
  );

  api.get(
    API_PATHS.reportExport,
    {
      config: {
        documented: { files: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
      },
      schema: { params: ReportExportParams, querystring: ReportExportQuery },
    },
    async (request, reply) => {
      const { table } = request.params;
      const { contentType, body } = exportOf(app.db, scopeOf(request), table, request.query);
      return reply
        .type(contentType)
        .header('content-disposition', contentDisposition('attachment', reportFileName(table, request.query)))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
