import { sql, type Kysely } from 'kysely';

/**
 * The brokerage's webhooks (decision 0025): endpoints, and a durable queue of deliveries that the
 * server's worker fills from the change feed (broker_events) and POSTs. An endpoint keeps its own
 * place in the feed (`cursor`, TX-ID of the last event queued for it); `replay_until` is the place
 * it had when a replay moved `cursor` back, so the events up to it are queued again as replays.
 * An event is queued once an endpoint (the partial unique index), a replay as often as asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_endpoints (
      id serial PRIMARY KEY,
      url text NOT NULL,
      description text NOT NULL DEFAULT '',
      event_types text[] NOT NULL DEFAULT '{}',
      enabled boolean NOT NULL DEFAULT true,
      secret text NOT NULL,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      cursor text,
      replay_until text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE webhook_deliveries (
      id bigserial PRIMARY KEY,
      endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      event_id bigint NOT NULL,
      event_cursor text NOT NULL,
      event_type text NOT NULL,
      replay boolean NOT NULL DEFAULT false,
      webhook_id text NOT NULL,
      body text NOT NULL,
      state text NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'sending', 'retrying', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      locked_until timestamptz,
      first_attempt_at timestamptz,
      last_status integer,
      last_error text,
      last_duration_ms integer,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (endpoint_id, event_id) WHERE NOT replay;
    CREATE INDEX webhook_deliveries_queued ON webhook_deliveries (endpoint_id, id)
      WHERE state IN ('pending', 'sending', 'retrying');
    CREATE INDEX webhook_deliveries_listed ON webhook_deliveries (endpoint_id, id);
    CREATE INDEX webhook_deliveries_by_state ON webhook_deliveries (endpoint_id, state, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_deliveries, webhook_endpoints`.execute(db);
}
