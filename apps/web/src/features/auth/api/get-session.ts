import { SessionResponse } from '@clearport/contract/sessions';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';

/** The session's idle limit and end: a cheap call that also keeps the session in use (Stay signed in). */
export function getSession(): Promise<SessionResponse> {
  return api.get(API_PATHS.session, { schema: SessionResponse });
}
