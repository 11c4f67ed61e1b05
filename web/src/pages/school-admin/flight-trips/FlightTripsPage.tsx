import { i18n } from "@lingui/core";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bell, CreditCard, Download, Pencil, Plane, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { ENROLLMENT_MONEY_LABELS, FLIGHT_TRIP_MESSAGES, FLIGHT_TRIP_STATUS_LABELS } from "#shared/flight-trip-texts.ts";
import { formatCalendarDay, formatTime, zonedInstant } from "#shared/school-time.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { Button, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { gradeLabel } from "../../../features/children/grades.ts";
import {
  type FlightTripRow,
  useDeleteFlightTrip,
  useExportRoster,
  useFlightTrips,
} from "../../../features/flight-trips/admin/hooks.ts";
import { ENROLLMENT_MONEY_TONES } from "../../../features/flight-trips/tones.ts";
import { activeLocale } from "../../../i18n/i18n.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { useMoney } from "../../../lib/school-zone.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../../components/ui/dialog.tsx")).ConfirmDialog);
const FlightTripFormDialog = lazyDialog(async () => (await import("./FlightTripFormDialog.tsx")).default);
const NotifyParentsDialog = lazyDialog(async () => (await import("./NotifyParentsDialog.tsx")).default);

const STATUS_TONES: Record<FlightTripRow["status"], Tone> = {
  scheduled: "blue",
  "in-progress": "amber",
  completed: "green",
  cancelled: "red",
};
type Student = FlightTripRow["students"][number];
const ENROLLMENT_TONES: Record<Student["status"], Tone> = {
  confirmed: "green",
  pending: "amber",
  "opted-out": "slate",
};

