import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse, IdParams } from '@clearport/contract/http';
import {
  INVOICE_CSV_COLUMNS,
  InvoiceResponse,
  InvoicesExportQuery,
  InvoicesQuery,
  InvoicesResponse,
  PaymentInstructionsResponse,
} from '@clearport/contract/invoices';
import { readListCursor } from '@clearport/contract/list-cursor';
import { TEXTS } from '@clearport/contract/texts';
import { contentDisposition } from '../../lib/file-names.ts';
import { contentTypeOf, extensionOf, isInlineContentType, UPLOAD_CONTENT_TYPES } from '../../lib/file-type.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { refuseReadOnlyRoles } from '../access/read-only.ts';
import { invoicesRepository, type InvoicesPageRequest } from './invoices.repository.ts';
import { criteriaOf, csvLine, invoiceFileName, todayOf } from './invoices.rules.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

function notFound(reply: FastifyReply) {
  return sendRefusal(reply, { status: 404, message: TEXTS.invoiceNotFound });
}

/** The place a list query reads from, if it names one (the schema has checked that it is one). */
function cursorOf(query: { after?: string; before?: string }): InvoicesPageRequest['cursor'] {
  const [side, text] =
    query.after !== undefined ? (['after', query.after] as const) : (['before', query.before] as const);
  const at = text === undefined ? undefined : readListCursor(text);
  return at && { side, at };
}

/** Billing: role 11 (Shipments Info) has none, and every call answers it 403. */
export const invoicesRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The reply is the contract's InvoicesResponse as the statement wrote it, sent as it is. The list
   * and its CSV read from the replica when there is one (decision 0040).
   */
  api.get(
    API_PATHS.invoices,
    { config: { documented: { reply: InvoicesResponse } }, schema: { querystring: InvoicesQuery } },
    async (request, reply) => {
      const query = request.query;
      const body = await app.dbRead(request, (db) =>
        invoicesRepository.list(db, request.user, {
          criteria: criteriaOf(query, todayOf(new Date(), request.user.timeZone)),
          sort: query.sort,
          direction: query.direction,
          page: query.page,
          perPage: query.per_page,
          cursor: cursorOf(query),
        }),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  api.get(
    API_PATHS.invoicesCsv,
    { config: { documented: { files: ['text/csv'] } }, schema: { querystring: InvoicesExportQuery } },
    async (request, reply) => {
      const query = request.query;
      const today = todayOf(new Date(), request.user.timeZone);
      const invoices = await app.dbRead(request, (db) =>
        invoicesRepository.all(db, request.user, {
          criteria: criteriaOf(query, today),
          sort: query.sort,
          direction: query.direction,
        }),
      );
      const lines = [
        csvLine(INVOICE_CSV_COLUMNS.map((column) => column.header)),
        ...invoices.map((invoice) => csvLine(INVOICE_CSV_COLUMNS.map((column) => column.value(invoice)))),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `invoices-${today}.csv`))
        .header('cache-control', 'private, no-store')
        .send(lines.join(''));
    },
  );

  api.get(
    API_PATHS.invoice,
    { schema: { params: IdParams, response: { 200: InvoiceResponse, ...errors } } },
    async (request, reply) => {
      const invoice = await invoicesRepository.find(
        app.db,
        request.user,
        request.params.id,
        todayOf(new Date(), request.user.timeZone),
      );
      return invoice ? { invoice } : notFound(reply);
    },
  );

  /** The invoice PDF inline (the invoice page embeds it), the backup as an attachment. */
  for (const which of ['path', 'backup'] as const) {
    const route = which === 'path' ? API_PATHS.invoicePdf : API_PATHS.invoiceBackup;
    const documented = { files: which === 'path' ? ['application/pdf'] : UPLOAD_CONTENT_TYPES };
    api.get(route, { config: { documented }, schema: { params: IdParams } }, async (request, reply) => {
      const files = await invoicesRepository.findFiles(app.db, request.user, request.params.id);
      const key = files?.[which];
      const stored = key ? await app.storage.get(key) : null;
      if (!files || !key || !stored) {
        if (key) request.log.warn({ key }, 'a recorded file is missing from storage');
        return notFound(reply);
      }
      const contentType = contentTypeOf(key);
      const name = invoiceFileName(files, which, extensionOf(key));
      const disposition = which === 'path' && isInlineContentType(contentType) ? 'inline' : 'attachment';
      return reply
        .header('content-type', contentType)
        .header('content-length', stored.size)
        .header('content-disposition', contentDisposition(disposition, name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    });
  }

  api.get(
    API_PATHS.paymentInstructions,
    { schema: { response: { 200: PaymentInstructionsResponse, ...errors } } },
    async () => ({ payment_instructions: await invoicesRepository.paymentInstructions(app.db) }),
  );
};
