import { Migrator, sql, type Migration } from 'kysely';
import type { Db } from './connect.ts';
import * as initial from './migrations/0001-initial.ts';
import * as shipmentList from './migrations/0002-shipment-list.ts';
import * as fileLookups from './migrations/0003-file-lookups.ts';
import * as shipmentRequiredDocuments from './migrations/0004-shipment-required-documents.ts';
import * as accountShipmentCounts from './migrations/0005-account-shipment-counts.ts';
import * as billing from './migrations/0006-billing.ts';
import * as userChanges from './migrations/0007-user-changes.ts';
import * as loginThrottle from './migrations/0009-login-throttle.ts';
import * as companyStoredBytes from './migrations/0010-company-stored-bytes.ts';
import * as brokerApiKeys from './migrations/0011-broker-api-keys.ts';
import * as brokerIdentifiers from './migrations/0012-broker-identifiers.ts';
import * as eventMail from './migrations/0013-event-mail.ts';
import * as brokerEvents from './migrations/0014-broker-events.ts';
import * as deferredDerivedColumns from './migrations/0015-deferred-derived-columns.ts';
import * as statementLevelMoves from './migrations/0016-statement-level-moves.ts';
import * as shipmentCounts from './migrations/0017-shipment-counts.ts';
import * as shipmentSearchIndex from './migrations/0018-shipment-search-index.ts';
import * as companyTimeZone from './migrations/0019-company-time-zone.ts';
import * as deferredShipmentLists from './migrations/0020-deferred-shipment-lists.ts';
import * as loginKnownClients from './migrations/0021-login-known-clients.ts';
import * as defaultNotificationLists from './migrations/0022-default-notification-lists.ts';
import * as brokerKeyScopes from './migrations/0023-broker-key-scopes.ts';
import * as customsEntries from './migrations/0025-customs-entries.ts';
import * as webhooks from './migrations/0026-webhooks.ts';
import * as shipmentEntryColumns from './migrations/0027-shipment-entry-columns.ts';
import * as entryApprovals from './migrations/0028-entry-approvals.ts';
import * as shipmentDispositions from './migrations/0029-shipment-dispositions.ts';
import * as reportRollups from './migrations/0031-report-rollups.ts';
import * as reportSubscriptions from './migrations/0032-report-subscriptions.ts';
import * as usersList from './migrations/0033-users-list.ts';
import * as invoiceList from './migrations/0034-invoice-list.ts';
import * as containerFreeDays from './migrations/0035-container-free-days.ts';
import * as shipmentNextFreeDay from './migrations/0036-shipment-next-free-day.ts';
import * as demurrageReminders from './migrations/0037-demurrage-reminders.ts';
import * as deliveryOrderPickupDate from './migrations/0038-delivery-order-pickup-date.ts';
import * as sessionCookie from './migrations/0039-session-cookie.ts';
import * as twoFactor from './migrations/0040-two-factor.ts';
import * as securityEvents from './migrations/0041-security-events.ts';
import * as sessionWritePosition from './migrations/0042-session-write-position.ts';
import * as sharedCounters from './migrations/0043-shared-counters.ts';
import * as securityEventCounts from './migrations/0044-security-event-counts.ts';
import * as shipmentSearchByTable from './migrations/0045-shipment-search-by-table.ts';
import * as securityEventDayCounts from './migrations/0046-security-event-day-counts.ts';
import * as invoiceUnpaidDays from './migrations/0047-invoice-unpaid-days.ts';
import * as shipmentSearchDigits from './migrations/0048-shipment-search-digits.ts';
import * as shipmentPortCounts from './migrations/0049-shipment-port-counts.ts';
import * as shipmentSearchTexts from './migrations/0050-shipment-search-texts.ts';
import * as invoiceSearchDigits from './migrations/0051-invoice-search-digits.ts';
import * as shipmentSearchWindowsOfFive from './migrations/0052-shipment-search-windows-of-five.ts';
import * as shipmentFreeDayCounts from './migrations/0053-shipment-free-day-counts.ts';
import * as shipmentNextFreeDayKind from './migrations/0054-shipment-next-free-day-kind.ts';
import * as statementTriggersNarrow from './migrations/0055-statement-triggers-narrow.ts';
import * as secondFactorFailures from './migrations/0056-second-factor-failures.ts';
import * as entriesLockWhatTheyCopy from './migrations/0057-entries-lock-what-they-copy.ts';
import * as deliveryOrderSending from './migrations/0058-delivery-order-sending.ts';
import * as requestKeys from './migrations/0059-request-keys.ts';
import * as reportMailFailed from './migrations/0060-report-mail-failed.ts';
import * as messageKeys from './migrations/0061-message-keys.ts';
import * as brokerEventNames from './migrations/0062-broker-event-names.ts';
import * as invoicesFollowTheirAccount from './migrations/0063-invoices-follow-their-account.ts';
import * as companyStoredBytesRecounted from './migrations/0064-company-stored-bytes-recounted.ts';
import * as userEventTypes from './migrations/0065-user-event-types.ts';
import * as section301Duty from './migrations/0066-section-301-duty.ts';
import * as repairEditedMigrations from './migrations/0067-repair-edited-migrations.ts';
import * as liveDeliveriesFirst from './migrations/0068-live-deliveries-first.ts';
import * as indexTextsBounded from './migrations/0069-index-texts-bounded.ts';

/** PostgreSQL's code for a relation that does not exist. */
const UNDEFINED_TABLE = '42P01';