/** "Apr 20, 2026 · 8:30 AM": a wall-clock date and time of the school's zone. */
function when(date: string, time: string, zone: string): string {
  return `${formatCalendarDay(date, activeLocale())} · ${formatTime(zonedInstant(date, time, zone), zone, activeLocale())}`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

function Students({ trip }: { trip: FlightTripRow }) {
  if (trip.students.length === 0)
    return (
      <p className="text-sm text-slate-600">
        <Trans>No students enrolled yet.</Trans>
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {trip.students.map((student) => (
        <li key={student.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
          <span className="min-w-0">
            <span className="font-medium text-ink">{student.childName}</span>
            <span className="ms-2 text-sm text-slate-600">{gradeLabel(i18n, student.grade)}</span>
          </span>
          <span className="flex flex-wrap gap-1.5">
            <Badge
              tone={
                trip.status === "cancelled" && student.status !== "opted-out" ? "red" : ENROLLMENT_TONES[student.status]
              }
            >
              <span className="sr-only">
                <Trans>Enrolment:</Trans>{" "}
              </span>
              {student.label}
            </Badge>
            {student.money === "not-paid" ? null : (
              <Badge tone={ENROLLMENT_MONEY_TONES[student.money]}>
                <CreditCard aria-hidden="true" className="me-1 h-3 w-3" />
                <span className="sr-only">
                  <Trans>Payment:</Trans>{" "}
                </span>
                {sharedText(ENROLLMENT_MONEY_LABELS[student.money])}
              </Badge>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function TripCard({
  trip,
  zone,
  onEdit,
  onDelete,
  onNotify,
}: {
  trip: FlightTripRow;
  zone: string;
  onEdit: () => void;
  onDelete: () => void;
  onNotify: () => void;
}) {
  const { t } = useLingui();
  const money = useMoney();
  const roster = useExportRoster();
  const { enrolled, confirmed, paid } = trip.counts;
  const { capacity, title } = trip;
  const seats =
    capacity === null
      ? t`${enrolled} enrolled`
      : t`${enrolled} / ${plural(capacity, { one: "# seat", other: "# seats" })}`;
  return (
    <article
      aria-labelledby={`trip-${trip.id}`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm wrap-anywhere sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`trip-${trip.id}`} className="text-lg font-semibold text-ink">
            {trip.title}
          </h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
            <Plane aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="min-w-0 flex-1">
              {trip.departureAirport} → {trip.arrivalAirport} · {trip.airline}
            </span>
          </p>
        </div>
        <Badge tone={STATUS_TONES[trip.status]}>{sharedText(FLIGHT_TRIP_STATUS_LABELS[trip.status])}</Badge>
      </div>
      {trip.description ? <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{trip.description}</p> : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label={t`Departure`}>{when(trip.departureDate, trip.departureTime, zone)}</Fact>
        <Fact label={t`Return`}>{when(trip.returnDate, trip.returnTime, zone)}</Fact>
        <Fact label={t`Cost per student`}>{money(trip.costPerStudentCents)}</Fact>
        <Fact label={t`Deposit`}>{trip.depositCents === null ? t`None (pay in full)` : money(trip.depositCents)}</Fact>
        <Fact label={t`Enrolment deadline`}>{formatCalendarDay(trip.enrollmentDeadline, activeLocale())}</Fact>
        <Fact label={t`Enrolled`}>
          {seats}
          <span className="block text-xs text-slate-500">
            <Trans>
              {confirmed} confirmed · {paid} paid
            </Trans>
          </span>
        </Fact>
      </dl>
      <section aria-label={t`Students enrolled in ${title}`} className="mt-4">
        <h3 className="mb-2 text-sm font-semibold text-ink">
          <Trans>Enrolled Students</Trans>
        </h3>
        <Students trip={trip} />
      </section>
      <div className="mt-4 flex flex-wrap gap-2">
        <SecondaryButton onClick={onEdit} aria-label={t`Edit ${title}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          <Trans>Edit</Trans>
        </SecondaryButton>
        <SecondaryButton
          disabled={roster.isPending}
          onClick={() => roster.mutate(trip.id)}
          aria-label={t`Export roster of ${title}`}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          <Trans>Export Roster</Trans>
        </SecondaryButton>
        <SecondaryButton
          disabled={trip.counts.enrolled === 0}
          onClick={onNotify}
          aria-label={t`Notify parents of ${title}`}
        >
          <Bell aria-hidden="true" className="h-4 w-4" />
          <Trans>Notify Parents</Trans>
        </SecondaryButton>
        <SecondaryButton onClick={onDelete} aria-label={t`Delete ${title}`} className="text-red-700">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          <Trans>Delete</Trans>
        </SecondaryButton>
      </div>
    </article>
  );
}

/**
 * Flight Trips (school admin): the school's trips, soonest first, with their enrolled students and
 * payment badges; Create / Edit, Delete (cancels and refunds when paid), Export roster, Notify parents.
 */
export default function FlightTripsPage() {
  const { t } = useLingui();
  const list = useFlightTrips();
  const [editing, setEditing] = useState<{ trip: FlightTripRow | null } | null>(null);
  const [deleting, setDeleting] = useState<FlightTripRow | null>(null);
  const [notifying, setNotifying] = useState<FlightTripRow | null>(null);
  const remove = useDeleteFlightTrip(() => setDeleting(null));
  usePageTitle(t`Flight Trips · SchoolRide`);
  const zone = list.data?.timeZone ?? "UTC";
  const zoneName = zone.replaceAll("_", " ");
  const create = (
    <Button onClick={() => setEditing({ trip: null })}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      <Trans>Create Trip</Trans>
    </Button>
  );
  return (
    <div className="space-y-5">
      <PageHeader title={t`Flight Trips`} subtitle={list.data ? t`Times in ${zoneName}` : undefined} actions={create} />
      <QueryState
        query={list}
        loading={t`Loading flight trips…`}
        failed={t`Failed to load flight trips.`}
        isEmpty={(data) => data.trips.length === 0}
        empty={
          <EmptyState title={t`No flight trips yet`} spacious action={create}>
            <Trans>Create a trip: parents enrol their children, accept the terms and pay online.</Trans>
          </EmptyState>
        }
      >
        {(data) =>
          data.trips.map((trip) => (
            <TripCard
              key={trip.id}
              trip={trip}
              zone={zone}
              onEdit={() => setEditing({ trip })}
              onDelete={() => setDeleting(trip)}
              onNotify={() => setNotifying(trip)}
            />
          ))
        }
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={deleting?.hasPaidEnrollments ? t`Cancel Flight Trip` : t`Delete Flight Trip`}
        message={deleting?.hasPaidEnrollments ? FLIGHT_TRIP_MESSAGES.confirmCancel : FLIGHT_TRIP_MESSAGES.confirmDelete}
        confirmLabel={deleting?.hasPaidEnrollments ? t`Cancel Trip and Refund` : t`Delete`}
        // "Cancel" beside "Cancel Trip and Refund" reads as the same thing: the safe button says what it keeps.
        cancelLabel={deleting?.hasPaidEnrollments ? t`Keep Trip` : t`Cancel`}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ tripId: deleting.id })}
      />
      {editing ? (
        <FlightTripFormDialog
          key={editing.trip?.id ?? "new"}
          open
          onOpenChange={(open) => (open ? null : setEditing(null))}
          trip={editing.trip}
          zone={zone}
        />
      ) : null}
      {notifying ? (
        <NotifyParentsDialog
          key={notifying.id}
          open
          onOpenChange={(open) => (open ? null : setNotifying(null))}
          trip={notifying}
        />
      ) : null}
    </div>
  );
}
