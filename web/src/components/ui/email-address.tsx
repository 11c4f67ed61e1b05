import { Fragment } from "react";

/**
 * An e-mail address that wraps only before its `@` and its dots, never inside a word or at a
 * hyphen (each part is kept whole; table columns keep the width of the longest part).
 */
export function EmailAddress({ email, className = "" }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={className}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order; a part can repeat (".example.")
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
