import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '@clearport/contract/documents';
import { API_PATHS } from '@clearport/contract/paths';
import {
  ISF_FILED_BY_CLIENT,
  SHIPMENT_DETAIL_ERRORS,
  ShipmentDetailResponse,
} from '@clearport/contract/shipment-detail';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_REJECTED_REASONS,
  type UploadDocumentResponse,
} from '@clearport/contract/shipment-documents';
import { SHIPMENT_STATUSES as S } from '@clearport/contract/statuses';
import { TEXTS } from '@clearport/contract/texts';
import { REQUEST_KEY_HEADER, SHIPMENT_DOCUMENTS_MAX } from '@clearport/contract/constants';
import { REQUEST_KEY_REUSED } from '@clearport/contract/http';
import { apiUrl, demoUsersOf, fileUrl, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import {
  multipartBody,
  sampleDoc,
  sampleDocx,
  sampleExe,
  samplePdf,
  samplePng,
  sampleXls,
  sampleXlsx,
} from '../../../test/sample-files.ts';
import {
  pdfsWithEmbeddedExe,
  pdfsWithMarkupFurtherOn,
  pdfsWithMarkupUpFront,
  pngsWithMarkupInText,
} from '../../../test/polyglot-files.ts';
import { realWorldPdfs, realWorldPngs } from '../../../test/real-world-files.ts';
import { activityOf, shipmentState, spareShipmentsOf, storedFiles } from '../../../test/shipment-fixtures.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';

const t = testAppForFile();
const { tokens, ids: userIds } = demoUsersOf(t);
type Who = DemoUser;

const nextShipment = spareShipmentsOf(t, '40001');

type Payload = Buffer | Readable;

function uploadRaw(who: Who, id: number, payload: Payload, contentType: string) {
  return injectAs(t.app, tokens[who]!, {
    method: 'POST',
    url: apiUrl(API_PATHS.uploadDocument, { id }),
    payload,
    headers: { 'content-type': contentType },
  });
}

function upload(who: Who, id: number, name: string, data: Buffer) {
  const { body, contentType } = multipartBody([{ name, data }]);
  return uploadRaw(who, id, body, contentType);
}

const download = (who: Who, key: string) => injectAs(t.app, tokens[who]!, { method: 'GET', url: fileUrl(key) });
const post = (who: Who, url: string, payload: object) =>
  injectAs(t.app, tokens[who]!, { method: 'POST', url, payload });
const deleteDoc = (who: Who, id: number, payload: object) =>
  injectAs(t.app, tokens[who]!, { method: 'DELETE', url: apiUrl(API_PATHS.deleteDocument, { id }), payload });

const documentsOf = (id: number) =>
  t.app.db.selectFrom('documents').selectAll().where('shipment_id', '=', id).orderBy('id').execute();

/** Sends an upload that must be refused: 400 naming `file`, no record, no file, no temporary file. */
async function expectUploadRefused(id: number, send: () => Promise<{ statusCode: number; body: string }>) {
  const [before, filesBefore] = [await shipmentState(t.app.db, [id]), await storedFiles(t.dataDir)];
  const response = await send();
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as { message: string; field: string };
  expect(body.field).toBe('file');
  expect(await shipmentState(t.app.db, [id])).toEqual(before);
  expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
  return body.message;
}

const UUID_KEY =
  /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|xls|xlsx|doc|docx)$/;

