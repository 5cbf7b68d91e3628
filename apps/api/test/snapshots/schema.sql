CREATE TABLE account_invoice_totals (
  account_id integer NOT NULL,
  invoices bigint NOT NULL,
  open_cents bigint NOT NULL,
  unpaid bigint NOT NULL DEFAULT 0
);
ALTER TABLE account_invoice_totals ADD CONSTRAINT account_invoice_totals_pkey PRIMARY KEY (account_id);
ALTER TABLE account_invoice_totals ADD CONSTRAINT account_invoice_totals_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE accounts (
  id integer NOT NULL DEFAULT nextval('accounts_id_seq'::regclass),
  company_id integer NOT NULL,
  account_no text NOT NULL,
  name text NOT NULL DEFAULT ''::text,
  document_tracking boolean NOT NULL DEFAULT false
);
ALTER TABLE accounts ADD CONSTRAINT accounts_account_no_key UNIQUE (account_no);
ALTER TABLE accounts ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);
ALTER TABLE accounts ADD CONSTRAINT accounts_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
CREATE INDEX accounts_company_idx ON public.accounts USING btree (company_id);

CREATE TABLE bills_of_lading (
  id integer NOT NULL DEFAULT nextval('bills_of_lading_id_seq'::regclass),
  shipment_id integer NOT NULL,
  bill_lading text NOT NULL,
  is_master boolean NOT NULL
);
ALTER TABLE bills_of_lading ADD CONSTRAINT bills_of_lading_shipment_id_bill_lading_is_master_key UNIQUE (shipment_id, bill_lading, is_master);
ALTER TABLE bills_of_lading ADD CONSTRAINT bills_of_lading_pkey PRIMARY KEY (id);
ALTER TABLE bills_of_lading ADD CONSTRAINT bills_of_lading_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;

CREATE TABLE broker_api_keys (
  id integer NOT NULL DEFAULT nextval('broker_api_keys_id_seq'::regclass),
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  revoked_at timestamp with time zone,
  scopes text[] NOT NULL,
  expires_at timestamp with time zone,
  last_used_at timestamp with time zone,
  use_event_at timestamp with time zone
);
ALTER TABLE broker_api_keys ADD CONSTRAINT broker_api_keys_key_hash_key UNIQUE (key_hash);
ALTER TABLE broker_api_keys ADD CONSTRAINT broker_api_keys_pkey PRIMARY KEY (id);

CREATE TABLE broker_events (
  id bigint NOT NULL DEFAULT nextval('broker_events_id_seq'::regclass),
  tx bigint NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
  type text NOT NULL,
  company_id integer,
  shipment_id integer,
  user_id integer,
  user_email text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  company text,
  account_no text,
  file_number text
);
ALTER TABLE broker_events ADD CONSTRAINT broker_events_pkey PRIMARY KEY (id);
CREATE INDEX broker_events_feed_idx ON public.broker_events USING btree (tx, id);

CREATE TABLE companies (
  id integer NOT NULL DEFAULT nextval('companies_id_seq'::regclass),
  name text NOT NULL,
  primary_contact text NOT NULL DEFAULT ''::text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  document_bytes bigint NOT NULL DEFAULT 0,
  broker_id text,
  time_zone text NOT NULL DEFAULT 'America/New_York'::text,
  entry_approval text NOT NULL DEFAULT 'none'::text,
  entry_approval_threshold_cents bigint,
  require_two_factor boolean NOT NULL DEFAULT false
);
ALTER TABLE companies ADD CONSTRAINT companies_broker_id_key UNIQUE (broker_id);
ALTER TABLE companies ADD CONSTRAINT companies_pkey PRIMARY KEY (id);
ALTER TABLE companies ADD CONSTRAINT companies_entry_approval_check CHECK ((entry_approval = ANY (ARRAY['none'::text, 'all'::text, 'above'::text])));
ALTER TABLE companies ADD CONSTRAINT companies_entry_approval_threshold_cents_check CHECK ((entry_approval_threshold_cents >= 0));

CREATE TABLE company_user_counts (
  company_id integer NOT NULL,
  role smallint NOT NULL,
  users bigint NOT NULL
);
ALTER TABLE company_user_counts ADD CONSTRAINT company_user_counts_pkey PRIMARY KEY (company_id, role);
ALTER TABLE company_user_counts ADD CONSTRAINT company_user_counts_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;

