import { useEffect } from "react";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";

const PAGES = {
  flightTrips: {
    title: "Flight Trips",
    empty: "No flight trips yet",
    body: "Field trips with online enrolment, consent and payment are being built. Nothing here is sample data: this page stays empty until they arrive.",
  },
} as const;

/** A page of the school admin area whose feature is not built yet: its title and an honest empty state. */
export default function ComingSoonPage({ page }: { page: keyof typeof PAGES }) {
  const { title, empty, body } = PAGES[page];
  useEffect(() => {
    document.title = `${title} · SchoolRide`;
  }, [title]);
  return (
    <div className="space-y-5">
      <PageHeader title={title} />
      <EmptyState title={empty} spacious>
        {body}
      </EmptyState>
    </div>
  );
}
