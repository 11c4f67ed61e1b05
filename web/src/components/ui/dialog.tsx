import { Trans, useLingui } from "@lingui/react/macro";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { sharedText } from "../../i18n/shared-texts.ts";
import { Button } from "./form.tsx";

const overlay = "fixed inset-0 z-40 bg-slate-900/50";
const panelBase =
  "fixed inset-x-0 top-1/2 z-50 mx-auto max-h-[90vh] w-[calc(100vw-2rem)] -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none";
const panel = `${panelBase} max-w-lg`;

/**
 * Our dialogs are opened from state, not from a Radix `Trigger`, so Radix has no trigger to give the
 * focus back to when they close. This remembers what had the focus when the dialog opened (the
 * opening button) and returns the focus there, as a `Trigger` would.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves the focus into the dialog.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}

/** The × at a dialog's top end corner (top right, top left right to left), 44 px for a thumb. */
export function DialogCloseButton() {
  const { t } = useLingui();
  return (
    <RadixDialog.Close
      className="-me-2 -mt-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100"
      aria-label={t`Close`}
    >
      <X aria-hidden="true" className="h-5 w-5" />
    </RadixDialog.Close>
  );
}

/** An accessible modal (focus trap, Escape, labelled by its title); `wide` makes room for tables. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlay} />
        <RadixDialog.Content
          className={wide ? `${panelBase} max-w-5xl` : panel}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="min-w-0 text-lg font-semibold wrap-anywhere text-ink">
              {title}
            </RadixDialog.Title>
            <DialogCloseButton />
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm wrap-anywhere text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Confirms once: a second click (a double click) before the action's `busy` shows is ignored. The
 * lock opens again when `busy` falls back (the action failed and the dialog stays) or the dialog closes.
 */
function useConfirmOnce(open: boolean, busy: boolean, onConfirm: () => void) {
  const locked = useRef(false);
  const sawBusy = useRef(false);
  useEffect(() => {
    if (busy) sawBusy.current = true;
    else if (sawBusy.current || !open) {
      sawBusy.current = false;
      locked.current = false;
    }
  }, [open, busy]);
  return () => {
    if (locked.current) return;
    locked.current = true;
    onConfirm();
  };
}

/** A confirmation for a destructive action, with the spec's text. `cancelLabel` names the safe way out. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const returnFocus = useReturnFocus(open);
  const confirm = useConfirmOnce(open, busy, onConfirm);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel} onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="text-lg font-semibold wrap-anywhere text-ink">
            {sharedText(title)}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm wrap-anywhere text-slate-700">
            {sharedText(message)}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="min-h-11 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
              {cancelLabel ?? <Trans>Cancel</Trans>}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="min-h-11 rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                confirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Cancel and submit buttons at the foot of a dialog's form. */
export function DialogActions({
  onCancel,
  submitLabel,
  pendingLabel,
  pending,
  danger = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A destructive action: the submit button is red. */
  danger?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <button
        type="button"
        onClick={onCancel}
        className="min-h-11 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Trans>Cancel</Trans>
      </button>
      {danger ? (
        <button
          type="submit"
          disabled={pending}
          className="min-h-11 rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {pending ? pendingLabel : submitLabel}
        </button>
      ) : (
        <Button type="submit" className="min-h-11" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      )}
    </div>
  );
}
