import { Fragment } from "react";

/**
 * An e-mail address that wraps only before its `@` and its dots, never inside a word (table
 * columns keep the width of the longest part). A part longer than the whole column still breaks
 * rather than overflow (`break-words` leaves the column's minimum width alone).
 */
export function EmailAddress({ email, className = "" }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`break-words ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