describe('POST user/shipments/{id}/upload_doc', () => {
  const kinds = [
    { name: 'scan.pdf', data: samplePdf(), type: 'application/pdf', disposition: 'inline' },
    { name: 'SCAN.PDF', data: samplePdf(), type: 'application/pdf', disposition: 'inline' },
    // Extensions compare without case.
    { name: 'invoice.Pdf', data: samplePdf(), type: 'application/pdf', disposition: 'inline' },
    { name: 'photo.png', data: samplePng(), type: 'image/png', disposition: 'inline' },
    { name: 'PHOTO.PNG', data: samplePng(), type: 'image/png', disposition: 'inline' },
    {
      name: 'Letter.DocX',
      data: sampleDocx(),
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      disposition: 'attachment',
    },
    { name: 'packing.xls', data: sampleXls(), type: 'application/vnd.ms-excel', disposition: 'attachment' },
    {
      name: 'packing.xlsx',
      data: sampleXlsx(),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: 'attachment',
    },
    { name: 'letter.doc', data: sampleDoc(), type: 'application/msword', disposition: 'attachment' },
    {
      name: 'letter.docx',
      data: sampleDocx(),
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      disposition: 'attachment',
    },
  ];

  it('stores each accepted kind under a new key, records it, and serves back the exact bytes', async () => {
    const id = nextShipment();
    for (const kind of kinds) {
      const response = await upload('user', id, kind.name, kind.data);
      expect(response.statusCode, `${kind.name}: ${response.body}`).toBe(200);
      const body = response.json<UploadDocumentResponse>();
      expect(body.path_to_file).toMatch(UUID_KEY);
      const row = await t.app.db
        .selectFrom('documents')
        .selectAll()
        .where('path', '=', body.path_to_file)
        .executeTakeFirstOrThrow();
      expect(body.document).toMatchObject({
        shipment_id: id,
        document_type: '',
        path: body.path_to_file,
        name: kind.name,
        size: kind.data.length,
        uploaded_at: row.created_at.toISOString(),
      });
      expect(row).toMatchObject({
        original_name: kind.name,
        content_type: kind.type,
        size: kind.data.length,
        supplementary: false,
      });
      expect((await readFile(path.join(t.dataDir, 'files', body.path_to_file))).equals(kind.data)).toBe(true);

      const served = await download('primary', body.path_to_file);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(kind.data), kind.name).toBe(true);
      expect(served.headers['content-type']).toBe(kind.type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe(
        `${kind.disposition}; filename="${kind.name}"; filename*=UTF-8''${kind.name}`,
      );
    }
    const { shipment } = (
      await injectAs(t.app, tokens.primary!, { method: 'GET', url: apiUrl(API_PATHS.shipmentDetail, { id }) })
    ).json();
    const listed = ShipmentDetailResponse.parse({ shipment, '7501_reviewed': 0 }).shipment.documents.filter(
      (document) => document.document_type === '',
    );
    expect(listed.map((document) => [document.name, document.size])).toEqual(
      kinds.map((kind) => [kind.name, kind.data.length]),
    );
    const uploads = (await activityOf(t.app.db, id)).filter((row) => row.action === SHIPMENT_ACTIVITY.documentUploaded);
    expect(uploads).toHaveLength(kinds.length);
  });

  it('refuses other extensions with the spec’s message', async () => {
    const id = nextShipment();
    for (const name of ['setup.exe', 'notes.TXT', 'data.csv', 'noextension', 'pdf']) {
      const message = await expectUploadRefused(id, () => upload('primary', id, name, samplePdf()));
      expect(message).toBe(`Couldn't upload ${name} - File type should be pdf, excel or png.`);
    }
  });

  it('refuses a file whose content is not what its extension says: an .exe renamed .pdf, a .docx renamed .xlsx', async () => {
    const id = nextShipment();
    const exe = await expectUploadRefused(id, () => upload('primary', id, 'invoice.pdf', sampleExe()));
    expect(exe).toBe("Couldn't upload invoice.pdf - File type should be pdf, excel or png.");
    await expectUploadRefused(id, () => upload('primary', id, 'sheet.xlsx', sampleDocx()));
    await expectUploadRefused(id, () => upload('primary', id, 'photo.png', samplePdf()));
    await expectUploadRefused(id, () => upload('primary', id, 'letter.doc', sampleXls()));
  });

  it('refuses polyglots with the spec’s message and stores nothing: a PDF carrying a program, a PDF or a PNG carrying markup', async () => {
    const id = nextShipment();
    const polyglots = [
      ...(await pdfsWithEmbeddedExe()).map((sample) => ({ ...sample, file: 'invoice.pdf' })),
      ...(await pdfsWithMarkupUpFront()).map((sample) => ({ ...sample, file: 'scan.PDF' })),
      ...(await pdfsWithMarkupFurtherOn()).map((sample) => ({ ...sample, file: 'bill-of-lading.pdf' })),
      ...pngsWithMarkupInText().map((sample) => ({ ...sample, file: 'photo.png' })),
    ];
    const before = await documentsOf(id);
    for (const { name, file, bytes } of polyglots) {
      const message = await expectUploadRefused(id, () => upload('manager', id, file, bytes));
      expect(message, name).toBe(`Couldn't upload ${file} - File type should be pdf, excel or png.`);
    }
    expect(await documentsOf(id)).toEqual(before);
  });

  it('takes PDFs and PNGs of the shapes scanners, accounting systems and phones write', async () => {
    const id = nextShipment();
    const samples = [
      ...(await realWorldPdfs()).map((sample, index) => ({ ...sample, file: `document-${index}.pdf` })),
      ...realWorldPngs().map((sample, index) => ({ ...sample, file: `photo-${index}.png` })),
    ];
    const before = await documentsOf(id);
    for (const { name, file, bytes } of samples) {
      const response = await upload('manager', id, file, bytes);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const { path_to_file } = response.json<UploadDocumentResponse>();
      expect((await readFile(path.join(t.dataDir, 'files', path_to_file))).equals(bytes), name).toBe(true);
    }
    expect(await documentsOf(id)).toHaveLength(before.length + samples.length);
  });

  it('refuses an empty file', async () => {
    const id = nextShipment();
    const message = await expectUploadRefused(id, () => upload('primary', id, 'empty.pdf', Buffer.alloc(0)));
    expect(message).toBe(`Couldn't upload empty.pdf - ${UPLOAD_REJECTED_REASONS.empty}`);
  });

  it('takes a file of exactly the limit and refuses one byte more, leaving nothing behind', async () => {
    const id = nextShipment();
    const atLimit = Buffer.concat([samplePdf(0), Buffer.alloc(UPLOAD_MAX_BYTES - samplePdf(0).length, 0x20)]);
    expect(atLimit.length).toBe(UPLOAD_MAX_BYTES);
    expect((await upload('primary', id, 'big.pdf', atLimit)).statusCode).toBe(200);
    const message = await expectUploadRefused(id, () =>
      upload('primary', id, 'huge.pdf', Buffer.concat([atLimit, Buffer.from(' ')])),
    );
    expect(message).toBe(`Couldn't upload huge.pdf - ${UPLOAD_REJECTED_REASONS.tooLarge}`);
  });

  it('leaves no record and no file when the body is cut short', async () => {
    const id = nextShipment();
    const { body, contentType } = multipartBody([{ name: 'scan.pdf', data: samplePdf(200_000) }]);
    const cut = body.subarray(0, 150_000);
    const message = await expectUploadRefused(id, () => uploadRaw('primary', id, cut, contentType));
    expect(message).toBe(`Couldn't upload scan.pdf - ${UPLOAD_REJECTED_REASONS.interrupted}`);
  });

  it('leaves no record and no file when the request stream fails midway', async () => {
    const id = nextShipment();
    const { body, contentType } = multipartBody([{ name: 'scan.pdf', data: samplePdf(200_000) }]);
    const [before, filesBefore] = [await shipmentState(t.app.db, [id]), await storedFiles(t.dataDir)];
    const failing = new Readable({
      read() {
        this.push(body.subarray(0, 100_000));
        setImmediate(() => this.destroy(new Error('connection reset')));
      },
    });
    await uploadRaw('primary', id, failing, contentType).catch(() => undefined);
    // The server may finish its clean-up after the client has given up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await shipmentState(t.app.db, [id])).toEqual(before);
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
  });

  it('takes one file per upload', async () => {
    const id = nextShipment();
    const { body, contentType } = multipartBody([
      { name: 'a.pdf', data: samplePdf() },
      { name: 'b.pdf', data: samplePdf() },
    ]);
    const message = await expectUploadRefused(id, () => uploadRaw('primary', id, body, contentType));
    expect(message).toBe(`Couldn't upload a.pdf - ${UPLOAD_REJECTED_REASONS.oneFile}`);
  });

  it('takes documents up to SHIPMENT_DOCUMENTS_MAX, one of two sent at once for the last place, and again after a delete', async () => {
    const id = nextShipment();
    // The shipment holds two documents fewer than its ceiling.
    const held = (await documentsOf(id)).length;
    await t.app.db
      .insertInto('documents')
      .values(
        Array.from({ length: SHIPMENT_DOCUMENTS_MAX - 2 - held }, (_, index) => ({
          shipment_id: id,
          path: `documents/filled-${id}-${index}.pdf`,
          original_name: `scan ${index}.pdf`,
          content_type: 'application/pdf',
          size: 100,
          uploaded_by: userIds.primary!,
        })),
      )
      .execute();
    expect((await upload('primary', id, 'next to last.pdf', samplePdf())).statusCode).toBe(200);
    const filesBefore = await storedFiles(t.dataDir);
    const both = await Promise.all([
      upload('primary', id, 'first.pdf', samplePdf()),
      upload('user', id, 'second.pdf', samplePdf()),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const full = both.find((response) => response.statusCode === 409)!;
    expect(full.json()).toEqual({ message: SHIPMENT_DETAIL_ERRORS.documentsFull });
    expect(await documentsOf(id)).toHaveLength(SHIPMENT_DOCUMENTS_MAX);
    // The refused copy is gone; the one taken stays.
    expect((await storedFiles(t.dataDir)).length).toBe(filesBefore.length + 1);

    // Full: refused before the file is read (a program named .pdf is not even looked at), nothing stored.
    const before = await storedFiles(t.dataDir);
    const refusedAgain = await upload('user', id, 'third.pdf', sampleExe());
    expect(refusedAgain.statusCode).toBe(409);
    expect(refusedAgain.json()).toEqual({ message: SHIPMENT_DETAIL_ERRORS.documentsFull });
    expect(await storedFiles(t.dataDir)).toEqual(before);

    const taken = both.find((response) => response.statusCode === 200)!.json<UploadDocumentResponse>();
    expect((await deleteDoc('primary', id, { path: taken.path_to_file })).statusCode).toBe(200);
    expect((await upload('user', id, 'third.pdf', samplePdf())).statusCode).toBe(200);
  });

  it('refuses a request without a file in the field `file`', async () => {
    const id = nextShipment();
    const fieldsOnly = multipartBody([], { note: 'no file' });
    await expectUploadRefused(id, () => uploadRaw('primary', id, fieldsOnly.body, fieldsOnly.contentType));
    const wrongField = multipartBody([{ field: 'document', name: 'scan.pdf', data: samplePdf() }]);
    await expectUploadRefused(id, () => uploadRaw('primary', id, wrongField.body, wrongField.contentType));
    await expectUploadRefused(id, () =>
      post('primary', apiUrl(API_PATHS.uploadDocument, { id }), { file: 'scan.pdf' }),
    );
  });

  it('never lets a client’s name reach the disk: ../../etc/passwd.pdf is stored under a uuid and named safely', async () => {
    const id = nextShipment();
    const data = samplePdf();
    const response = await upload('primary', id, '../../etc/passwd.pdf', data);
    expect(response.statusCode, response.body).toBe(200);
    const { path_to_file: key, document } = response.json<UploadDocumentResponse>();
    expect(key).toMatch(UUID_KEY);
    expect(document.name).toBe('passwd.pdf');
    for (const outside of [
      path.join(t.dataDir, 'etc', 'passwd.pdf'),
      path.join(t.dataDir, '..', 'etc', 'passwd.pdf'),
    ]) {
      expect(existsSync(outside), outside).toBe(false);
    }
    expect((await storedFiles(t.dataDir)).filter((file) => file.includes('passwd'))).toEqual([]);
    const served = await download('primary', key);
    expect(served.rawPayload.equals(data)).toBe(true);
    expect(served.headers['content-disposition']).toBe(`inline; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`);
  });

  it('keeps a non-ASCII name for display and writes it into a header that cannot be broken out of', async () => {
    const id = nextShipment();
    const response = await upload('primary', id, 'Factura añil; x=1 (copia).pdf', samplePdf());
    const { path_to_file: key, document } = response.json<UploadDocumentResponse>();
    expect(document.name).toBe('Factura añil; x=1 (copia).pdf');
    const served = await download('primary', key);
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="Factura a_il; x=1 (copia).pdf"; filename*=UTF-8''Factura%20a%C3%B1il%3B%20x%3D1%20%28copia%29.pdf`,
    );
  });
});

describe('an upload sent again under its request key', () => {
  const keyedUpload = (id: number, key: string, name: string, data: Buffer) => {
    const { body, contentType } = multipartBody([{ name, data }]);
    return injectAs(t.app, tokens.user!, {
      method: 'POST',
      url: apiUrl(API_PATHS.uploadDocument, { id }),
      payload: body,
      headers: { 'content-type': contentType, [REQUEST_KEY_HEADER]: key },
    });
  };

  it('answers the document the first made, once, and keeps one file, whether after it or at once', async () => {
    const id = nextShipment();
    const [documentsBefore, filesBefore] = [await documentsOf(id), await storedFiles(t.dataDir)];
    const data = samplePdf(3_000);
    const first = await keyedUpload(id, 'a11ce0a11ce0a11ce0a11ce0a11ce001', 'Arrival notice.pdf', data);
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyedUpload(id, 'a11ce0a11ce0a11ce0a11ce0a11ce001', 'Arrival notice.pdf', data);
    expect(again.json()).toEqual(first.json());
    const packingList = samplePdf(4_000);
    const together = await Promise.all(
      [1, 2, 3].map(() => keyedUpload(id, 'a11ce0a11ce0a11ce0a11ce0a11ce002', 'Packing list.pdf', packingList)),
    );
    for (const each of together) expect(each.statusCode, each.body).toBe(200);
    expect(new Set(together.map((each) => each.json<UploadDocumentResponse>().document.id)).size).toBe(1);
    expect((await documentsOf(id)).slice(documentsBefore.length).map((document) => document.original_name)).toEqual([
      'Arrival notice.pdf',
      'Packing list.pdf',
    ]);
    expect((await storedFiles(t.dataDir)).length).toBe(filesBefore.length + 2);
  });

  it('refuses the key sent again with another file, 422 naming the header, and keeps nothing of it', async () => {
    const id = nextShipment();
    const key = 'b0a7b0a7b0a7b0a7b0a7b0a7b0a7b0a7';
    expect((await keyedUpload(id, key, 'Invoice.pdf', samplePdf(2_000))).statusCode).toBe(200);
    const [documentsBefore, filesBefore] = [await documentsOf(id), await storedFiles(t.dataDir)];
    const reused = await keyedUpload(id, key, 'Invoice.pdf', samplePdf(2_500));
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toEqual({ message: REQUEST_KEY_REUSED, field: REQUEST_KEY_HEADER });
    expect(await documentsOf(id)).toEqual(documentsBefore);
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
  });
});

describe('DELETE user/shipments/{id}/delete_doc', () => {
  it('removes the record and the file, and answers the spec’s message', async () => {
    const id = nextShipment();
    const { path_to_file: key } = (await upload('user', id, 'scan.pdf', samplePdf())).json<UploadDocumentResponse>();
    const response = await deleteDoc('user', id, { path: key });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: TEXTS.documentDeleted });
    expect((await documentsOf(id)).map((row) => row.path)).not.toContain(key);
    expect(existsSync(path.join(t.dataDir, 'files', key))).toBe(false);
    expect((await download('user', key)).statusCode).toBe(404);
    expect((await activityOf(t.app.db, id)).map((row) => row.action)).toEqual([
      SHIPMENT_ACTIVITY.documentUploaded,
      SHIPMENT_ACTIVITY.documentDeleted,
    ]);
  });

  it('keeps the broker’s 7501 and supplementary files (403)', async () => {
    for (const kept of [{ document_type: DOCUMENT_TYPES.form7501 }, { supplementary: true }]) {
      const row = await t.app.db
        .selectFrom('documents')
        .innerJoin('shipments', 'shipments.id', 'documents.shipment_id')
        .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
        .select(['documents.shipment_id', 'documents.path'])
        .where('accounts.account_no', '=', '40001')
        .where((eb) =>
          'supplementary' in kept
            ? eb('documents.supplementary', '=', true)
            : eb('documents.document_type', '=', kept.document_type),
        )
        .executeTakeFirstOrThrow();
      const before = await shipmentState(t.app.db, [row.shipment_id]);
      const response = await deleteDoc('primary', row.shipment_id, { path: row.path });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SHIPMENT_DETAIL_ERRORS.documentKept });
      expect(await shipmentState(t.app.db, [row.shipment_id])).toEqual(before);
      expect(existsSync(path.join(t.dataDir, 'files', row.path))).toBe(true);
    }
  });

  it('deletes only a document of this shipment (404 otherwise)', async () => {
    const [id, otherId] = [nextShipment(), nextShipment()];
    const { path_to_file: key } = (
      await upload('primary', otherId, 'scan.pdf', samplePdf())
    ).json<UploadDocumentResponse>();
    const before = await shipmentState(t.app.db, [id, otherId]);
    for (const payload of [{ path: key }, { path: 'documents/00000000-0000-4000-8000-000000000000.pdf' }]) {
      const response = await deleteDoc('primary', id, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SHIPMENT_DETAIL_ERRORS.documentNotFound });
    }
    expect(await shipmentState(t.app.db, [id, otherId])).toEqual(before);
    expect(existsSync(path.join(t.dataDir, 'files', key))).toBe(true);
  });

  it('refuses a missing or empty path, naming the field', async () => {
    const id = nextShipment();
    for (const payload of [{}, { path: '' }, { path: 7 }]) {
      const before = await shipmentState(t.app.db, [id]);
      const response = await deleteDoc('primary', id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'path' });
      expect(await shipmentState(t.app.db, [id])).toEqual(before);
    }
  });
});

describe('set_type and unset_type, and the status rules', () => {
  const REQUIRED = [DOCUMENT_TYPES.arrivalNotice, DOCUMENT_TYPES.billOfLading];
  const OPTIONAL = 'Certificate of Origin';

  /** A shipment with two required types (the first submitted) and one optional, in `status`. */
  async function prepared(status: string, isf: string | null) {
    const id = nextShipment();
    await t.app.db.deleteFrom('document_types').where('shipment_id', '=', id).execute();
    await t.app.db
      .insertInto('document_types')
      .values([
        { shipment_id: id, type: REQUIRED[0]!, required: true, submitted: true },
        { shipment_id: id, type: REQUIRED[1]!, required: true, submitted: false },
        { shipment_id: id, type: OPTIONAL, required: false, submitted: false },
      ])
      .execute();
    await t.app.db
      .updateTable('shipments')
      .set({ status, isf_transaction_no: isf, isf_submit_date: isf ? new Date() : null })
      .where('id', '=', id)
      .execute();
    return id;
  }

  const submittedOf = async (id: number) =>
    Object.fromEntries(
      (
        await t.app.db
          .selectFrom('document_types')
          .select(['type', 'submitted'])
          .where('shipment_id', '=', id)
          .execute()
      ).map((row) => [row.type, row.submitted]),
    );
  const statusOf = async (id: number) =>
    (await t.app.db.selectFrom('shipments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('ticking the last required type without an ISF keeps pending documents', async () => {
    const id = await prepared(S.pendingDocuments, null);
    const response = await post('primary', apiUrl(API_PATHS.setDocumentTypes, { id }), { types: [REQUIRED[1]] });
    expect(response.json()).toEqual({ type_set: [REQUIRED[1]], status: S.pendingDocuments });
    expect(await submittedOf(id)).toMatchObject({ [REQUIRED[1]!]: true });
    expect(await statusOf(id)).toBe(S.pendingDocuments);
  });

  it('ticking the last required type with an ISF moves to PENDING RELEASE, recorded with the tick', async () => {
    const id = await prepared(S.pendingDocuments, ISF_FILED_BY_CLIENT);
    // The demo's history (its delivery orders' approvals) comes before what the tick records.
    const earlier = (await activityOf(t.app.db, id)).length;
    const response = await post('primary', apiUrl(API_PATHS.setDocumentTypes, { id }), { types: [REQUIRED[1]] });
    expect(response.json()).toEqual({ type_set: [REQUIRED[1]], status: S.pendingRelease });
    expect(await statusOf(id)).toBe(S.pendingRelease);
    expect((await activityOf(t.app.db, id)).slice(earlier)).toEqual([
      { user_id: userIds.primary, action: SHIPMENT_ACTIVITY.typesSet, detail: { types: [REQUIRED[1]] } },
      {
        user_id: userIds.primary,
        action: SHIPMENT_ACTIVITY.statusChanged,
        detail: { from: S.pendingDocuments, to: S.pendingRelease, after: SHIPMENT_ACTIVITY.typesSet },
      },
    ]);
  });

  it('ticking a type while another required one is missing keeps pending documents', async () => {
    const id = await prepared(S.pendingDocuments, ISF_FILED_BY_CLIENT);
    const response = await post('primary', apiUrl(API_PATHS.setDocumentTypes, { id }), { types: [OPTIONAL] });
    expect(response.json()).toEqual({ type_set: [OPTIONAL], status: S.pendingDocuments });
  });

  it('unticking a required type in PENDING RELEASE moves back to pending documents', async () => {
    const id = await prepared(S.pendingRelease, ISF_FILED_BY_CLIENT);
    const response = await post('primary', apiUrl(API_PATHS.unsetDocumentTypes, { id }), { types: [REQUIRED[0]] });
    expect(response.json()).toEqual({ type_unset: [REQUIRED[0]], status: S.pendingDocuments });
    expect(await statusOf(id)).toBe(S.pendingDocuments);
    expect(await submittedOf(id)).toMatchObject({ [REQUIRED[0]!]: false });
  });

  it('unticking a type that is not required leaves PENDING RELEASE alone', async () => {
    const id = await prepared(S.pendingRelease, ISF_FILED_BY_CLIENT);
    await t.app.db
      .updateTable('document_types')
      .set({ submitted: true })
      .where('shipment_id', '=', id)
      .where('type', '=', OPTIONAL)
      .execute();
    const response = await post('primary', apiUrl(API_PATHS.unsetDocumentTypes, { id }), { types: [OPTIONAL] });
    expect(response.json()).toEqual({ type_unset: [OPTIONAL], status: S.pendingRelease });
    expect(await statusOf(id)).toBe(S.pendingRelease);
  });

  it('unticking a required type in any other status leaves the status alone', async () => {
    const id = await prepared(S.released, ISF_FILED_BY_CLIENT);
    const response = await post('primary', apiUrl(API_PATHS.unsetDocumentTypes, { id }), { types: [REQUIRED[0]] });
    expect(response.json()).toEqual({ type_unset: [REQUIRED[0]], status: S.released });
  });

  it('two ticks sent at once that together complete the checklist still move the status', async () => {
    // Each change locks the shipment first, so the second tick sees the first one's types.
    const ids = [];
    for (let round = 0; round < 4; round++) {
      const id = await prepared(S.pendingDocuments, ISF_FILED_BY_CLIENT);
      await t.app.db.updateTable('document_types').set({ submitted: false }).where('shipment_id', '=', id).execute();
      ids.push(id);
    }
    await Promise.all(
      ids.flatMap((id) =>
        REQUIRED.map((type) => post('primary', apiUrl(API_PATHS.setDocumentTypes, { id }), { types: [type] })),
      ),
    );
    for (const id of ids) expect(await statusOf(id)).toBe(S.pendingRelease);
  });

  it('refuses a type that is not the shipment’s, naming the field, and changes nothing', async () => {
    const id = await prepared(S.pendingDocuments, ISF_FILED_BY_CLIENT);
    const before = await shipmentState(t.app.db, [id]);
    const response = await post('primary', apiUrl(API_PATHS.setDocumentTypes, { id }), {
      types: [REQUIRED[1], 'Made Up'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Not a document type of this shipment: Made Up', field: 'types' });
    expect(await shipmentState(t.app.db, [id])).toEqual(before);
  });

  it('refuses a missing, empty or malformed list, naming the field', async () => {
    const id = await prepared(S.pendingDocuments, ISF_FILED_BY_CLIENT);
    for (const url of [apiUrl(API_PATHS.setDocumentTypes, { id }), apiUrl(API_PATHS.unsetDocumentTypes, { id })]) {
      for (const payload of [{}, { types: [] }, { types: ['  '] }, { types: 'Bill of Lading' }, { types: [1] }]) {
        const before = await shipmentState(t.app.db, [id]);
        const response = await post('primary', url, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().field).toMatch(/^types/);
        expect(await shipmentState(t.app.db, [id])).toEqual(before);
      }
    }
  });
});

describe('GET user/files/{key}', () => {
  it('serves a seeded document, the 7501 and an invoice with their bytes and names', async () => {
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select(['id', 'file_number', 'path_to_7501'])
      .where('path_to_7501', 'is not', null)
      .where('account_id', 'in', t.app.db.selectFrom('accounts').select('id').where('account_no', '=', '40001'))
      .executeTakeFirstOrThrow();
    const form = await download('user', shipment.path_to_7501!);
    expect(form.statusCode).toBe(200);
    expect(form.rawPayload.equals(await readFile(path.join(t.dataDir, 'files', shipment.path_to_7501!)))).toBe(true);
    expect(form.headers['content-type']).toBe('application/pdf');
    expect(form.headers['cache-control']).toBe('private, no-store');
    // The key as a client fills in the described path parameter: its slash encoded.
    const encoded = await injectAs(t.app, tokens.user!, {
      method: 'GET',
      url: fileUrl('').concat(encodeURIComponent(shipment.path_to_7501!)),
    });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.rawPayload.equals(form.rawPayload)).toBe(true);

    const invoice = await t.app.db
      .selectFrom('invoices')
      .select(['id', 'invoice_number', 'path'])
      .where('path', 'is not', null)
      .where('account_id', 'in', t.app.db.selectFrom('accounts').select('id').where('account_no', '=', '40001'))
      .executeTakeFirstOrThrow();
    const served = await download('user', invoice.path!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toMatch(`inline; filename="Invoice ${invoice.invoice_number}.pdf"`);
    // The same name as from the invoice page.
    const fromInvoicePage = await injectAs(t.app, tokens.user!, {
      method: 'GET',
      url: apiUrl(API_PATHS.invoicePdf, { id: invoice.id }),
    });
    expect(fromInvoicePage.headers['content-disposition']).toBe(served.headers['content-disposition']);

    // A backup file is a download (spec section 2), by its own address too.
    const withBackup = await t.app.db
      .selectFrom('invoices')
      .select(['id', 'invoice_number', 'backup'])
      .where('backup', 'is not', null)
      .where('account_id', 'in', t.app.db.selectFrom('accounts').select('id').where('account_no', '=', '40001'))
      .executeTakeFirstOrThrow();
    const backup = await download('user', withBackup.backup!);
    expect(backup.statusCode).toBe(200);
    expect(backup.headers['content-type']).toBe('application/pdf');
    expect(backup.headers['content-disposition']).toMatch(
      `attachment; filename="Invoice ${withBackup.invoice_number} backup.pdf"`,
    );
    const backupFromInvoicePage = await injectAs(t.app, tokens.user!, {
      method: 'GET',
      url: apiUrl(API_PATHS.invoiceBackup, { id: withBackup.id }),
    });
    expect(backupFromInvoicePage.headers['content-disposition']).toBe(backup.headers['content-disposition']);
  });

  it('answers 404 for a key nothing records, a key that is not one, and a path outside the store', async () => {
    for (const key of ['documents/00000000-0000-4000-8000-000000000000.pdf', 'documents/x', '../../etc/passwd']) {
      expect((await download('primary', key)).statusCode, key).toBe(404);
    }
    const raw = await injectAs(t.app, tokens.primary!, { method: 'GET', url: '/api/user/files/../../etc/passwd' });
    expect(raw.statusCode).toBe(404);
    // A key no file could have is refused naming it as the API description does.
    const nul = await injectAs(t.app, tokens.primary!, { method: 'GET', url: '/api/user/files/documents/a%00b.pdf' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ field: 'key', message: expect.stringMatching(/^key: /) });
    const long = await download('primary', `documents/${'a'.repeat(400)}.pdf`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'key', message: expect.stringMatching(/^key: /) });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: fileUrl('documents/x.pdf') });
    expect(response.statusCode).toBe(401);
  });
});
