import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { PARENT_DASHBOARD_TEXTS as TEXTS } from "#shared/parent-dashboard.ts";
import { Loading } from "../../components/ui/loading.tsx";
import { Panel } from "../../components/ui/panel.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import { useParentDashboard } from "../../features/dashboard/hooks.ts";
import { useMapTiles } from "../../features/site/hooks.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useSession } from "../../lib/session.ts";
import { startableModule } from "../../lib/startable-lazy.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { ChildCards, PaymentInformation, Tiles, TodaysRides } from "./parent-dashboard-sections.tsx";

// The last section on a phone, not in the page's first load (ADR 0086): its code starts when this
// module runs, that is once every file the page's first render needs is in, so it competes with none
// of them and is usually there when the data is (ADR 0087). In a browser only: the role home's
// prerender (ADR 0065) would otherwise preload it with the page.
const recentNotificationsChunk = startableModule(() => import("./RecentNotifications.tsx"));
const RecentNotifications = recentNotificationsChunk.component((module) => module.default);
if (typeof document !== "undefined") recentNotificationsChunk.start().catch(() => undefined);

/**
 * The parent's dashboard (spec), phone first: the tiles, Today's rides (read again every 30 s while
 * the tab is visible), the child cards, Recent Notifications and Payment Information, one column on
 * a phone and two from `lg`.
 */
export default function ParentDashboardPage() {
  const { user } = useSession();
  const dashboard = useParentDashboard();
  const { t } = useLingui();
  const name = user?.name;
  const school = user?.school;
  // The stop maps' tiles, asked for with the dashboard (one request), not after it by the first map.
  useMapTiles();
  return (
    <Dashboard
      pageTitle={t`Parent Dashboard · SchoolRide`}
      heading={sharedText(TEXTS.heading)}
      welcome={
        school ? (
          <Trans>
            Welcome back, {name} · {school}.
          </Trans>
        ) : (
          <Trans>Welcome back, {name}.</Trans>
        )
      }
    >
      <div className="mt-4 space-y-4 sm:mt-6 sm:space-y-6">
        <QueryState
          query={dashboard}
          loading={t`Loading your dashboard…`}
          failed={t`Failed to load your dashboard.`}
          keepDataOnError
        >
          {(data) => (
            <>
              <Tiles tiles={data.tiles} />
              <div className="grid gap-4 sm:gap-6 lg:grid-cols-2 lg:items-start">
                <Panel title={sharedText(TEXTS.todaysRides)}>
                  <TodaysRides data={data} />
                </Panel>
                <Panel
                  title={sharedText(TEXTS.paymentInformation)}
                  link={{ to: "/parent/invoices", label: t`View all` }}
                >
                  <PaymentInformation data={data} />
                </Panel>
                <Panel
                  title={t`My Children`}
                  link={data.children.length > 0 ? { to: "/parent/children", label: t`Manage` } : undefined}
                >
                  <ChildCards items={data.children} today={data.today} />
                </Panel>
                <Panel
                  title={sharedText(TEXTS.recentNotifications)}
                  link={{ to: "/parent/notifications", label: t`View all` }}
                >
                  <Suspense fallback={<Loading />}>
                    <RecentNotifications data={data} />
                  </Suspense>
                </Panel>
              </div>
            </>
          )}
        </QueryState>
      </div>
    </Dashboard>
  );
}
