import { useFamilyOverview } from "../../features/dashboard/hooks.ts";
import { useSession } from "../../lib/session.ts";
import { Dashboard, QueryContent } from "./Dashboard.tsx";

export default function ParentHome() {
  const { user } = useSession();
  const overview = useFamilyOverview();
  return (
    <Dashboard
      pageTitle="Parent Dashboard · SchoolRide"
      heading="Parent Dashboard"
      welcome={
        <>
          Welcome back, {user?.name}
          {user?.school ? ` · ${user.school}` : ""}.
        </>
      }
    >
      <div className="mt-6">
        <QueryContent query={overview} failure="Failed to load your family.">
          {({ children }) =>
            children.length === 0 ? (
              <p className="text-slate-600">No children registered yet.</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your children">
                {children.map((child) => (
                  <li key={child.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                    <p className="font-semibold text-ink">{child.name}</p>
                    <p className="text-sm text-slate-600">
                      {child.grade} · {child.age} years
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryContent>
      </div>
    </Dashboard>
  );
}
