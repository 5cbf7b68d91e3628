import { sql, type Kysely } from 'kysely';

/**
 * The bytes of documents each company holds, counted again: a shipment or account the broker moved
 * to another company left its documents' bytes with the first (ingestion.repository.ts moves them
 * since), so one company's upload quota was reached early and the other's late.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE companies SET document_bytes = coalesce(counted.bytes, 0)
    FROM companies AS each
    LEFT JOIN (
      SELECT accounts.company_id, sum(documents.size) AS bytes
      FROM documents JOIN shipments ON shipments.id = documents.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id GROUP BY 1
    ) AS counted ON counted.company_id = each.id
    WHERE companies.id = each.id AND companies.document_bytes IS DISTINCT FROM coalesce(counted.bytes, 0)`.execute(db);
}
