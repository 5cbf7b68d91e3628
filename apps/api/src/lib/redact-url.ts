import { decodedOrAsWritten, routedPath } from './request-path.ts';

/**
 * A query parameter whose value is a secret (the broker's link carries the session in token_user)
 * or a person's (a set-password link's name and e-mail).
 */
const SECRET_PARAMETER = /token|password|secret|^name$|^email$/i;

/** Tokens travel in the reset link's path and the broker's link's query: never log them, nor a set-password link's name and e-mail. */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split(/\?(.*)/s, 2);
  // Read as the router reads it (`/api/%72eset-password/…` is the reset link), and all of it after
  // the link's name: an escaped slash in the token decodes to one.
  const path = routedPath(pathPart).replace(/(\/reset-password\/).+/s, '$1[redacted]');
  if (!query) return path;
  const redacted = query
    .split('&')
    .map((pair) => {
      const name = decodedOrAsWritten(pair.split('=', 1)[0]!.replace(/\+/g, ' '));
      return SECRET_PARAMETER.test(name) && pair.includes('=') ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${redacted}`;
}