CREATE TABLE container_free_days (
  container_id integer NOT NULL,
  discharged_at timestamp with time zone,
  available_at timestamp with time zone,
  terminal_last_free_day date,
  customs_hold boolean NOT NULL DEFAULT false,
  line_hold boolean NOT NULL DEFAULT false,
  other_hold boolean NOT NULL DEFAULT false,
  gated_out_at timestamp with time zone,
  delivered_at timestamp with time zone,
  empty_returned_at timestamp with time zone,
  detention_last_free_day date,
  demurrage_rates jsonb,
  detention_rates jsonb,
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE container_free_days ADD CONSTRAINT container_free_days_pkey PRIMARY KEY (container_id);
ALTER TABLE container_free_days ADD CONSTRAINT container_free_days_container_id_fkey FOREIGN KEY (container_id) REFERENCES containers(id) ON DELETE CASCADE;
CREATE INDEX container_free_days_detention_lfd ON public.container_free_days USING btree (detention_last_free_day) WHERE ((gated_out_at IS NOT NULL) AND (empty_returned_at IS NULL));
CREATE INDEX container_free_days_terminal_lfd ON public.container_free_days USING btree (terminal_last_free_day) WHERE ((gated_out_at IS NULL) AND (empty_returned_at IS NULL));

CREATE TABLE container_lfd_changes (
  id integer NOT NULL DEFAULT nextval('container_lfd_changes_id_seq'::regclass),
  container_id integer NOT NULL,
  which text NOT NULL,
  old_day date,
  new_day date,
  changed_at timestamp with time zone NOT NULL DEFAULT now(),
  mail_queued_at timestamp with time zone
);
ALTER TABLE container_lfd_changes ADD CONSTRAINT container_lfd_changes_pkey PRIMARY KEY (id);
ALTER TABLE container_lfd_changes ADD CONSTRAINT container_lfd_changes_container_id_fkey FOREIGN KEY (container_id) REFERENCES containers(id) ON DELETE CASCADE;
ALTER TABLE container_lfd_changes ADD CONSTRAINT container_lfd_changes_which_check CHECK ((which = ANY (ARRAY['terminal'::text, 'detention'::text])));
CREATE INDEX container_lfd_changes_container_idx ON public.container_lfd_changes USING btree (container_id, id);
CREATE INDEX container_lfd_changes_unqueued ON public.container_lfd_changes USING btree (id) WHERE (mail_queued_at IS NULL);

CREATE TABLE container_reminders (
  container_id integer NOT NULL,
  which text NOT NULL,
  last_free_day date NOT NULL,
  kind text NOT NULL,
  queued_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE container_reminders ADD CONSTRAINT container_reminders_pkey PRIMARY KEY (container_id, which, last_free_day, kind);
ALTER TABLE container_reminders ADD CONSTRAINT container_reminders_container_id_fkey FOREIGN KEY (container_id) REFERENCES containers(id) ON DELETE CASCADE;
ALTER TABLE container_reminders ADD CONSTRAINT container_reminders_kind_check CHECK ((kind = ANY (ARRAY['due'::text, 'charges_started'::text])));
ALTER TABLE container_reminders ADD CONSTRAINT container_reminders_which_check CHECK ((which = ANY (ARRAY['terminal'::text, 'detention'::text])));

CREATE TABLE containers (
  id integer NOT NULL DEFAULT nextval('containers_id_seq'::regclass),
  shipment_id integer NOT NULL,
  container_no text NOT NULL,
  tracking_info jsonb NOT NULL DEFAULT '[]'::jsonb
);
ALTER TABLE containers ADD CONSTRAINT containers_shipment_id_container_no_key UNIQUE (shipment_id, container_no);
ALTER TABLE containers ADD CONSTRAINT containers_pkey PRIMARY KEY (id);
ALTER TABLE containers ADD CONSTRAINT containers_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;

CREATE TABLE customs_entries (
  id integer NOT NULL DEFAULT nextval('customs_entries_id_seq'::regclass),
  shipment_id integer NOT NULL,
  entry_number text NOT NULL,
  entry_type text,
  port_code text,
  entry_date date,
  summary_date date,
  release_date date,
  liquidation_date date,
  liquidation_status text,
  bond_type text,
  importer_of_record text,
  mode text,
  country_of_origin text,
  country_of_export text,
  entered_value_cents bigint NOT NULL DEFAULT 0,
  duty_cents bigint NOT NULL DEFAULT 0,
  mpf_cents bigint,
  hmf_cents bigint,
  other_fees_cents bigint,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  account_id integer,
  arrival_date date
);
ALTER TABLE customs_entries ADD CONSTRAINT customs_entries_entry_number_key UNIQUE (entry_number);
ALTER TABLE customs_entries ADD CONSTRAINT customs_entries_pkey PRIMARY KEY (id);
ALTER TABLE customs_entries ADD CONSTRAINT customs_entries_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;
CREATE INDEX customs_entries_release_idx ON public.customs_entries USING btree (account_id, release_date DESC, id DESC) INCLUDE (arrival_date) WHERE (release_date IS NOT NULL);
CREATE INDEX customs_entries_shipment_idx ON public.customs_entries USING btree (shipment_id, entry_date DESC NULLS LAST, id DESC);

CREATE TABLE customs_entry_disposition_history (
  id bigint NOT NULL DEFAULT nextval('customs_entry_disposition_history_id_seq'::regclass),
  entry_id integer NOT NULL,
  agency text NOT NULL,
  disposition text NOT NULL,
  disposed_at timestamp with time zone NOT NULL,
  note text NOT NULL DEFAULT ''::text
);
ALTER TABLE customs_entry_disposition_history ADD CONSTRAINT customs_entry_disposition_history_pkey PRIMARY KEY (id);
ALTER TABLE customs_entry_disposition_history ADD CONSTRAINT customs_entry_disposition_history_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES customs_entries(id) ON DELETE CASCADE;
CREATE INDEX customs_entry_disposition_history_entry_idx ON public.customs_entry_disposition_history USING btree (entry_id, id);

CREATE TABLE customs_entry_dispositions (
  entry_id integer NOT NULL,
  agency text NOT NULL,
  disposition text NOT NULL,
  disposed_at timestamp with time zone NOT NULL,
  note text NOT NULL DEFAULT ''::text
);
ALTER TABLE customs_entry_dispositions ADD CONSTRAINT customs_entry_dispositions_pkey PRIMARY KEY (entry_id, agency);
ALTER TABLE customs_entry_dispositions ADD CONSTRAINT customs_entry_dispositions_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES customs_entries(id) ON DELETE CASCADE;

CREATE TABLE customs_entry_lines (
  entry_id integer NOT NULL,
  line_number integer NOT NULL,
  hts_number text NOT NULL,
  description text NOT NULL DEFAULT ''::text,
  quantity numeric(18,3),
  unit text NOT NULL DEFAULT ''::text,
  entered_value_cents bigint NOT NULL DEFAULT 0,
  duty_rate text NOT NULL DEFAULT ''::text,
  duty_cents bigint NOT NULL DEFAULT 0,
  adcvd boolean NOT NULL DEFAULT false,
  section_301 boolean NOT NULL DEFAULT false,
  account_id integer,
  month date,
  section_301_duty_cents bigint
);
ALTER TABLE customs_entry_lines ADD CONSTRAINT customs_entry_lines_pkey PRIMARY KEY (entry_id, line_number);
ALTER TABLE customs_entry_lines ADD CONSTRAINT customs_entry_lines_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES customs_entries(id) ON DELETE CASCADE;
ALTER TABLE customs_entry_lines ADD CONSTRAINT customs_entry_lines_line_number_check CHECK (((line_number >= 1) AND (line_number <= 9999)));
ALTER TABLE customs_entry_lines ADD CONSTRAINT customs_entry_lines_section_301_duty_check CHECK (((section_301_duty_cents IS NULL) OR (section_301 AND ((section_301_duty_cents >= 0) AND (section_301_duty_cents <= duty_cents)))));

CREATE TABLE delivery_order_bills (
  delivery_order_id integer NOT NULL,
  bill_of_lading_id integer NOT NULL
);
ALTER TABLE delivery_order_bills ADD CONSTRAINT delivery_order_bills_pkey PRIMARY KEY (delivery_order_id, bill_of_lading_id);
ALTER TABLE delivery_order_bills ADD CONSTRAINT delivery_order_bills_bill_of_lading_id_fkey FOREIGN KEY (bill_of_lading_id) REFERENCES bills_of_lading(id) ON DELETE CASCADE;
ALTER TABLE delivery_order_bills ADD CONSTRAINT delivery_order_bills_delivery_order_id_fkey FOREIGN KEY (delivery_order_id) REFERENCES delivery_orders(id) ON DELETE CASCADE;

CREATE TABLE delivery_order_containers (
  delivery_order_id integer NOT NULL,
  container_id integer NOT NULL
);
ALTER TABLE delivery_order_containers ADD CONSTRAINT delivery_order_containers_pkey PRIMARY KEY (delivery_order_id, container_id);
ALTER TABLE delivery_order_containers ADD CONSTRAINT delivery_order_containers_container_id_fkey FOREIGN KEY (container_id) REFERENCES containers(id) ON DELETE CASCADE;
ALTER TABLE delivery_order_containers ADD CONSTRAINT delivery_order_containers_delivery_order_id_fkey FOREIGN KEY (delivery_order_id) REFERENCES delivery_orders(id) ON DELETE CASCADE;
CREATE INDEX delivery_order_containers_container_idx ON public.delivery_order_containers USING btree (container_id);

CREATE TABLE delivery_orders (
  id integer NOT NULL DEFAULT nextval('delivery_orders_id_seq'::regclass),
  shipment_id integer NOT NULL,
  trucker_id integer NOT NULL,
  warehouse_id integer NOT NULL,
  reference_number text NOT NULL DEFAULT ''::text,
  note text NOT NULL DEFAULT ''::text,
  approved boolean NOT NULL DEFAULT false,
  approved_at timestamp with time zone,
  path text,
  sent_at timestamp with time zone,
  created_by integer,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  pickup_date date,
  sending_until timestamp with time zone
);
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_pkey PRIMARY KEY (id);
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_trucker_id_fkey FOREIGN KEY (trucker_id) REFERENCES truckers(id);
ALTER TABLE delivery_orders ADD CONSTRAINT delivery_orders_warehouse_id_fkey FOREIGN KEY (warehouse_id) REFERENCES warehouses(id);
CREATE INDEX delivery_orders_path_idx ON public.delivery_orders USING btree (path) WHERE (path IS NOT NULL);
CREATE INDEX delivery_orders_shipment_idx ON public.delivery_orders USING btree (shipment_id);
CREATE INDEX delivery_orders_trucker_idx ON public.delivery_orders USING btree (trucker_id);
CREATE INDEX delivery_orders_waiting_idx ON public.delivery_orders USING btree (id) WHERE (NOT approved);
CREATE INDEX delivery_orders_warehouse_idx ON public.delivery_orders USING btree (warehouse_id);

CREATE TABLE demurrage_alerts (
  company_id integer NOT NULL,
  email text,
  cc_emails text[],
  reminder_days smallint NOT NULL DEFAULT 2
);
ALTER TABLE demurrage_alerts ADD CONSTRAINT demurrage_alerts_pkey PRIMARY KEY (company_id);
ALTER TABLE demurrage_alerts ADD CONSTRAINT demurrage_alerts_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
ALTER TABLE demurrage_alerts ADD CONSTRAINT demurrage_alerts_cc_emails_check CHECK ((cardinality(cc_emails) <= 10));
ALTER TABLE demurrage_alerts ADD CONSTRAINT demurrage_alerts_check CHECK (((email IS NULL) = (cc_emails IS NULL)));
ALTER TABLE demurrage_alerts ADD CONSTRAINT demurrage_alerts_reminder_days_check CHECK (((reminder_days >= 0) AND (reminder_days <= 10)));

CREATE TABLE document_types (
  id integer NOT NULL DEFAULT nextval('document_types_id_seq'::regclass),
  shipment_id integer NOT NULL,
  type text NOT NULL,
  required boolean NOT NULL DEFAULT true,
  submitted boolean NOT NULL DEFAULT false
);
ALTER TABLE document_types ADD CONSTRAINT document_types_shipment_id_type_key UNIQUE (shipment_id, type);
ALTER TABLE document_types ADD CONSTRAINT document_types_pkey PRIMARY KEY (id);
ALTER TABLE document_types ADD CONSTRAINT document_types_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;

CREATE TABLE documents (
  id integer NOT NULL DEFAULT nextval('documents_id_seq'::regclass),
  shipment_id integer NOT NULL,
  document_type text NOT NULL DEFAULT ''::text,
  path text NOT NULL,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  supplementary boolean NOT NULL DEFAULT false,
  uploaded_by integer,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE documents ADD CONSTRAINT documents_path_key UNIQUE (path);
ALTER TABLE documents ADD CONSTRAINT documents_pkey PRIMARY KEY (id);
ALTER TABLE documents ADD CONSTRAINT documents_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;
ALTER TABLE documents ADD CONSTRAINT documents_uploaded_by_fkey FOREIGN KEY (uploaded_by) REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX documents_shipment_idx ON public.documents USING btree (shipment_id);

CREATE TABLE entry_approvals (
  id integer NOT NULL DEFAULT nextval('entry_approvals_id_seq'::regclass),
  entry_id integer NOT NULL,
  path_to_7501 text NOT NULL,
  decision text NOT NULL,
  comment text NOT NULL DEFAULT ''::text,
  user_id integer,
  decided_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE entry_approvals ADD CONSTRAINT entry_approvals_pkey PRIMARY KEY (id);
ALTER TABLE entry_approvals ADD CONSTRAINT entry_approvals_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES customs_entries(id) ON DELETE CASCADE;
ALTER TABLE entry_approvals ADD CONSTRAINT entry_approvals_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE entry_approvals ADD CONSTRAINT entry_approvals_decision_check CHECK ((decision = ANY (ARRAY['approved'::text, 'queried'::text])));
CREATE INDEX entry_approvals_entry_idx ON public.entry_approvals USING btree (entry_id, path_to_7501, id DESC);

CREATE TABLE entry_rollups (
  account_id integer NOT NULL,
  month date NOT NULL,
  port_code text NOT NULL,
  mode text NOT NULL,
  entries bigint NOT NULL,
  entered_value_cents bigint NOT NULL,
  duty_cents bigint NOT NULL,
  mpf_cents bigint NOT NULL,
  hmf_cents bigint NOT NULL,
  other_fees_cents bigint NOT NULL
);
ALTER TABLE entry_rollups ADD CONSTRAINT entry_rollups_pkey PRIMARY KEY (account_id, month, port_code, mode);
ALTER TABLE entry_rollups ADD CONSTRAINT entry_rollups_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE invoice_rollups (
  account_id integer NOT NULL,
  due_date date NOT NULL,
  invoices bigint NOT NULL,
  amount_cents bigint NOT NULL
);
ALTER TABLE invoice_rollups ADD CONSTRAINT invoice_rollups_pkey PRIMARY KEY (account_id, due_date);
ALTER TABLE invoice_rollups ADD CONSTRAINT invoice_rollups_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE invoice_unpaid_days (
  account_id integer NOT NULL,
  due_date date NOT NULL,
  invoices bigint NOT NULL,
  open_cents bigint NOT NULL
);
ALTER TABLE invoice_unpaid_days ADD CONSTRAINT invoice_unpaid_days_pkey PRIMARY KEY (account_id, due_date);
ALTER TABLE invoice_unpaid_days ADD CONSTRAINT invoice_unpaid_days_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE invoices (
  id integer NOT NULL DEFAULT nextval('invoices_id_seq'::regclass),
  account_id integer NOT NULL,
  shipment_id integer,
  proper_name text NOT NULL DEFAULT ''::text,
  file_number text NOT NULL DEFAULT ''::text,
  is_paid boolean NOT NULL DEFAULT false,
  path text,
  backup text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  invoice_number text NOT NULL DEFAULT ''::text,
  amount_cents bigint,
  due_date date,
  customer_reference_no text NOT NULL DEFAULT ''::text,
  master_bills text[] NOT NULL DEFAULT '{}'::text[],
  container_nos text[] NOT NULL DEFAULT '{}'::text[],
  search_text text NOT NULL GENERATED ALWAYS AS (invoice_search_text(invoice_number, file_number, customer_reference_no, master_bills, container_nos)) STORED
);
ALTER TABLE invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE invoices ADD CONSTRAINT invoices_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;
ALTER TABLE invoices ADD CONSTRAINT invoices_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE SET NULL;
CREATE INDEX invoices_backup_idx ON public.invoices USING btree (backup) WHERE (backup IS NOT NULL);
CREATE INDEX invoices_list_created_idx ON public.invoices USING btree (account_id, created_at DESC, id DESC) INCLUDE (is_paid, due_date, amount_cents, search_text);
CREATE INDEX invoices_list_id_idx ON public.invoices USING btree (account_id, id);
CREATE INDEX invoices_path_idx ON public.invoices USING btree (path) WHERE (path IS NOT NULL);
CREATE INDEX invoices_search_digits_idx ON public.invoices USING gin (search_digit_windows(search_text, 5));
CREATE INDEX invoices_search_idx ON public.invoices USING gin (((account_id)::bigint), search_text gin_trgm_ops);
CREATE INDEX invoices_shipment_idx ON public.invoices USING btree (shipment_id);
CREATE INDEX invoices_sort_amount_idx ON public.invoices USING btree (account_id, amount_cents NULLS FIRST, id);
CREATE INDEX invoices_sort_container_idx ON public.invoices USING btree (account_id, lower(COALESCE(container_nos[1], ''::text)) COLLATE "C", id);
CREATE INDEX invoices_sort_due_date_idx ON public.invoices USING btree (account_id, due_date NULLS FIRST, id);
CREATE INDEX invoices_sort_file_number_idx ON public.invoices USING btree (account_id, lower(file_number) COLLATE "C", id);
CREATE INDEX invoices_sort_master_bill_idx ON public.invoices USING btree (account_id, lower(COALESCE(master_bills[1], ''::text)) COLLATE "C", id);
CREATE INDEX invoices_sort_number_idx ON public.invoices USING btree (account_id, lower(invoice_number) COLLATE "C", id);
CREATE INDEX invoices_sort_paid_idx ON public.invoices USING btree (account_id, is_paid, id);
CREATE INDEX invoices_sort_reference_idx ON public.invoices USING btree (account_id, lower(customer_reference_no) COLLATE "C", id);
CREATE INDEX invoices_unpaid_due_idx ON public.invoices USING btree (account_id, due_date, id) INCLUDE (amount_cents) WHERE (NOT is_paid);

CREATE TABLE kysely_migration (
  name character varying(255) NOT NULL,
  timestamp character varying(255) NOT NULL
);
ALTER TABLE kysely_migration ADD CONSTRAINT kysely_migration_pkey PRIMARY KEY (name);

CREATE TABLE kysely_migration_lock (
  id character varying(255) NOT NULL,
  is_locked integer NOT NULL DEFAULT 0
);
ALTER TABLE kysely_migration_lock ADD CONSTRAINT kysely_migration_lock_pkey PRIMARY KEY (id);

CREATE TABLE line_rollups (
  account_id integer NOT NULL,
  month date NOT NULL,
  hts_number text NOT NULL,
  section_301 boolean NOT NULL,
  adcvd boolean NOT NULL,
  lines bigint NOT NULL,
  entered_value_cents bigint NOT NULL,
  duty_cents bigint NOT NULL,
  section_301_duty_cents bigint NOT NULL,
  section_301_lines_without_duty bigint NOT NULL
);
ALTER TABLE line_rollups ADD CONSTRAINT line_rollups_pkey PRIMARY KEY (account_id, month, hts_number, section_301, adcvd);
ALTER TABLE line_rollups ADD CONSTRAINT line_rollups_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE login_challenges (
  id integer NOT NULL DEFAULT nextval('login_challenges_id_seq'::regclass),
  user_id integer NOT NULL,
  token_hash text NOT NULL,
  kind text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE login_challenges ADD CONSTRAINT login_challenges_token_hash_key UNIQUE (token_hash);
ALTER TABLE login_challenges ADD CONSTRAINT login_challenges_pkey PRIMARY KEY (id);
ALTER TABLE login_challenges ADD CONSTRAINT login_challenges_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE login_challenges ADD CONSTRAINT login_challenges_kind_check CHECK ((kind = ANY (ARRAY['second_factor'::text, 'enrol'::text])));
CREATE INDEX login_challenges_user_id ON public.login_challenges USING btree (user_id);

CREATE TABLE login_known_clients (
  user_name text NOT NULL,
  address text NOT NULL,
  logged_in_at timestamp with time zone NOT NULL,
  attempts integer NOT NULL
);
ALTER TABLE login_known_clients ADD CONSTRAINT login_known_clients_pkey PRIMARY KEY (user_name, address);

CREATE TABLE login_throttle (
  key text NOT NULL,
  attempts integer NOT NULL,
  window_started_at timestamp with time zone NOT NULL,
  next_attempt_at timestamp with time zone NOT NULL
);
ALTER TABLE login_throttle ADD CONSTRAINT login_throttle_pkey PRIMARY KEY (key);

CREATE TABLE mail_events (
  id bigint NOT NULL DEFAULT nextval('mail_events_id_seq'::regclass),
  message_id bigint NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE mail_events ADD CONSTRAINT mail_events_pkey PRIMARY KEY (id);
ALTER TABLE mail_events ADD CONSTRAINT mail_events_message_id_fkey FOREIGN KEY (message_id) REFERENCES mail_messages(id) ON DELETE CASCADE;
CREATE INDEX mail_events_message ON public.mail_events USING btree (message_id, id);

CREATE TABLE mail_messages (
  id bigint NOT NULL DEFAULT nextval('mail_messages_id_seq'::regclass),
  company_id integer NOT NULL,
  table_number smallint NOT NULL,
  kind text NOT NULL,
  state text NOT NULL DEFAULT 'gathering'::text,
  next_attempt_at timestamp with time zone,
  locked_until timestamp with time zone,
  first_attempt_at timestamp with time zone,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  message_id text NOT NULL,
  recipients text[] NOT NULL DEFAULT '{}'::text[],
  sent_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_pkey PRIMARY KEY (id);
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_state_check CHECK ((state = ANY (ARRAY['gathering'::text, 'sending'::text, 'retrying'::text, 'sent'::text, 'skipped'::text, 'failed'::text])));
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_table_number_check CHECK (((table_number >= 0) AND (table_number <= 4)));
CREATE INDEX mail_messages_failed ON public.mail_messages USING btree (id) WHERE (state = 'failed'::text);
CREATE UNIQUE INDEX mail_messages_gathering ON public.mail_messages USING btree (company_id, table_number, kind) WHERE (state = 'gathering'::text);
CREATE INDEX mail_messages_queued ON public.mail_messages USING btree (created_at) WHERE (state = ANY (ARRAY['gathering'::text, 'retrying'::text, 'sending'::text]));

CREATE TABLE notification_emails (
  id integer NOT NULL DEFAULT nextval('notification_emails_id_seq'::regclass),
  company_id integer NOT NULL,
  table_number smallint NOT NULL,
  email text NOT NULL DEFAULT ''::text,
  cc_emails text[] NOT NULL DEFAULT '{}'::text[]
);
ALTER TABLE notification_emails ADD CONSTRAINT notification_emails_company_id_table_number_key UNIQUE (company_id, table_number);
ALTER TABLE notification_emails ADD CONSTRAINT notification_emails_pkey PRIMARY KEY (id);
ALTER TABLE notification_emails ADD CONSTRAINT notification_emails_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
ALTER TABLE notification_emails ADD CONSTRAINT notification_emails_cc_emails_check CHECK ((cardinality(cc_emails) <= 10));
ALTER TABLE notification_emails ADD CONSTRAINT notification_emails_table_number_check CHECK (((table_number >= 0) AND (table_number <= 3)));

CREATE TABLE notifications (
  id integer NOT NULL DEFAULT nextval('notifications_id_seq'::regclass),
  company_id integer,
  message text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE notifications ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);
ALTER TABLE notifications ADD CONSTRAINT notifications_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
CREATE INDEX notifications_company_idx ON public.notifications USING btree (company_id);

CREATE TABLE password_resets (
  id integer NOT NULL DEFAULT nextval('password_resets_id_seq'::regclass),
  user_id integer NOT NULL,
  token_hash text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone
);
ALTER TABLE password_resets ADD CONSTRAINT password_resets_token_hash_key UNIQUE (token_hash);
ALTER TABLE password_resets ADD CONSTRAINT password_resets_pkey PRIMARY KEY (id);
ALTER TABLE password_resets ADD CONSTRAINT password_resets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX password_resets_user_idx ON public.password_resets USING btree (user_id);

CREATE TABLE payment_instructions (
  id smallint NOT NULL DEFAULT 1,
  instructions jsonb NOT NULL,
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE payment_instructions ADD CONSTRAINT payment_instructions_pkey PRIMARY KEY (id);
ALTER TABLE payment_instructions ADD CONSTRAINT payment_instructions_id_check CHECK ((id = 1));

CREATE TABLE release_rollups (
  account_id integer NOT NULL,
  release_date date NOT NULL,
  days integer NOT NULL,
  entries bigint NOT NULL
);
ALTER TABLE release_rollups ADD CONSTRAINT release_rollups_pkey PRIMARY KEY (account_id, release_date, days);
ALTER TABLE release_rollups ADD CONSTRAINT release_rollups_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE report_mail (
  id bigint NOT NULL DEFAULT nextval('report_mail_id_seq'::regclass),
  subscription_id integer NOT NULL,
  period text NOT NULL,
  state text NOT NULL DEFAULT 'queued'::text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamp with time zone,
  locked_until timestamp with time zone,
  first_attempt_at timestamp with time zone,
  last_error text,
  message_id text NOT NULL,
  sent_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE report_mail ADD CONSTRAINT report_mail_subscription_id_period_key UNIQUE (subscription_id, period);
ALTER TABLE report_mail ADD CONSTRAINT report_mail_pkey PRIMARY KEY (id);
ALTER TABLE report_mail ADD CONSTRAINT report_mail_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES report_subscriptions(id) ON DELETE CASCADE;
ALTER TABLE report_mail ADD CONSTRAINT report_mail_state_check CHECK ((state = ANY (ARRAY['queued'::text, 'sending'::text, 'retrying'::text, 'sent'::text, 'skipped'::text, 'failed'::text])));
CREATE INDEX report_mail_failed ON public.report_mail USING btree (id) WHERE (state = 'failed'::text);
CREATE INDEX report_mail_queued ON public.report_mail USING btree (created_at, id) WHERE (state = ANY (ARRAY['queued'::text, 'retrying'::text, 'sending'::text]));

CREATE TABLE report_subscriptions (
  id integer NOT NULL DEFAULT nextval('report_subscriptions_id_seq'::regclass),
  user_id integer NOT NULL,
  report text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE report_subscriptions ADD CONSTRAINT report_subscriptions_user_id_report_key UNIQUE (user_id, report);
ALTER TABLE report_subscriptions ADD CONSTRAINT report_subscriptions_pkey PRIMARY KEY (id);
ALTER TABLE report_subscriptions ADD CONSTRAINT report_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

CREATE TABLE request_keys (
  shipment_id integer NOT NULL,
  user_id integer NOT NULL,
  kind text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  record_id integer NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE request_keys ADD CONSTRAINT request_keys_pkey PRIMARY KEY (shipment_id, user_id, kind, key);
ALTER TABLE request_keys ADD CONSTRAINT request_keys_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;
ALTER TABLE request_keys ADD CONSTRAINT request_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX request_keys_user_idx ON public.request_keys USING btree (user_id, created_at);

CREATE TABLE security_event_counts (
  company_id integer NOT NULL,
  kind text NOT NULL,
  events bigint NOT NULL
);
ALTER TABLE security_event_counts ADD CONSTRAINT security_event_counts_pkey PRIMARY KEY (company_id, kind);

CREATE TABLE security_event_day_counts (
  company_id integer NOT NULL,
  day date NOT NULL,
  kind text NOT NULL,
  events bigint NOT NULL
);
ALTER TABLE security_event_day_counts ADD CONSTRAINT security_event_day_counts_pkey PRIMARY KEY (company_id, day, kind);

CREATE TABLE security_events (
  id bigint NOT NULL DEFAULT nextval('security_events_id_seq'::regclass),
  occurred_at timestamp with time zone NOT NULL DEFAULT now(),
  company_id integer,
  user_id integer,
  email text,
  actor text NOT NULL,
  ip text,
  user_agent text,
  kind text NOT NULL,
  outcome text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
ALTER TABLE security_events ADD CONSTRAINT security_events_pkey PRIMARY KEY (id);
ALTER TABLE security_events ADD CONSTRAINT security_events_actor_check CHECK ((actor = ANY (ARRAY['user'::text, 'broker_key'::text, 'system'::text])));
ALTER TABLE security_events ADD CONSTRAINT security_events_kind_check CHECK ((kind ~ '^[a-z_]{1,40}$'::text));
ALTER TABLE security_events ADD CONSTRAINT security_events_outcome_check CHECK ((outcome = ANY (ARRAY['success'::text, 'failure'::text, 'throttled'::text, 'refused'::text])));
CREATE INDEX security_events_company_idx ON public.security_events USING btree (company_id, occurred_at DESC, id DESC);
CREATE INDEX security_events_company_kind_idx ON public.security_events USING btree (company_id, kind, occurred_at DESC, id DESC);
CREATE INDEX security_events_company_user_idx ON public.security_events USING btree (company_id, user_id, occurred_at DESC, id DESC);
CREATE INDEX security_events_time_idx ON public.security_events USING btree (occurred_at DESC, id DESC);

CREATE TABLE sessions (
  id integer NOT NULL DEFAULT nextval('sessions_id_seq'::regclass),
  user_id integer NOT NULL,
  token_hash text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  expires_at timestamp with time zone NOT NULL,
  last_used_at timestamp with time zone NOT NULL DEFAULT now(),
  user_agent text NOT NULL DEFAULT ''::text,
  ip_address text NOT NULL DEFAULT ''::text,
  last_write_lsn pg_lsn
);
ALTER TABLE sessions ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);
ALTER TABLE sessions ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
ALTER TABLE sessions ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE sessions ADD CONSTRAINT sessions_ip_address_check CHECK ((length(ip_address) <= 64));
ALTER TABLE sessions ADD CONSTRAINT sessions_user_agent_check CHECK ((length(user_agent) <= 512));
CREATE INDEX sessions_expires_idx ON public.sessions USING btree (expires_at);
CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id);

CREATE TABLE shipment_activity (
  id bigint NOT NULL DEFAULT nextval('shipment_activity_id_seq'::regclass),
  shipment_id integer NOT NULL,
  user_id integer,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE shipment_activity ADD CONSTRAINT shipment_activity_pkey PRIMARY KEY (id);
ALTER TABLE shipment_activity ADD CONSTRAINT shipment_activity_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;
ALTER TABLE shipment_activity ADD CONSTRAINT shipment_activity_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX shipment_activity_shipment_idx ON public.shipment_activity USING btree (shipment_id, created_at);

CREATE TABLE shipment_counts (
  account_id integer NOT NULL,
  status text NOT NULL,
  review_7501 boolean NOT NULL,
  fda_hold boolean NOT NULL,
  without_do boolean NOT NULL,
  before_summary boolean NOT NULL,
  cbp_hold boolean NOT NULL,
  entry_port_code text NOT NULL,
  shipments bigint NOT NULL
);
ALTER TABLE shipment_counts ADD CONSTRAINT shipment_counts_pkey PRIMARY KEY (account_id, status, review_7501, fda_hold, without_do, before_summary, cbp_hold, entry_port_code);
ALTER TABLE shipment_counts ADD CONSTRAINT shipment_counts_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE shipment_free_days (
  account_id integer NOT NULL,
  next_free_day date NOT NULL,
  shipments bigint NOT NULL
);
ALTER TABLE shipment_free_days ADD CONSTRAINT shipment_free_days_pkey PRIMARY KEY (account_id, next_free_day);
ALTER TABLE shipment_free_days ADD CONSTRAINT shipment_free_days_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;

CREATE TABLE shipment_notes (
  id integer NOT NULL DEFAULT nextval('shipment_notes_id_seq'::regclass),
  shipment_id integer NOT NULL,
  user_id integer,
  role smallint NOT NULL,
  comments text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE shipment_notes ADD CONSTRAINT shipment_notes_pkey PRIMARY KEY (id);
ALTER TABLE shipment_notes ADD CONSTRAINT shipment_notes_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipments(id) ON DELETE CASCADE;
ALTER TABLE shipment_notes ADD CONSTRAINT shipment_notes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX shipment_notes_shipment_idx ON public.shipment_notes USING btree (shipment_id);

CREATE TABLE shipment_search_texts (
  shipment_id integer NOT NULL,
  search_text text NOT NULL
);
ALTER TABLE shipment_search_texts ADD CONSTRAINT shipment_search_texts_pkey PRIMARY KEY (shipment_id);
CREATE INDEX shipment_search_texts_digits_idx ON public.shipment_search_texts USING gin (search_digit_windows(search_text, 5));
CREATE INDEX shipment_search_texts_trigrams_idx ON public.shipment_search_texts USING gin (search_text gin_trgm_ops);

CREATE TABLE shipments (
  id integer NOT NULL DEFAULT nextval('shipments_id_seq'::regclass),
  account_id integer NOT NULL,
  file_number text NOT NULL,
  customer_reference_no text NOT NULL DEFAULT ''::text,
  status text NOT NULL,
  isf_transaction_no text,
  isf_submit_date timestamp with time zone,
  est_time_arrive timestamp without time zone,
  shipment_discharge_date timestamp without time zone,
  fda_review text NOT NULL DEFAULT ''::text,
  origin text NOT NULL DEFAULT ''::text,
  destination_terminal text NOT NULL DEFAULT ''::text,
  steamship_line text NOT NULL DEFAULT ''::text,
  vessel_name text NOT NULL DEFAULT ''::text,
  unlading_code text NOT NULL DEFAULT ''::text,
  unlading_name text NOT NULL DEFAULT ''::text,
  transport_mode text NOT NULL DEFAULT ''::text,
  transport_mode_description text NOT NULL DEFAULT ''::text,
  document_note text NOT NULL DEFAULT ''::text,
  comment text NOT NULL DEFAULT ''::text,
  path_to_7501 text,
  reviewed_7501 boolean NOT NULL DEFAULT false,
  ignored_shipment boolean NOT NULL DEFAULT false,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  master_bills text[] NOT NULL DEFAULT '{}'::text[],
  house_bills text[] NOT NULL DEFAULT '{}'::text[],
  container_nos text[] NOT NULL DEFAULT '{}'::text[],
  has_delivery_order boolean NOT NULL DEFAULT false,
  required_documents jsonb NOT NULL DEFAULT '[]'::jsonb,
  entry_numbers text[] NOT NULL DEFAULT '{}'::text[],
  entry_port_code text,
  entry_type text,
  has_agency_hold boolean NOT NULL DEFAULT false,
  search_text text NOT NULL GENERATED ALWAYS AS (shipment_search_text(file_number, customer_reference_no, master_bills, house_bills, container_nos, entry_numbers)) STORED,
  fda_disposition text,
  cbp_disposition_hold boolean NOT NULL DEFAULT false,
  entry_duty_cents bigint,
  entry_decided_7501 text,
  fda_status text NOT NULL GENERATED ALWAYS AS (
CASE
    WHEN (fda_disposition IS NULL) THEN fda_review
    WHEN (fda_disposition = ANY (ARRAY['may_proceed'::text, 'released'::text])) THEN 'MAY PROCEED'::text
    WHEN (fda_disposition = 'docs_review'::text) THEN 'DOCUMENTS REVIEW'::text
    ELSE upper(replace(fda_disposition, '_'::text, ' '::text))
END) STORED,
  cbp_hold boolean NOT NULL GENERATED ALWAYS AS (((status = ANY (ARRAY['CBP INTENSIVE EXAM'::text, 'CBP VACIS EXAM'::text, 'CBP DOCS REVIEW HOLD'::text, 'CBP VAX EXAM'::text])) OR cbp_disposition_hold)) STORED,
  next_free_day date,
  next_free_day_kind text
);
ALTER TABLE shipments ADD CONSTRAINT shipments_file_number_key UNIQUE (file_number);
ALTER TABLE shipments ADD CONSTRAINT shipments_pkey PRIMARY KEY (id);
ALTER TABLE shipments ADD CONSTRAINT shipments_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;
ALTER TABLE shipments ADD CONSTRAINT shipments_next_free_day_kind_check CHECK ((((next_free_day_kind IS NULL) = (next_free_day IS NULL)) AND (next_free_day_kind = ANY (ARRAY['terminal'::text, 'detention'::text]))));
CREATE INDEX shipments_awaiting_approval_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) INCLUDE (entry_duty_cents) WHERE ((path_to_7501 IS NOT NULL) AND (NOT reviewed_7501) AND (entry_duty_cents IS NOT NULL) AND (entry_decided_7501 IS DISTINCT FROM path_to_7501));
CREATE INDEX shipments_filter_7501_review_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) WHERE ((path_to_7501 IS NOT NULL) AND (NOT reviewed_7501));
CREATE INDEX shipments_filter_agency_hold_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) WHERE has_agency_hold;
CREATE INDEX shipments_filter_before_summary_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) WHERE ((path_to_7501 IS NULL) AND (status <> 'released'::text));
CREATE INDEX shipments_filter_cbp_hold_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) WHERE cbp_hold;
CREATE INDEX shipments_filter_entry_port_idx ON public.shipments USING btree (account_id, entry_port_code, est_time_arrive DESC NULLS LAST, id DESC) WHERE (entry_port_code IS NOT NULL);
CREATE INDEX shipments_filter_entry_type_idx ON public.shipments USING btree (account_id, entry_type, est_time_arrive DESC NULLS LAST, id DESC) WHERE (entry_type IS NOT NULL);
CREATE INDEX shipments_filter_fda_hold_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) WHERE (upper(btrim(fda_status)) <> ALL (ARRAY[''::text, 'MAY PROCEED'::text]));
CREATE INDEX shipments_filter_without_do_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) WHERE ((NOT has_delivery_order) AND (NOT ignored_shipment) AND (status <> ALL (ARRAY['released'::text, 'liquidated'::text])));
CREATE INDEX shipments_free_day_eta_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) INCLUDE (next_free_day) WHERE (next_free_day IS NOT NULL);
CREATE INDEX shipments_list_eta_idx ON public.shipments USING btree (account_id, est_time_arrive DESC NULLS LAST, id DESC) INCLUDE (search_text);
CREATE INDEX shipments_list_id_idx ON public.shipments USING btree (account_id, id);
CREATE INDEX shipments_list_status_idx ON public.shipments USING btree (account_id, status, est_time_arrive DESC NULLS LAST, id DESC);
CREATE INDEX shipments_path_to_7501_idx ON public.shipments USING btree (path_to_7501) WHERE (path_to_7501 IS NOT NULL);
CREATE INDEX shipments_sort_container_idx ON public.shipments USING btree (account_id, lower(COALESCE(container_nos[1], ''::text)) COLLATE "C", id);
CREATE INDEX shipments_sort_fda_status_idx ON public.shipments USING btree (account_id, lower(fda_status) COLLATE "C", id);
CREATE INDEX shipments_sort_file_number_idx ON public.shipments USING btree (account_id, lower(file_number) COLLATE "C", id);
CREATE INDEX shipments_sort_house_bill_idx ON public.shipments USING btree (account_id, lower(COALESCE(house_bills[1], ''::text)) COLLATE "C", id);
CREATE INDEX shipments_sort_master_bill_idx ON public.shipments USING btree (account_id, lower(COALESCE(master_bills[1], ''::text)) COLLATE "C", id);
CREATE INDEX shipments_sort_reference_idx ON public.shipments USING btree (account_id, lower(customer_reference_no) COLLATE "C", id);
CREATE INDEX shipments_sort_status_idx ON public.shipments USING btree (account_id, lower(status) COLLATE "C", id);

CREATE TABLE sign_in_links (
  id integer NOT NULL DEFAULT nextval('sign_in_links_id_seq'::regclass),
  user_id integer NOT NULL,
  token_hash text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone
);
ALTER TABLE sign_in_links ADD CONSTRAINT sign_in_links_token_hash_key UNIQUE (token_hash);
ALTER TABLE sign_in_links ADD CONSTRAINT sign_in_links_pkey PRIMARY KEY (id);
ALTER TABLE sign_in_links ADD CONSTRAINT sign_in_links_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX sign_in_links_expires_idx ON public.sign_in_links USING btree (expires_at);
CREATE INDEX sign_in_links_user_idx ON public.sign_in_links USING btree (user_id);

CREATE TABLE trucker_emails (
  id integer NOT NULL DEFAULT nextval('trucker_emails_id_seq'::regclass),
  trucker_id integer NOT NULL,
  email text NOT NULL DEFAULT ''::text,
  cc_emails text[] NOT NULL DEFAULT '{}'::text[]
);
ALTER TABLE trucker_emails ADD CONSTRAINT trucker_emails_pkey PRIMARY KEY (id);
ALTER TABLE trucker_emails ADD CONSTRAINT trucker_emails_trucker_id_fkey FOREIGN KEY (trucker_id) REFERENCES truckers(id) ON DELETE CASCADE;
ALTER TABLE trucker_emails ADD CONSTRAINT trucker_emails_cc_emails_check CHECK ((cardinality(cc_emails) <= 10));
CREATE INDEX trucker_emails_trucker_idx ON public.trucker_emails USING btree (trucker_id);

CREATE TABLE truckers (
  id integer NOT NULL DEFAULT nextval('truckers_id_seq'::regclass),
  company_id integer NOT NULL,
  name text NOT NULL,
  phone text NOT NULL DEFAULT ''::text,
  status smallint NOT NULL DEFAULT 1,
  deleted_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE truckers ADD CONSTRAINT truckers_pkey PRIMARY KEY (id);
ALTER TABLE truckers ADD CONSTRAINT truckers_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
CREATE INDEX truckers_company_idx ON public.truckers USING btree (company_id);

CREATE TABLE upload_counts (
  user_id integer NOT NULL,
  uploads integer NOT NULL,
  minute_started_at timestamp with time zone NOT NULL
);
ALTER TABLE upload_counts ADD CONSTRAINT upload_counts_pkey PRIMARY KEY (user_id);
ALTER TABLE upload_counts ADD CONSTRAINT upload_counts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

CREATE TABLE user_accounts (
  user_id integer NOT NULL,
  account_id integer NOT NULL
);
ALTER TABLE user_accounts ADD CONSTRAINT user_accounts_pkey PRIMARY KEY (user_id, account_id);
ALTER TABLE user_accounts ADD CONSTRAINT user_accounts_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;
ALTER TABLE user_accounts ADD CONSTRAINT user_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX user_accounts_account_idx ON public.user_accounts USING btree (account_id);

CREATE TABLE user_changes (
  id bigint NOT NULL DEFAULT nextval('user_changes_id_seq'::regclass),
  company_id integer NOT NULL,
  user_id integer NOT NULL,
  user_email text NOT NULL,
  changed_by integer,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE user_changes ADD CONSTRAINT user_changes_pkey PRIMARY KEY (id);
ALTER TABLE user_changes ADD CONSTRAINT user_changes_changed_by_fkey FOREIGN KEY (changed_by) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE user_changes ADD CONSTRAINT user_changes_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
ALTER TABLE user_changes ADD CONSTRAINT user_changes_action_check CHECK ((action = ANY (ARRAY['create'::text, 'update'::text, 'delete'::text, 'password-link'::text, 'end-sessions'::text, 'two-factor-reset'::text])));
CREATE INDEX user_changes_changed_by_idx ON public.user_changes USING btree (changed_by);
CREATE INDEX user_changes_company_idx ON public.user_changes USING btree (company_id, created_at);
CREATE INDEX user_changes_user_idx ON public.user_changes USING btree (user_id, created_at);

CREATE TABLE user_recovery_codes (
  id integer NOT NULL DEFAULT nextval('user_recovery_codes_id_seq'::regclass),
  user_id integer NOT NULL,
  code_hash text NOT NULL,
  used_at timestamp with time zone
);
ALTER TABLE user_recovery_codes ADD CONSTRAINT user_recovery_codes_user_id_code_hash_key UNIQUE (user_id, code_hash);
ALTER TABLE user_recovery_codes ADD CONSTRAINT user_recovery_codes_pkey PRIMARY KEY (id);
ALTER TABLE user_recovery_codes ADD CONSTRAINT user_recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

CREATE TABLE user_second_factors (
  user_id integer NOT NULL,
  secret_encrypted text NOT NULL,
  confirmed_at timestamp with time zone,
  last_used_step bigint,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  wrong_codes integer NOT NULL DEFAULT 0,
  first_wrong_code_at timestamp with time zone
);
ALTER TABLE user_second_factors ADD CONSTRAINT user_second_factors_pkey PRIMARY KEY (user_id);
ALTER TABLE user_second_factors ADD CONSTRAINT user_second_factors_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

CREATE TABLE users (
  id integer NOT NULL DEFAULT nextval('users_id_seq'::regclass),
  company_id integer NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role smallint NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  account_list text NOT NULL DEFAULT ''::text,
  search_text text NOT NULL GENERATED ALWAYS AS (((((lower(name) || chr(31)) || lower(email)) || chr(31)) || lower(account_list))) STORED
);
ALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE users ADD CONSTRAINT users_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK ((role = ANY (ARRAY[3, 4, 5, 11])));
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (lower(email));
CREATE INDEX users_list_accounts_desc_idx ON public.users USING btree (company_id, lower(account_list) COLLATE "C" DESC, id) INCLUDE (role, search_text);
CREATE INDEX users_list_accounts_idx ON public.users USING btree (company_id, lower(account_list) COLLATE "C", id) INCLUDE (role, search_text);
CREATE INDEX users_list_email_desc_idx ON public.users USING btree (company_id, lower(email) COLLATE "C" DESC, id) INCLUDE (role, search_text);
CREATE INDEX users_list_email_idx ON public.users USING btree (company_id, lower(email) COLLATE "C", id) INCLUDE (role, search_text);
CREATE INDEX users_list_name_desc_idx ON public.users USING btree (company_id, lower(name) COLLATE "C" DESC, id) INCLUDE (role, search_text);
CREATE INDEX users_list_name_idx ON public.users USING btree (company_id, lower(name) COLLATE "C", id) INCLUDE (role, search_text);
CREATE INDEX users_list_role_desc_idx ON public.users USING btree (company_id, role DESC, id) INCLUDE (search_text);
CREATE INDEX users_list_role_idx ON public.users USING btree (company_id, role, id) INCLUDE (search_text);
CREATE INDEX users_search_idx ON public.users USING gin (((company_id)::bigint), search_text gin_trgm_ops);

CREATE TABLE warehouse_emails (
  id integer NOT NULL DEFAULT nextval('warehouse_emails_id_seq'::regclass),
  warehouse_id integer NOT NULL,
  name text NOT NULL DEFAULT ''::text,
  email text NOT NULL DEFAULT ''::text
);
ALTER TABLE warehouse_emails ADD CONSTRAINT warehouse_emails_pkey PRIMARY KEY (id);
ALTER TABLE warehouse_emails ADD CONSTRAINT warehouse_emails_warehouse_id_fkey FOREIGN KEY (warehouse_id) REFERENCES warehouses(id) ON DELETE CASCADE;
CREATE INDEX warehouse_emails_warehouse_idx ON public.warehouse_emails USING btree (warehouse_id);

CREATE TABLE warehouses (
  id integer NOT NULL DEFAULT nextval('warehouses_id_seq'::regclass),
  company_id integer NOT NULL,
  user_id integer,
  name text NOT NULL DEFAULT ''::text,
  phone text NOT NULL DEFAULT ''::text,
  address text NOT NULL DEFAULT ''::text,
  city text NOT NULL DEFAULT ''::text,
  state text NOT NULL DEFAULT ''::text,
  zip text NOT NULL DEFAULT ''::text,
  status smallint NOT NULL DEFAULT 1,
  deleted_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE warehouses ADD CONSTRAINT warehouses_pkey PRIMARY KEY (id);
ALTER TABLE warehouses ADD CONSTRAINT warehouses_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
ALTER TABLE warehouses ADD CONSTRAINT warehouses_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX warehouses_company_idx ON public.warehouses USING btree (company_id);

CREATE TABLE webhook_deliveries (
  id bigint NOT NULL DEFAULT nextval('webhook_deliveries_id_seq'::regclass),
  endpoint_id integer NOT NULL,
  event_id bigint NOT NULL,
  event_cursor text NOT NULL,
  event_type text NOT NULL,
  replay boolean NOT NULL DEFAULT false,
  webhook_id text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'pending'::text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamp with time zone,
  locked_until timestamp with time zone,
  first_attempt_at timestamp with time zone,
  last_status integer,
  last_error text,
  last_duration_ms integer,
  delivered_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id);
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id) ON DELETE CASCADE;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'sending'::text, 'retrying'::text, 'delivered'::text, 'failed'::text])));
CREATE INDEX webhook_deliveries_by_state ON public.webhook_deliveries USING btree (endpoint_id, state, id);
CREATE INDEX webhook_deliveries_listed ON public.webhook_deliveries USING btree (endpoint_id, id);
CREATE UNIQUE INDEX webhook_deliveries_once ON public.webhook_deliveries USING btree (endpoint_id, event_id) WHERE (NOT replay);
CREATE INDEX webhook_deliveries_queued ON public.webhook_deliveries USING btree (endpoint_id, replay, id) WHERE (state = ANY (ARRAY['pending'::text, 'sending'::text, 'retrying'::text]));

CREATE TABLE webhook_endpoints (
  id integer NOT NULL DEFAULT nextval('webhook_endpoints_id_seq'::regclass),
  url text NOT NULL,
  description text NOT NULL DEFAULT ''::text,
  event_types text[] NOT NULL DEFAULT '{}'::text[],
  enabled boolean NOT NULL DEFAULT true,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamp with time zone,
  cursor text,
  replay_until text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id);
