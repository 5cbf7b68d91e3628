import { API_BASE } from '@clearport/contract/paths';

/**
 * A request's path as the router reads it, to tell what it asks for: without the scheme and host
 * of a request line in absolute form (`GET http://host/api/…`) and without the query, its
 * %-escapes decoded (`/%61pi/…` is `/api/…`), or as written where they are no UTF-8.
 */
export function routedPath(url: string): string {
  const [target = ''] = url.split('?', 1);
  const path = target.startsWith('/') ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
  return decodedOrAsWritten(path);
}

/** Text with its %-escapes decoded, or as written where they are no UTF-8. */
export function decodedOrAsWritten(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether the request asks for a call of the API (API_BASE), however its path is spelled. */
export function isApiPath(url: string): boolean {
  return routedPath(url).startsWith(`${API_BASE}/`);
}
