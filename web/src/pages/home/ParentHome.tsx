import { PARENT_DASHBOARD_TEXTS as TEXTS } from "#shared/parent-dashboard.ts";
import { Panel } from "../../components/ui/panel.tsx";
import { LoadError, Loading } from "../../components/ui/states.tsx";
import { useParentDashboard } from "../../features/dashboard/hooks.ts";
import { useSession } from "../../lib/session.ts";
import { Dashboard } from "./Dashboard.tsx";
import {
  ChildCards,
  PaymentInformation,
  RecentNotifications,
  Tiles,
  TodaysRides,
} from "./parent-dashboard-sections.tsx";

/**
 * The parent's dashboard (spec), phone first: the tiles, Today's rides (read again every 30 s while
 * the tab is visible), the child cards, Recent Notifications and Payment Information, one column on
 * a phone and two from `lg`.
 */
export default function ParentHome() {
  const { user } = useSession();
  const dashboard = useParentDashboard();
  const data = dashboard.data;
  return (
    <Dashboard
      pageTitle="Parent Dashboard · SchoolRide"
      heading={TEXTS.heading}
      welcome={
        <>
          Welcome back, {user?.name}
          {user?.school ? ` · ${user.school}` : ""}.
        </>
      }
    >
      <div className="mt-4 space-y-4 sm:mt-6 sm:space-y-6">
        {dashboard.isPending ? <Loading label="Loading your dashboard…" /> : null}
        {dashboard.isError && !data ? (
          <LoadError
            message="Failed to load your dashboard."
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
          />
        ) : null}
        {data ? (
          <>
            <Tiles tiles={data.tiles} />
            <div className="grid gap-4 sm:gap-6 lg:grid-cols-2 lg:items-start">
              <Panel title={TEXTS.todaysRides}>
                <TodaysRides data={data} />
              </Panel>
              <Panel title={TEXTS.paymentInformation} link={{ to: "/parent/invoices", label: "View all" }}>
                <PaymentInformation data={data} />
              </Panel>
              <Panel
                title="My Children"
                link={data.children.length > 0 ? { to: "/parent/children", label: "Manage" } : undefined}
              >
                <ChildCards items={data.children} />
              </Panel>
              <Panel title={TEXTS.recentNotifications} link={{ to: "/parent/notifications", label: "View all" }}>
                <RecentNotifications data={data} />
              </Panel>
            </div>
          </>
        ) : null}
      </div>
    </Dashboard>
  );
}
