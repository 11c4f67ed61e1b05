// The parent area's routes, found on the first navigation into it (router.tsx's `discoverAreaRoutes`).
import { roleArea } from "../area-route.tsx";
import { page, withProps } from "../lazy.tsx";
import { alsoStart, prefetchLoader } from "../prefetch.ts";

export default roleArea("parent", "parent", [
  {
    index: true,
    lazy: page(() => import("../../pages/dashboard/ParentDashboardPage.tsx")),
    loader: prefetchLoader("parent", "parentHome"),
  },
  {
    path: "children",
    lazy: page(() => import("../../pages/parent/ChildrenPage.tsx")),
    loader: prefetchLoader("parent", "parentChildren"),
  },
  {
    path: "notifications",
    lazy: withProps(() => import("../../pages/notifications/NotificationsPage.tsx"), { role: "parent" }),
    loader: prefetchLoader("parent", "parentNotifications"),
  },
  {
    path: "invoices",
    lazy: page(() => import("../../pages/invoices/ParentInvoicesPage.tsx")),
    loader: prefetchLoader("parent", "parentInvoices"),
  },
  { path: "account", lazy: page(() => import("../../pages/account/AccountPage.tsx")) },
  // Today's rides opens a run live: the text first, the map after it (ADR 0055).
  {
    path: "rides/:tripId",
    lazy: page(() => import("../../pages/parent/ParentLivePage.tsx")),
    // The run's first read and the map's code start with the page's code and queries, not once it
    // has rendered (ADR 0076).
    loader: alsoStart(prefetchLoader("parent", "parentLive"), (area, params) => {
      if (params.tripId) area.startRunRead(params.tripId);
      area.warmMaps();
    }),
  },
  {
    path: "flight-trips",
    lazy: page(() => import("../../pages/parent/flight-trips/FlightTripsPage.tsx")),
    loader: prefetchLoader("parent", "parentFlightTrips"),
  },
]);
