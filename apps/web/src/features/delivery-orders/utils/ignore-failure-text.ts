import { TEXTS } from '@clearport/contract/texts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The ignore toggle's failure (spec section 8): the server's error when it sent one, Something
 * went wrong, please try again later. when no answer came, and Unable to update shipment ignore
 * status, please try again later. for an answer without a message.
 */
export function ignoreFailureText(failure: unknown): string {
  if (!(failure instanceof ApiError) || failure.status === 0) return TEXTS.ignoreFailed;
  // The API client puts the generic text where the answer had no message.
  if (failure.message === TEXTS.genericError) return TEXTS.ignoreUnableToUpdate;
  return failure.message;
}
