import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DeliveryOrderRequest } from './delivery-orders.ts';
import { IngestionRecord } from './ingestion.ts';
import { CONTROL_CHARACTER_MESSAGE, LINE_BREAK_MESSAGE } from './plain-text.ts';
import { SettingsFormSaveRequest, WarehousesSaveRequest } from './settings.ts';
import { AddNoteRequest, SaveReferenceRequest } from './shipment-detail.ts';
import { UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';
import { SubuserCreateRequest, SubuserUpdateRequest } from './subusers.ts';
import { CreateTruckerRequest } from './truckers.ts';
import { NewWarehouseForm } from './warehouses.ts';

/**
 * Every text field a person or the broker writes, by kind: one line, or many lines (notes and
 * comments). `body` is a valid body whose field at `path` is replaced by each probe.
 */
type Field = { schema: z.ZodType; body: object; path: (string | number)[]; lines: 'one' | 'many' };

const order = { trucker_id: 1, warehouse_id: 1, reference_number: '', note: '', containers: [1], bill_ladings: [1] };
const subuser = { name: 'Eve', email: 'eve@demo.test', password: 'a-long-password', role: 11, linkedAccounts: [] };
const lists = [0, 2, 1, 3].map((table_number) => ({ table_number, email: '', cc_emails: [] }));
const trucker = { name: 'ACME', email: '', cc_emails: [] };
const warehouse = { name: 'Dock', phone: '', address: '', city: '', zip: '', emails: [{ name: 'Al', email: '' }] };
const shipment = { kind: 'shipment', file_number: 'F1', account_no: 'A1', status: 'submitted' };

const CUSTOMER_FIELDS: Field[] = [
  { schema: SubuserCreateRequest, body: { ...subuser, company_id: 1 }, path: ['name'], lines: 'one' },
  { schema: SubuserUpdateRequest, body: {}, path: ['name'], lines: 'one' },
  { schema: CreateTruckerRequest, body: { truckers: [trucker] }, path: ['truckers', 0, 'name'], lines: 'one' },
  ...(['name', 'phone', 'address', 'city', 'zip'] as const).map((key): Field => ({
    schema: WarehousesSaveRequest,
    body: { warehouses: [warehouse] },
    path: ['warehouses', 0, key],
    lines: 'one',
  })),
  {
    schema: WarehousesSaveRequest,
    body: { warehouses: [warehouse] },
    path: ['warehouses', 0, 'emails', 0, 'name'],
    lines: 'one',
  },
  {
    schema: SettingsFormSaveRequest,
    body: { user_emails: lists, truckers: [trucker], warehouses: [warehouse] },
    path: ['truckers', 0, 'name'],
    lines: 'one',
  },
  {
    schema: SettingsFormSaveRequest,
    body: { user_emails: lists, truckers: [trucker], warehouses: [warehouse] },
    path: ['warehouses', 0, 'address'],
    lines: 'one',
  },
  ...(['name', 'contact_name', 'phone', 'address', 'city', 'zip'] as const).map((key): Field => ({
    schema: NewWarehouseForm,
    body: {},
    path: [key],
    lines: 'one',
  })),
  { schema: DeliveryOrderRequest, body: order, path: ['reference_number'], lines: 'one' },
  { schema: DeliveryOrderRequest, body: order, path: ['note'], lines: 'many' },
  { schema: SaveReferenceRequest, body: {}, path: ['reference_no'], lines: 'one' },
  { schema: AddNoteRequest, body: {}, path: ['note'], lines: 'many' },
];

const file = { name: 'a.pdf', content_base64: 'JVBERi0=' };
const BROKER_FIELDS: Field[] = [
  ...(['company_id', 'name', 'primary_contact'] as const).map((key): Field => ({
    schema: IngestionRecord,
    body: { kind: 'company', company_id: 'C1', name: 'Co' },
    path: [key],
    lines: 'one',
  })),
  ...(['account_no', 'company_id', 'name'] as const).map((key): Field => ({
    schema: IngestionRecord,
    body: { kind: 'account', account_no: 'A1', company_id: 'C1' },
    path: [key],
    lines: 'one',
  })),
  ...(
    [
      'file_number',
      'account_no',
      'isf_transaction_no',
      'customer_reference_no',
      'fda_review',
      'origin',
      'destination_terminal',
      'steamship_line',
      'vessel_name',
      'unlading_code',
      'unlading_name',
      'transport_mode',
      'transport_mode_description',
    ] as const
  ).map((key): Field => ({ schema: IngestionRecord, body: shipment, path: [key], lines: 'one' })),
  ...(['document_note', 'comment'] as const).map((key): Field => ({
    schema: IngestionRecord,
    body: shipment,
    path: [key],
    lines: 'many',
  })),
  // A tracking event's date is a date, checked as one (ingestion.ts).
  ...(['location', 'type'] as const).map((key): Field => ({
    schema: IngestionRecord,
    body: {
      kind: 'container',
      file_number: 'F1',
      container_no: 'C1',
      tracking_events: [{ location: 'L', type: 'T', date: '2026-12-02 06:40' }],
    },
    path: ['tracking_events', 0, key],
    lines: 'one',
  })),
  {
    schema: IngestionRecord,
    body: { kind: 'container', file_number: 'F1', container_no: 'C1' },
    path: ['container_no'],
    lines: 'one',
  },
  {
    schema: IngestionRecord,
    body: { kind: 'bill_of_lading', file_number: 'F1', bill_lading: 'B1', is_master: true },
    path: ['bill_lading'],
    lines: 'one',
  },
  {
    schema: IngestionRecord,
    body: { kind: 'required_document_type', file_number: 'F1', type: 'Invoice' },
    path: ['type'],
    lines: 'one',
  },
  {
    schema: IngestionRecord,
    body: { kind: 'primary_user', company_id: 'C1', email: 'p@demo.test', name: 'Pat' },
    path: ['name'],
    lines: 'one',
  },
  {
    schema: IngestionRecord,
    body: { kind: 'entry_summary', file_number: 'F1', file },
    path: ['file', 'name'],
    lines: 'one',
  },
  ...(['invoice_number', 'account_no', 'file_number', 'proper_name'] as const).map((key): Field => ({
    schema: IngestionRecord,
    body: { kind: 'invoice', invoice_number: 'I1', account_no: 'A1', pdf: file },
    path: [key],
    lines: 'one',
  })),
  {
    schema: IngestionRecord,
    body: { kind: 'notification', company_id: null, message: 'Hello' },
    path: ['message'],
    lines: 'many',
  },
];

function withValue(body: object, path: (string | number)[], value: string): unknown {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

function refusalOf(field: Field, value: string) {
  const result = field.schema.safeParse(withValue(field.body, field.path, value));
  return result.success ? undefined : { path: result.error.issues[0]!.path, message: result.error.issues[0]!.message };
}

const name = (field: Field) => `${field.path.join('.')} (${JSON.stringify(field.body).slice(0, 50)})`;

describe.each([
  ['customer calls', CUSTOMER_FIELDS],
  ['broker records', BROKER_FIELDS],
])('text fields of the %s', (_, fields) => {
  it.each(fields.map((field) => [name(field), field] as const))('%s refuses what its kind refuses', (_, field) => {
    expect(refusalOf(field, 'Pier 4')).toBeUndefined();
    expect(refusalOf(field, 'Pier\u00074')).toEqual({ path: field.path, message: CONTROL_CHARACTER_MESSAGE });
    expect(refusalOf(field, 'Pier \u202e4')).toEqual({ path: field.path, message: CONTROL_CHARACTER_MESSAGE });
    expect(refusalOf(field, 'Pier\u00004')).toEqual({ path: field.path, message: UNSTORABLE_TEXT_MESSAGE });
    expect(refusalOf(field, 'Pier\ud8004')).toEqual({ path: field.path, message: UNSTORABLE_TEXT_MESSAGE });
    for (const text of ['Eve\r\nBcc: attacker@evil.test', 'Pier\n4', 'Pier\u20284', 'Pier\t4']) {
      const refusal = refusalOf(field, text);
      if (field.lines === 'many') expect(refusal, JSON.stringify(text)).toBeUndefined();
      else expect(refusal?.path, JSON.stringify(text)).toEqual(field.path);
    }
    if (field.lines === 'one') {
      expect(refusalOf(field, 'a\nb')?.message).toBe(LINE_BREAK_MESSAGE);
    }
  });
});

describe('addresses in broker records', () => {
  it('are checked as every address is', () => {
    const record = {
      kind: 'primary_user',
      company_id: 'C1',
      email: '"><img/src=x/onerror=alert(1)>@probe.test',
      name: 'Pat',
    };
    expect(IngestionRecord.safeParse(record).error?.issues[0]?.path).toEqual(['email']);
  });
});
