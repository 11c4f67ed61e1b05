import { Bus } from "lucide-react";
import { Link } from "react-router";

/** The SchoolRide mark and name, linking home; `className` sets the colours and size of the name. */
export function SiteLogo({ className }: { className: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-md text-lg font-bold ${className}`}>
      <span className="grid size-9 place-items-center rounded-lg bg-brand-500 text-ink">
        <Bus aria-hidden="true" className="size-5" />
      </span>
      SchoolRide
    </Link>
  );
}
