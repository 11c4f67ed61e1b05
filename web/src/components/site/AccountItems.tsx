import { Trans, useLingui } from "@lingui/react/macro";
import { LayoutDashboard, LogOut } from "lucide-react";
import { Link, NavLink } from "react-router";
import { DataProvider } from "../../lib/data.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { useSession } from "../../lib/session.ts";
import { notify } from "../../lib/toast.ts";
import { DESKTOP_ITEM, navLinkClass, type Variant } from "./nav.ts";
import { buttonPrimary } from "./ui.ts";

type Props = { variant: Variant; onNavigate: () => void };

/**
 * The header's signed-in (Dashboard, Logout) or signed-out (Log In, Get Started) items. Loaded
 * lazily by SiteHeader with the data layer, so the public pages' first paint does not wait for it.
 */
export default function AccountItems(props: Props) {
  return (
    <DataProvider>
      <Items {...props} />
    </DataProvider>
  );
}

function Items({ variant, onNavigate }: Props) {
  const { t } = useLingui();
  const { user, loading, home, logout, loggingOut } = useSession();

  function handleLogout() {
    onNavigate();
    logout().catch((error: unknown) => notify("error", t`Logout Failed`, errorMessage(error)));
  }

  // While the session is loading neither set is shown, so the header does not flicker.
  if (loading) return null;
  if (user && home) {
    return (
      <>
        <li>
          <NavLink to={home} className={navLinkClass(variant)} onClick={onNavigate}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            <Trans>Dashboard</Trans>
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            onClick={handleLogout}
            disabled={loggingOut}
            className={`${navLinkClass(variant)({ isActive: false })} disabled:cursor-wait disabled:opacity-60`}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {loggingOut ? t`Logging out…` : t`Logout`}
          </button>
        </li>
      </>
    );
  }
  return (
    <>
      <li>
        <NavLink to="/login" className={navLinkClass(variant)} onClick={onNavigate}>
          <Trans>Log In</Trans>
        </NavLink>
      </li>
      <li className={variant === "mobile" ? "pt-2" : "ms-1"}>
        <Link
          to="/get-started"
          onClick={onNavigate}
          className={
            variant === "mobile"
              ? `${buttonPrimary} w-full`
              : `${DESKTOP_ITEM} bg-brand-500 font-semibold text-ink shadow-sm hover:bg-brand-600 focus-visible:outline-brand-700`
          }
        >
          <Trans>Get Started</Trans>
        </Link>
      </li>
    </>
  );
}
