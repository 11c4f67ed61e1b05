import { Trans } from "@lingui/react/macro";
import { LogOut } from "lucide-react";

/** Logout, at the foot of the sidebar and of the phone's More menu. */
export function LogoutButton({
  onLogout,
  loggingOut,
  large = false,
}: {
  onLogout: () => void;
  loggingOut: boolean;
  large?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onLogout}
      disabled={loggingOut}
      className={`flex w-full items-center rounded-md px-3 text-start font-medium text-slate-700 hover:bg-slate-100 ${large ? "min-h-12 gap-3 text-base" : "gap-2 py-2 text-sm"}`}
    >
      <LogOut aria-hidden="true" className={large ? "h-5 w-5" : "h-4 w-4"} />
      <Trans>Logout</Trans>
    </button>
  );
}
