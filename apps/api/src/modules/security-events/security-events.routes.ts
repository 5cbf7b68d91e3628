import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@clearport/contract/http';
import { readListCursor } from '@clearport/contract/list-cursor';
import { API_PATHS } from '@clearport/contract/paths';
import { ROLES } from '@clearport/contract/roles';
import {
  SECURITY_EVENT_CSV_COLUMNS,
  SECURITY_EVENTS_CSV_MAX_ROWS,
  SECURITY_EVENTS_NOT_ALLOWED,
  SECURITY_EVENTS_PAGE_SIZE,
  SecurityEventsExportQuery,
  SecurityEventsQuery,
  SecurityEventsResponse,
  SecurityEventUsersResponse,
} from '@clearport/contract/security-events';
import { csvLine } from '../../lib/csv.ts';
import { calendarDayIn } from '@clearport/contract/calendar';
import { contentDisposition } from '../../lib/file-names.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import type { SessionUser } from '../access/session-user.ts';
import {
  securityEventsRepository,
  type SecurityEventCriteria,
  type SecurityEventsPlace,
} from './security-events.repository.ts';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Only the primary user (role 3) reads the company's security events; every other role is refused first. */
async function refuseOtherRoles(request: FastifyRequest, reply: FastifyReply) {
  if (request.user.role !== ROLES.primary)
    return sendRefusal(reply, { status: 403, message: SECURITY_EVENTS_NOT_ALLOWED });
}

function criteriaOf(user: SessionUser, query: SecurityEventsExportQuery): SecurityEventCriteria {
  return {
    companyId: user.companyId,
    timeZone: user.timeZone,
    userId: query.user_id,
    kind: query.kind,
    from: query.from,
    to: query.to,
  };
}

/** The place a list query reads from (the schema has checked that it names one). */
function placeOf(query: { after?: string | undefined; before?: string | undefined }): SecurityEventsPlace {
  const [side, text] =
    query.after !== undefined ? (['after', query.after] as const) : (['before', query.before] as const);
  const at = text === undefined ? undefined : readListCursor(text);
  return at && { side, at };
}

async function* csvOf(rows: AsyncIterable<Parameters<(typeof SECURITY_EVENT_CSV_COLUMNS)[number]['value']>[0]>) {
  yield csvLine(SECURITY_EVENT_CSV_COLUMNS.map((column) => column.header));
  for await (const row of rows) yield csvLine(SECURITY_EVENT_CSV_COLUMNS.map((column) => column.value(row)));
}

/**
 * The primary user's Security events screen (decision 0037): the company's events, and their CSV.
 * The page reads from the replica when there is one (decision 0040); the CSV, read as it streams
 * after the handler has returned, from the primary.
 */
export const securityEventsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseOtherRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API_PATHS.securityEvents,
    { schema: { querystring: SecurityEventsQuery, response: { 200: SecurityEventsResponse, ...errors } } },
    async (request) => {
      const criteria = criteriaOf(request.user, request.query);
      const place = placeOf(request.query);
      const number = request.query.page;
      const count = () => app.dbRead(request, (db) => securityEventsRepository.count(db, criteria));
      // A page by its number alone is read from the nearer end, which the total says.
      const [page, total] = await (place === undefined && number > 1
        ? count().then(async (total) => {
            const page = await app.dbRead(request, (db) =>
              securityEventsRepository.pageByNumber(db, criteria, number, SECURITY_EVENTS_PAGE_SIZE, total),
            );
            return [page, total] as const;
          })
        : Promise.all([
            app.dbRead(request, (db) => securityEventsRepository.page(db, criteria, place, SECURITY_EVENTS_PAGE_SIZE)),
            count(),
          ]));
      return {
        result: page.rows,
        pagination: {
          total,
          last_page: Math.max(1, Math.ceil(total / SECURITY_EVENTS_PAGE_SIZE)),
          current_page: request.query.page,
          per_page: SECURITY_EVENTS_PAGE_SIZE,
          cursors: page.cursors,
        },
      };
    },
  );

  /** Streamed as it is read, a thousand events a query, the newest SECURITY_EVENTS_CSV_MAX_ROWS at most. */
  api.get(
    API_PATHS.securityEventsCsv,
    { config: { documented: { files: ['text/csv'] } }, schema: { querystring: SecurityEventsExportQuery } },
    async (request, reply) => {
      const rows = securityEventsRepository.each(
        app.db,
        criteriaOf(request.user, request.query),
        SECURITY_EVENTS_CSV_MAX_ROWS,
      );
      const today = calendarDayIn(new Date(), request.user.timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `security-events-${today}.csv`))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(csvOf(rows)));
    },
  );

  api.get(
    API_PATHS.securityEventUsers,
    { schema: { response: { 200: SecurityEventUsersResponse, ...errors } } },
    async (request) => ({ users: await securityEventsRepository.users(app.db, request.user.companyId) }),
  );
};
