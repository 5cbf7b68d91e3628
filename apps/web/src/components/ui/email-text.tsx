/**
 * An e-mail address that, where it must wrap, wraps only after its @: never inside a name or a
 * domain (with `overflow-wrap: normal` around it).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
