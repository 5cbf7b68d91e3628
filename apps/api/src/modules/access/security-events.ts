import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { SecurityEventActor, SecurityEventKind, SecurityEventOutcome } from '@clearport/contract/security-events';
import type { Db } from '../../db/connect.ts';
import type { ActionLog } from '../../lib/action.ts';
import { visibleAccountIds } from './access.repository.ts';
import type { SessionUser } from './session-user.ts';

/** Where a request came from: its address (as trustProxy reads it) and its user agent. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

const USER_AGENT_MAX_LENGTH = 512;
const EMAIL_MAX_LENGTH = 320;

/** The origin of a request, for recordSecurityEvent. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null };
}

/**
 * One security event (decision 0035). `detail` holds a few plain facts (where a password was
 * changed, the route refused, the key's id): never a password, token, key or code.
 */
export type SecurityEvent = {
  kind: SecurityEventKind;
  outcome: SecurityEventOutcome;
  /** `user` unless told: the broker's API keys are `broker_key`, workers and the command line `system`. */
  actor?: SecurityEventActor;
  /** The company whose user the event is about; null for the brokerage's own (broker keys). */
  companyId: number | null;
  userId: number | null;
  /** The user's e-mail as it was then, or the user name a failed sign-in typed. */
  email: string | null;
  origin: RequestOrigin | null;
  detail?: Record<string, string | number | boolean | null>;
};

/**
 * The one way a security event is written: a row of security_events and the same event as one
 * JSON log line (`{ security_event: {...} }`). Inside a transaction (an action's, `db.isTransaction`)
 * the row joins it and stands or falls with it; otherwise a row that cannot be written is logged
 * as an error and the request goes on: the event is never why a call fails.
 */
export async function recordSecurityEvent(deps: { db: Db; log: ActionLog }, event: SecurityEvent): Promise<void> {
  const row = {
    company_id: event.companyId,
    user_id: event.userId,
    email: event.email === null ? null : event.email.trim().toLowerCase().slice(0, EMAIL_MAX_LENGTH),
    actor: event.actor ?? 'user',
    ip: event.origin?.ip ?? null,
    user_agent: event.origin?.userAgent ?? null,
    kind: event.kind,
    outcome: event.outcome,
    detail: event.detail ?? {},
  };
  const insert = () =>
    deps.db
      .insertInto('security_events')
      .values({ ...row, detail: JSON.stringify(row.detail) })
      .returning(['id', 'occurred_at'])
      .executeTakeFirstOrThrow();
  if (deps.db.isTransaction) {
    const written = await insert();
    deps.log.info({ security_event: { ...written, ...row } }, 'security event');
    return;
  }
  try {
    const written = await insert();
    deps.log.info({ security_event: { ...written, ...row } }, 'security event');
  } catch (error) {
    deps.log.error({ err: error, security_event: row }, 'security event not stored');
  }
}

/**
 * The records a route's `:id` names, by the route's path: a 404 for one that exists is a refusal
 * (one of the company's accounts the caller is not linked to, or another company's record).
 */
const RECORD_ROUTES: ReadonlyArray<{ prefix: string; record: 'shipment' | 'invoice' | 'user' }> = [
  { prefix: '/api/user/shipments/:id', record: 'shipment' },
  { prefix: '/api/user/shipments/details/:id', record: 'shipment' },
  { prefix: '/api/user/invoices/:id', record: 'invoice' },
  { prefix: '/api/user/user/subusers/:id', record: 'user' },
];

/**
 * Where a record the caller may not see lies: in their company (an account they are not linked
 * to) or elsewhere (another company's); undefined when there is no such record, or they may see it.
 */
async function hiddenRecordPlace(
  db: Db,
  user: SessionUser,
  record: 'shipment' | 'invoice' | 'user',
  id: number,
): Promise<'company' | 'elsewhere' | undefined> {
  if (record === 'user') {
    const found = await db.selectFrom('users').select('company_id').where('id', '=', id).executeTakeFirst();
    return found !== undefined && found.company_id !== user.companyId ? 'elsewhere' : undefined;
  }
  const table = record === 'shipment' ? 'shipments' : 'invoices';
  const found = await db
    .selectFrom(table)
    .innerJoin('accounts', 'accounts.id', `${table}.account_id`)
    .select([
      sql<boolean>`accounts.id IN (${visibleAccountIds(db, user)})`.as('is_visible'),
      sql<boolean>`accounts.company_id = ${user.companyId}`.as('is_company'),
    ])
    .where(`${table}.id`, '=', id)
    .executeTakeFirst();
  if (!found || found.is_visible) return undefined;
  return found.is_company ? 'company' : 'elsewhere';
}

async function refusedRecordOf(db: Db, request: FastifyRequest) {
  const route = request.routeOptions.url ?? '';
  const match = RECORD_ROUTES.find(({ prefix }) => route === prefix || route.startsWith(`${prefix}/`));
  const id = Number((request.params as { id?: unknown } | undefined)?.id);
  if (!match || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const place = await hiddenRecordPlace(db, request.user, match.record, id);
  return place && { place, detail: { record: match.record, record_id: id } };
}

/**
 * An onSend hook of the logged-in calls: a 403, and a 404 answered for a record that exists but
 * is not the caller's to see, are each written as one authorization_refused event. One for
 * another company's record is the brokerage's alone (no company): on the company's own screen it
 * would tell apart another's record from one that does not exist, which both answer alike.
 */
export function recordAuthorizationRefusals(db: () => Db) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const status = reply.statusCode;
    if ((status !== 403 && status !== 404) || !request.user) return payload;
    const refusedRecord = status === 404 ? await refusedRecordOf(db(), request) : undefined;
    if (status === 404 && !refusedRecord) return payload;
    const { user } = request;
    await recordSecurityEvent(
      { db: db(), log: request.log },
      {
        kind: 'authorization_refused',
        outcome: 'refused',
        companyId: refusedRecord?.place === 'elsewhere' ? null : user.companyId,
        userId: user.id,
        email: user.email,
        origin: originOf(request),
        detail: { method: request.method, route: request.routeOptions.url ?? null, status, ...refusedRecord?.detail },
      },
    );
    return payload;
  };
}

/** What `npm run broker -- security-events` asks for: each filter optional, newest first. */
export type SecurityEventsFilter = {
  companyId?: number;
  kind?: SecurityEventKind;
  since?: Date;
  until?: Date;
  limit: number;
};

/** Events across companies, newest first, on the time index (or the company's when one is named). */
export function listSecurityEvents(db: Db, filter: SecurityEventsFilter) {
  let query = db.selectFrom('security_events').selectAll();
  if (filter.companyId !== undefined) query = query.where('company_id', '=', filter.companyId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.since !== undefined) query = query.where('occurred_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('occurred_at', '<', filter.until);
  return query.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
