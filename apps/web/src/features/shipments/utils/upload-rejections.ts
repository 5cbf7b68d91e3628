import type { Accept, FileError } from 'react-dropzone';
import { UPLOAD_REJECTED_REASONS } from '@clearport/contract/shipment-documents';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The file chooser's filter, by type and by extension (ACCEPTED_UPLOAD_EXTENSIONS). The drop
 * area checks each name against the contract as well (isAcceptedUpload), and the server checks
 * the content.
 */
export const UPLOAD_ACCEPT: Accept = {
  'application/pdf': ['.pdf'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'image/png': ['.png'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/** The drop area's error code for a file of another type. */
export const WRONG_TYPE_CODE = 'file-invalid-type';

/**
 * Why a dropped file was not sent, in the spec's words: another type gives Couldn't upload
 * {file} - File type should be pdf, excel or png., any other rejection Couldn't upload {file} -
 * {reason}.
 */
export function rejectionText(file: string, errors: readonly FileError[]): string {
  const [error] = errors;
  if (!error || error.code === WRONG_TYPE_CODE) return fillText(TEXTS.uploadWrongType, { file });
  const reason =
    error.code === 'file-too-large'
      ? UPLOAD_REJECTED_REASONS.tooLarge
      : error.code === 'file-too-small'
        ? UPLOAD_REJECTED_REASONS.empty
        : error.message;
  return fillText(TEXTS.uploadRejected, { file, reason });
}

/**
 * Why the server did not take a file: its refusals of the file (400 naming `file`) are already
 * in the spec's words; any other failure becomes the reason of Couldn't upload {file} - {reason}.
 */
export function uploadFailureText(file: string, failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 400 && failure.field === 'file') return failure.message;
  const reason = failure instanceof ApiError ? failure.message : TEXTS.genericError;
  return fillText(TEXTS.uploadRejected, { file, reason });
}
