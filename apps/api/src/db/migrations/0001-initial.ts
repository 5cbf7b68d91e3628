import { sql, type Kysely } from 'kysely';

/** The whole data model of the portal (spec section 3). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE companies (
      id serial PRIMARY KEY,
      name text NOT NULL,
      primary_contact text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE accounts (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      account_no text NOT NULL UNIQUE,
      name text NOT NULL DEFAULT '',
      -- The account whose shipments show per-document ticks (spec: account {code}).
      document_tracking boolean NOT NULL DEFAULT false
    );
    CREATE INDEX accounts_company_idx ON accounts (company_id);

    CREATE TABLE users (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      role smallint NOT NULL CHECK (role IN (3, 4, 5, 11)),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));
    CREATE INDEX users_company_idx ON users (company_id);

    CREATE TABLE user_accounts (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, account_id)
    );
    CREATE INDEX user_accounts_account_idx ON user_accounts (account_id);

    CREATE TABLE sessions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);
    CREATE INDEX sessions_expires_idx ON sessions (expires_at);

    CREATE TABLE password_resets (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX password_resets_user_idx ON password_resets (user_id);

    CREATE TABLE login_failures (
      user_name text PRIMARY KEY,
      failures integer NOT NULL,
      first_failed_at timestamptz NOT NULL,
      locked_until timestamptz
    );

    CREATE TABLE shipments (
      id serial PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      file_number text NOT NULL UNIQUE,
      customer_reference_no text NOT NULL DEFAULT '',
      status text NOT NULL,
      isf_transaction_no text,
      isf_submit_date timestamptz,
      -- NULL is an unknown ETA; the API writes it 0000-00-00 00:00:00.
      est_time_arrive timestamp,
      shipment_discharge_date timestamp,
      fda_review text NOT NULL DEFAULT '',
      origin text NOT NULL DEFAULT '',
      destination_terminal text NOT NULL DEFAULT '',
      steamship_line text NOT NULL DEFAULT '',
      vessel_name text NOT NULL DEFAULT '',
      unlading_code text NOT NULL DEFAULT '',
      unlading_name text NOT NULL DEFAULT '',
      transport_mode text NOT NULL DEFAULT '',
      transport_mode_description text NOT NULL DEFAULT '',
      document_note text NOT NULL DEFAULT '',
      comment text NOT NULL DEFAULT '',
      path_to_7501 text,
      reviewed_7501 boolean NOT NULL DEFAULT false,
      ignored_shipment boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shipments_account_eta_idx ON shipments (account_id, est_time_arrive, id);
    CREATE INDEX shipments_account_status_idx ON shipments (account_id, status);

    CREATE TABLE containers (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      container_no text NOT NULL,
      -- Events, each {location, type, date}.
      tracking_info jsonb NOT NULL DEFAULT '[]'::jsonb,
      UNIQUE (shipment_id, container_no)
    );

    CREATE TABLE bills_of_lading (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      bill_lading text NOT NULL,
      is_master boolean NOT NULL,
      UNIQUE (shipment_id, bill_lading, is_master)
    );

    CREATE TABLE document_types (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      type text NOT NULL,
      required boolean NOT NULL DEFAULT true,
      submitted boolean NOT NULL DEFAULT false,
      UNIQUE (shipment_id, type)
    );

    CREATE TABLE documents (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      document_type text NOT NULL DEFAULT '',
      -- The storage key; never derived from a name the client sent.
      path text NOT NULL UNIQUE,
      original_name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      -- Supplementary files are the broker's additional files for the shipment.
      supplementary boolean NOT NULL DEFAULT false,
      uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX documents_shipment_idx ON documents (shipment_id);

    CREATE TABLE shipment_notes (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      role smallint NOT NULL,
      comments text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shipment_notes_shipment_idx ON shipment_notes (shipment_id);

    CREATE TABLE shipment_activity (
      id bigserial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shipment_activity_shipment_idx ON shipment_activity (shipment_id, created_at);

    CREATE TABLE truckers (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      phone text NOT NULL DEFAULT '',
      status smallint NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX truckers_company_idx ON truckers (company_id);

    CREATE TABLE trucker_emails (
      id serial PRIMARY KEY,
      trucker_id integer NOT NULL REFERENCES truckers(id) ON DELETE CASCADE,
      email text NOT NULL DEFAULT '',
      cc_emails text[] NOT NULL DEFAULT '{}' CHECK (cardinality(cc_emails) <= 10)
    );
    CREATE INDEX trucker_emails_trucker_idx ON trucker_emails (trucker_id);

    CREATE TABLE warehouses (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      address text NOT NULL DEFAULT '',
      city text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT '',
      zip text NOT NULL DEFAULT '',
      status smallint NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX warehouses_company_idx ON warehouses (company_id);

    CREATE TABLE warehouse_emails (
      id serial PRIMARY KEY,
      warehouse_id integer NOT NULL REFERENCES warehouses(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT ''
    );
    CREATE INDEX warehouse_emails_warehouse_idx ON warehouse_emails (warehouse_id);

    CREATE TABLE delivery_orders (
      id serial PRIMARY KEY,
      shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
      trucker_id integer NOT NULL REFERENCES truckers(id),
      warehouse_id integer NOT NULL REFERENCES warehouses(id),
      reference_number text NOT NULL DEFAULT '',
      note text NOT NULL DEFAULT '',
      approved boolean NOT NULL DEFAULT false,
      approved_at timestamptz,
      path text,
      sent_at timestamptz,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX delivery_orders_shipment_idx ON delivery_orders (shipment_id);
    CREATE INDEX delivery_orders_trucker_idx ON delivery_orders (trucker_id);
    CREATE INDEX delivery_orders_warehouse_idx ON delivery_orders (warehouse_id);

    CREATE TABLE delivery_order_containers (
      delivery_order_id integer NOT NULL REFERENCES delivery_orders(id) ON DELETE CASCADE,
      container_id integer NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
      PRIMARY KEY (delivery_order_id, container_id)
    );
    CREATE INDEX delivery_order_containers_container_idx ON delivery_order_containers (container_id);

    CREATE TABLE delivery_order_bills (
      delivery_order_id integer NOT NULL REFERENCES delivery_orders(id) ON DELETE CASCADE,
      bill_of_lading_id integer NOT NULL REFERENCES bills_of_lading(id) ON DELETE CASCADE,
      PRIMARY KEY (delivery_order_id, bill_of_lading_id)
    );

    CREATE TABLE invoices (
      id serial PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      shipment_id integer REFERENCES shipments(id) ON DELETE SET NULL,
      proper_name text NOT NULL DEFAULT '',
      file_number text NOT NULL DEFAULT '',
      is_paid boolean NOT NULL DEFAULT false,
      path text,
      backup text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invoices_account_idx ON invoices (account_id, created_at);
    CREATE INDEX invoices_shipment_idx ON invoices (shipment_id);

    -- A notification with no company is shown to every company.
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      company_id integer REFERENCES companies(id) ON DELETE CASCADE,
      message text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_company_idx ON notifications (company_id);

    -- The four notification lists: table_number 0 documents, 1 invoice, 2 7501, 3 delivery.
    CREATE TABLE notification_emails (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      table_number smallint NOT NULL CHECK (table_number BETWEEN 0 AND 3),
      email text NOT NULL DEFAULT '',
      cc_emails text[] NOT NULL DEFAULT '{}' CHECK (cardinality(cc_emails) <= 10),
      UNIQUE (company_id, table_number)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE notification_emails, notifications, invoices, delivery_order_bills,
      delivery_order_containers, delivery_orders, warehouse_emails, warehouses, trucker_emails,
      truckers, shipment_activity, shipment_notes, documents, document_types, bills_of_lading,
      containers, shipments, login_failures, password_resets, sessions, user_accounts, users,
      accounts, companies;
  `.execute(db);
}
