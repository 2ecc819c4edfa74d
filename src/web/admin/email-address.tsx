import { Fragment } from 'react';

/**
 * An email address that wraps before its "@" rather than at any letter: "marcos.rivera" / "@demo.example.org" in a
 * narrow column, not "marcos.rivera@demo.exa" / "mple.org". A name too long for the column alone may also wrap
 * after one of its dots.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email
        .slice(0, at)
        .split(/(?<=\.)/)
        .map((part, i) => (
          <Fragment key={i}>
            {i > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        ))}
      <wbr />
      {email.slice(at)}
    </>
  );
}
