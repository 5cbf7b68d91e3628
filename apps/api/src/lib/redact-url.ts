/**
 * A query parameter whose value is a secret (the broker's link carries the session in token_user)
 * or a person's (a set-password link's name and e-mail).
 */
const SECRET_PARAMETER = /token|password|secret|^name$|^email$/i;

/** Tokens travel in the reset link's path and the broker's link's query: never log them, nor a set-password link's name and e-mail. */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split(/\?(.*)/s, 2);
  const path = pathPart.replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]');
  if (!query) return path;
  const redacted = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_PARAMETER.test(name) && pair.includes('=') ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${redacted}`;
}