/** Every migration, in order; the same run on PGlite and on PostgreSQL. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-shipment-list': shipmentList,
  '0003-file-lookups': fileLookups,
  '0004-shipment-required-documents': shipmentRequiredDocuments,
  '0005-account-shipment-counts': accountShipmentCounts,
  '0006-billing': billing,
  '0007-user-changes': userChanges,
  '0009-login-throttle': loginThrottle,
  '0010-company-stored-bytes': companyStoredBytes,
  '0011-broker-api-keys': brokerApiKeys,
  '0012-broker-identifiers': brokerIdentifiers,
  '0013-event-mail': eventMail,
  '0014-broker-events': brokerEvents,
  '0015-deferred-derived-columns': deferredDerivedColumns,
  '0016-statement-level-moves': statementLevelMoves,
  '0017-shipment-counts': shipmentCounts,
  '0018-shipment-search-index': shipmentSearchIndex,
  '0019-company-time-zone': companyTimeZone,
  '0020-deferred-shipment-lists': deferredShipmentLists,
  '0021-login-known-clients': loginKnownClients,
  '0022-default-notification-lists': defaultNotificationLists,
  '0023-broker-key-scopes': brokerKeyScopes,
  '0025-customs-entries': customsEntries,
  '0026-webhooks': webhooks,
  '0027-shipment-entry-columns': shipmentEntryColumns,
  '0028-entry-approvals': entryApprovals,
  '0029-shipment-dispositions': shipmentDispositions,
  '0031-report-rollups': reportRollups,
  '0032-report-subscriptions': reportSubscriptions,
  '0033-users-list': usersList,
  '0034-invoice-list': invoiceList,
  '0035-container-free-days': containerFreeDays,
  '0036-shipment-next-free-day': shipmentNextFreeDay,
  '0037-demurrage-reminders': demurrageReminders,
  '0038-delivery-order-pickup-date': deliveryOrderPickupDate,
  '0039-session-cookie': sessionCookie,
  '0040-two-factor': twoFactor,
  '0041-security-events': securityEvents,
  '0042-session-write-position': sessionWritePosition,
  '0043-shared-counters': sharedCounters,
  '0044-security-event-counts': securityEventCounts,
  '0045-shipment-search-by-table': shipmentSearchByTable,
  '0046-security-event-day-counts': securityEventDayCounts,
  '0047-invoice-unpaid-days': invoiceUnpaidDays,
  '0048-shipment-search-digits': shipmentSearchDigits,
  '0049-shipment-port-counts': shipmentPortCounts,
  '0050-shipment-search-texts': shipmentSearchTexts,
  '0051-invoice-search-digits': invoiceSearchDigits,
  '0052-shipment-search-windows-of-five': shipmentSearchWindowsOfFive,
  '0053-shipment-free-day-counts': shipmentFreeDayCounts,
  '0054-shipment-next-free-day-kind': shipmentNextFreeDayKind,
  '0055-statement-triggers-narrow': statementTriggersNarrow,
  '0056-second-factor-failures': secondFactorFailures,
  '0057-entries-lock-what-they-copy': entriesLockWhatTheyCopy,
  '0058-delivery-order-sending': deliveryOrderSending,
  '0059-request-keys': requestKeys,
  '0060-report-mail-failed': reportMailFailed,
  '0061-message-keys': messageKeys,
  '0062-broker-event-names': brokerEventNames,
  '0063-invoices-follow-their-account': invoicesFollowTheirAccount,
  '0064-company-stored-bytes-recounted': companyStoredBytesRecounted,
  '0065-user-event-types': userEventTypes,
  '0066-section-301-duty': section301Duty,
  '0067-repair-edited-migrations': repairEditedMigrations,
  '0068-live-deliveries-first': liveDeliveriesFirst,
  '0069-index-texts-bounded': indexTextsBounded,
};

/**
 * What the database's schema is to this build: no migration applied yet (`none`), every one of
 * them and no other (`current`), or `other` (older, or a newer build's). Read in one statement:
 * the migrator's own check reads the catalog of every table to learn whether its two tables exist,
 * then takes its lock, which on the embedded database is the largest part of a start whose schema
 * is current (docs/decisions/0020-embedded-database-speed.md, "The start").
 */
export async function schemaState(db: Db): Promise<'none' | 'current' | 'other'> {
  return stateOf(await appliedMigrations(db));
}

function stateOf(applied: readonly string[]): 'none' | 'current' | 'other' {
  const names = Object.keys(MIGRATIONS);
  if (applied.length === 0) return 'none';
  const isCurrent = applied.length === names.length && applied.every((name, index) => name === names[index]);
  return isCurrent ? 'current' : 'other';
}

/** The names of the migrations the database has applied, in order; none before the first. */
async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ applied: string[] | null }>`
      SELECT array_agg(name ORDER BY name COLLATE "C") AS applied FROM kysely_migration`.execute(db);
    return rows[0]?.applied ?? [];
  } catch (error) {
    // A database no migration has run on yet has no such table.
    if ((error as { code?: string } | null)?.code === UNDEFINED_TABLE) return [];
    throw error;
  }
}

/** Whether the database has applied every migration and no other. */
export async function isSchemaCurrent(db: Db): Promise<boolean> {
  return (await schemaState(db)) === 'current';
}

/** Applies the migrations not yet applied; nothing but one read when the schema is current. */
export async function migrateToLatest(db: Db): Promise<void> {
  const applied = await appliedMigrations(db);
  if (stateOf(applied) === 'current') return;
  // The migrator refuses a database with an applied migration it lacks ("corrupted migrations");
  // one that a newer release migrated is named as such, and left as it is.
  const unknown = applied.filter((name) => !(name in MIGRATIONS));
  if (unknown.length > 0) {
    throw new Error(
      `The database was migrated by a newer release of Clearport: it has applied ${unknown.join(', ')}, ` +
        'which this release does not know. Run that release, or a newer one, on it.',
    );
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
