import { StatCard } from "../../components/ui/states.tsx";
import { useSchoolOverview } from "../../features/dashboard/hooks.ts";
import { useSession } from "../../lib/session.ts";
import { Dashboard, QueryContent } from "./Dashboard.tsx";

export default function SchoolAdminHome() {
  const { user } = useSession();
  const overview = useSchoolOverview();
  return (
    <Dashboard pageTitle="School Dashboard · SchoolRide" heading={<>{user?.school ?? "School"} Dashboard</>} welcome={<>Welcome back, {user?.name}.</>}>
      <div className="mt-6">
        <QueryContent query={overview} failure="Failed to load your school.">
          {({ school, trips, activeParents }) => (
            <div className="grid gap-4 sm:grid-cols-3">
              <StatCard label="School code" value={school.code} detail="Parents may enter it when they log in." />
              <StatCard label="Trips" value={trips} />
              <StatCard label="Active parents" value={activeParents} />
            </div>
          )}
        </QueryContent>
      </div>
    </Dashboard>
  );
}
