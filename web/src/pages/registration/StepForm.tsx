import type { ReactNode } from "react";

/**
 * A wizard step's form: the browser's own validation is off (the wizard reports problems in its
 * message area) and a submit goes to the step's handler instead of reloading the page.
 */
export function StepForm({
  onSubmit,
  onFocus,
  className,
  children,
}: {
  onSubmit: () => void;
  onFocus?: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onFocus={onFocus}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className={className}
    >
      {children}
    </form>
  );
}
