/*
 * The one check of an e-mail address: every address field of every form and call uses it (the
 * schemas Email and EmailOrEmpty in http.ts, the forgot- and reset-password forms). Nothing here
 * imports zod, so a form can check an address without the schemas' library.
 *
 * An address is what people have and type, a narrower set than RFC 5322 allows:
 * - before the @: letters, digits and . _ + - ' in parts joined by single dots, so
 *   plus-addressing (ann+customs@), dotted and hyphenated names and apostrophes (o'brien@, which
 *   company mail systems allow for names) pass. The rest of RFC 5322's atext (! # $ % & * /
 *   = ? ^ ` { | } ~) is refused: the large mail providers do not give it to people, and in a
 *   mailto: link, a URL or a text template it means something else. A quoted local part ("a b"@) is refused: its
 *   quotes, spaces and backslashes are what breaks out of a header, an SMTP command or markup;
 * - after the @: host names, two or more labels of letters, digits and inner hyphens, the last
 *   one letters (of any length: .museum, .photography) or an IDN in punycode (xn--p1ai). A domain
 *   in Unicode (münchen.de) is refused: it is typed in its punycode form (xn--mnchen-3ya.de),
 *   which also shows look-alike letters for what they are. An address literal (a@[10.0.0.1]) is
 *   refused;
 * - upper case is kept as typed (user names compare without case where they are looked up);
 * - at most 64 characters before the @ and 254 in all (RFC 5321).
 * So < > " \ ( ) , ; : [ ] spaces, control characters and anything outside ASCII never reach a
 * mail header, an SMTP command or a page.
 */

const LOCAL_PART = "[A-Za-z0-9_+'-]+(?:\\.[A-Za-z0-9_+'-]+)*";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LABEL = '(?:[A-Za-z]{2,63}|[Xx][Nn]--[A-Za-z0-9-]{0,58}[A-Za-z0-9])';
const EMAIL = new RegExp(`^${LOCAL_PART}@(?:${LABEL}\\.)+${TOP_LABEL}$`);

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL.test(value)) return false;
  return value.indexOf('@') <= LOCAL_PART_MAX_LENGTH;
}
