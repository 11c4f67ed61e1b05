import { AlertCircle, CheckCircle2, Info } from "lucide-react";
import { MESSAGE_ID, type WizardMessage, wizardText } from "./wizard.ts";

const STYLES = {
  error: { box: "border-red-200 bg-red-50 text-red-800", icon: AlertCircle },
  success: { box: "border-green-200 bg-green-50 text-green-800", icon: CheckCircle2 },
  info: { box: "border-sky-200 bg-sky-50 text-sky-900", icon: Info },
} as const;

function MessageBox({ message }: { message: WizardMessage }) {
  const { box, icon: Icon } = STYLES[message.kind];
  return (
    <div id={MESSAGE_ID} className={`mt-4 flex gap-3 rounded-md border px-3 py-2.5 text-sm ${box}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 wrap-break-word">
        {message.title ? <strong className="block font-semibold">{message.title}</strong> : null}
        {wizardText(message.text)}
      </p>
    </div>
  );
}

/**
 * The wizard's message region. Both live regions stay in the page, so a message that appears is
 * announced: errors through `role="alert"`, notices through `role="status"`.
 */
export function WizardMessages({ message }: { message: WizardMessage | null }) {
  return (
    <>
      <div role="alert">{message?.kind === "error" ? <MessageBox message={message} /> : null}</div>
      <div role="status">{message && message.kind !== "error" ? <MessageBox message={message} /> : null}</div>
    </>
  );
}
