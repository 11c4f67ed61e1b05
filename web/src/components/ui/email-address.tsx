import { Fragment } from "react";

/** Longer than this, a part of an address (a 64-character local part, a 63-character label) may break anywhere: kept whole, it would be wider than a phone. */
const WHOLE_PART_MAX = 40;

/**
 * An e-mail address that wraps only before its `@` and its dots, never inside a word or at a
 * hyphen (each part is kept whole; table columns keep the width of the longest part). Only a part
 * longer than any real domain's words (`WHOLE_PART_MAX`) breaks where it must.
 */
export function EmailAddress({ email, className = "" }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={className}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order; a part can repeat (".example.")
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className={part.length > WHOLE_PART_MAX ? "wrap-anywhere" : "whitespace-nowrap"}>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
