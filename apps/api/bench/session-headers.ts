/** The session cookie each request token came with: a call sends both (docs/decisions/0033). */
const cookieByToken = new Map<string, string>();

export function keepSessionCookie(token: string, cookie: string): void {
  cookieByToken.set(token, cookie);
}

/** The headers of a call of the session whose request token is `token`: the bearer and its session cookie. */
export function sessionHeaders(token: string): { authorization: string; cookie: string } {
  return { authorization: `Bearer ${token}`, cookie: cookieByToken.get(token) ?? '' };
}
