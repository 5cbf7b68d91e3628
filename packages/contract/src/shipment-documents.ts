import { z } from 'zod';
import { ACCEPTED_UPLOAD_EXTENSIONS } from './constants.ts';
import { EntityId, Flag, MessageResponse } from './http.ts';
import { SHIPMENT_STATUSES } from './statuses.ts';

/*
 * A shipment's documents (spec section 4, Documents): its stored files, its checklist of
 * document types and the status moves they make, and the calls that upload, delete and tick.
 */

const S = SHIPMENT_STATUSES;

/**
 * A stored file of the shipment. `path` is its storage key, made by the server (never from the
 * client's file name): download it from filePath(path) (API_PATHS.file) with the bearer header,
 * and delete an upload by it (delete_doc). `name` is the original file name, cleaned for
 * display (no folders, no control or bidi-override characters).
 */
export const ShipmentDocument = z.object({
  id: EntityId,
  shipment_id: EntityId,
  document_type: z.string(),
  path: z.string(),
  name: z.string(),
  /** The file's size in bytes. */
  size: z.number().int().nonnegative(),
  /** When it was uploaded, ISO 8601: with the size, what tells apart two files of one name. */
  uploaded_at: z.string(),
});
export type ShipmentDocument = z.infer<typeof ShipmentDocument>;

/** A document type the shipment needs; both flags 1 or 0. */
export const DocumentTypeEntry = z.object({
  type: z.string(),
  required: Flag,
  submitted: Flag,
});
export type DocumentTypeEntry = z.infer<typeof DocumentTypeEntry>;

/**
 * The status rules of the detail page; the server applies them in one place
 * (apps/api/src/modules/shipments/shipment-status.rules.ts), in the same transaction as the
 * change, and each reply carries the stored status afterwards (compare it with
 * SHIPMENT_STATUSES, never with display texts):
 * - documentsComplete, after set_type and after isf_no: a shipment in 'pending documents'
 *   whose ISF is on file (isf_transaction_no not null) and that has at least one required
 *   document type, all of them submitted, becomes 'PENDING RELEASE'.
 * - documentsReopened, after unset_type: a shipment in 'PENDING RELEASE' one of whose required
 *   types was submitted and is now unset goes back to 'pending documents'.
 * Otherwise the status stays: unticking a type that is not required, ticking without an ISF,
 * and any other status are left alone; every other move is the broker's.
 */
export const DOCUMENT_STATUS_TRANSITIONS = {
  documentsComplete: { from: S.pendingDocuments, to: S.pendingRelease },
  documentsReopened: { from: S.pendingRelease, to: S.pendingDocuments },
} as const;

/** A document type's flags, as the reply's 1 or 0 or as booleans. */
export type DocumentTypeFlags = { required: boolean | Flag; submitted: boolean | Flag };

/** At least one required type, and all of them submitted: with none listed nothing is known to be in. */
export function hasAllRequiredDocuments(types: readonly DocumentTypeFlags[]): boolean {
  const required = types.filter((entry) => Boolean(entry.required));
  return required.length > 0 && required.every((entry) => Boolean(entry.submitted));
}

/**
 * Not shown by the spec: one file per request, in the multipart field UPLOAD_FIELD, at most
 * UPLOAD_MAX_BYTES. The server checks the name's extension (isAcceptedUpload) and the file's
 * content (a PDF, PNG, Excel or Word file as its extension says); either refusal answers 400
 * naming `file` and stores nothing. An upload has no document type (`document_type` '').
 */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_FIELD = 'file';

/** The {reason} of TEXTS.uploadRejected for the server's other refusals. */
export const UPLOAD_REJECTED_REASONS = {
  tooLarge: 'File is larger than 20 MB.',
  empty: 'File is empty.',
  oneFile: 'Send one file per upload.',
  noFile: 'No file was sent.',
  interrupted: 'The upload did not complete. Please try again.',
} as const;

/** The name's extension is one of ACCEPTED_UPLOAD_EXTENSIONS, whatever its case (invoice.Pdf is a pdf). */
export function isAcceptedUpload(fileName: string): boolean {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return fileName.includes('.') && ACCEPTED_UPLOAD_EXTENSIONS.some((accepted) => accepted.toLowerCase() === extension);
}

/** POST user/shipments/{id}/upload_doc: the stored file's path, and the new document. */
export const UploadDocumentResponse = z.object({ path_to_file: z.string(), document: ShipmentDocument });
export type UploadDocumentResponse = z.infer<typeof UploadDocumentResponse>;

/**
 * DELETE user/shipments/{id}/delete_doc (JSON body): `path` of one of the shipment's own
 * documents (not a supplementary file or a 7501: 403). Removes the record and the file; the
 * reply's message is TEXTS.documentDeleted.
 */
export const DeleteDocumentRequest = z.object({ path: z.string().trim().min(1).max(500) });
export type DeleteDocumentRequest = z.infer<typeof DeleteDocumentRequest>;

export const DeleteDocumentResponse = MessageResponse;
export type DeleteDocumentResponse = z.infer<typeof DeleteDocumentResponse>;

/**
 * POST user/shipments/{id}/set_type and .../unset_type: document types to mark or unmark, each
 * one of the shipment's `types`; any other name answers 400 (SHIPMENT_DETAIL_ERRORS.unknownTypes)
 * and nothing changes. The status moves as DOCUMENT_STATUS_TRANSITIONS says.
 */
export const DocumentTypesRequest = z.object({
  types: z.array(z.string().trim().min(1).max(100)).min(1).max(50),
});
export type DocumentTypesRequest = z.infer<typeof DocumentTypesRequest>;

/** `type_set` lists the types now submitted; `status` is the shipment's status afterwards. */
export const SetDocumentTypesResponse = z.object({
  type_set: z.array(z.string()),
  status: z.string(),
});
export type SetDocumentTypesResponse = z.infer<typeof SetDocumentTypesResponse>;

/** `type_unset` lists the types no longer submitted; `status` is the shipment's status afterwards. */
export const UnsetDocumentTypesResponse = z.object({
  type_unset: z.array(z.string()),
  status: z.string(),
});
export type UnsetDocumentTypesResponse = z.infer<typeof UnsetDocumentTypesResponse>;
