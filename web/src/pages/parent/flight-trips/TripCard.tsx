import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarClock, CreditCard, Eye, LogOut, Plane, Plus } from "lucide-react";
import { Button, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { formatIsoDay } from "../../../components/ui/format.ts";
import type { ParentFlightTrip, ParentTripChild } from "../../../features/flight-trips/parent/hooks.ts";
import { useMoney } from "../../../lib/school-zone.ts";
import { EnrollmentBadge, MoneyBadge, moneyLine, showsMoney, TripStatusBadge, tripMoment } from "./labels.tsx";

/** Thumb-sized (44 px) buttons on a phone. */
const TARGET = "min-h-11";

export type TripActions = {
  onEnroll: (trip: ParentFlightTrip) => void;
  onPay: (enrollmentId: string) => void;
  onDetails: (enrollmentId: string) => void;
  onOptOut: (trip: ParentFlightTrip, child: ParentTripChild) => void;
  paying: string | null;
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function ChildRow({ trip, child, actions }: { trip: ParentFlightTrip; child: ParentTripChild; actions: TripActions }) {
  const money = useMoney();
  const { t } = useLingui();
  const childName = child.childName;
  const enrollment = child.enrollment;
  const line = enrollment
    ? moneyLine(trip, enrollment, enrollment.status === "opted-out" || trip.status === "cancelled", money)
    : null;
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-medium text-ink">{child.childName}</span>
        <EnrollmentBadge label={child.label} />
        {enrollment && showsMoney(enrollment.status, enrollment.money) ? <MoneyBadge money={enrollment.money} /> : null}
      </div>
      {line ? <p className="mt-1 text-sm text-slate-600">{line}</p> : null}
      {enrollment ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {enrollment.canPay ? (
            <Button
              type="button"
              className={`${TARGET} flex-1 text-sm whitespace-nowrap sm:flex-none`}
              disabled={actions.paying !== null}
              aria-label={t`Make Payment for ${childName}`}
              onClick={() => actions.onPay(enrollment.id)}
            >
              <CreditCard aria-hidden="true" className="h-4 w-4" />
              {actions.paying === enrollment.id ? <Trans>Opening…</Trans> : <Trans>Make Payment</Trans>}
            </Button>
          ) : null}
          <SecondaryButton
            className={`${TARGET} flex-1 whitespace-nowrap sm:flex-none`}
            aria-label={t`View Details for ${childName}`}
            onClick={() => actions.onDetails(enrollment.id)}
          >
            <Eye aria-hidden="true" className="h-4 w-4" />
            <Trans>View Details</Trans>
          </SecondaryButton>
          {enrollment.canOptOut ? (
            <SecondaryButton
              className={`${TARGET} flex-1 whitespace-nowrap text-red-700 sm:flex-none`}
              aria-label={t`Opt Out ${childName}`}
              onClick={() => actions.onOptOut(trip, child)}
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              <Trans>Opt Out</Trans>
            </SecondaryButton>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** One trip: what, where, when (the school's zone), how much, by when, and each child's enrolment. */
export function TripCard({ trip, actions }: { trip: ParentFlightTrip; actions: TripActions }) {
  const money = useMoney();
  const { t } = useLingui();
  const title = trip.title;
  const deadline = formatIsoDay(trip.enrollmentDeadline);
  const headingId = `trip-${trip.id}`;
  const canEnroll = trip.children.some((child) => child.canEnroll);
  return (
    <li
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm wrap-anywhere sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {trip.title}
          </h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-700">
            <Plane aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
            <span className="min-w-0 flex-1">
              {trip.departureAirport} → {trip.arrivalAirport}
            </span>
          </p>
        </div>
        <TripStatusBadge status={trip.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
        <Fact label={t`Departure`}>{tripMoment(trip.departureDate, trip.departureTime)}</Fact>
        <Fact label={t`Return`}>{tripMoment(trip.returnDate, trip.returnTime)}</Fact>
        <Fact label={t`Airline`}>{trip.airline}</Fact>
        <Fact label={t`Cost per student`}>{money(trip.costPerStudentCents)}</Fact>
        {trip.depositCents !== null ? <Fact label={t`Deposit`}>{money(trip.depositCents)}</Fact> : null}
        <Fact label={t`Enrolment deadline`}>
          {deadline}
          {trip.status === "scheduled" && !trip.enrollmentOpen ? (
            <span className="ms-1 text-red-700">
              <Trans>(closed)</Trans>
            </span>
          ) : null}
        </Fact>
        {trip.seatsLeft !== null && trip.status === "scheduled" ? (
          <Fact label={t`Seats left`}>{trip.seatsLeft === 0 ? <Trans>Full</Trans> : trip.seatsLeft}</Fact>
        ) : null}
      </dl>
      {trip.description ? <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{trip.description}</p> : null}
      {trip.children.length > 0 ? (
        <ul aria-label={t`Your children on ${title}`} className="mt-4 space-y-2">
          {trip.children.map((child) => (
            <ChildRow key={child.childId} trip={trip} child={child} actions={actions} />
          ))}
        </ul>
      ) : null}
      {canEnroll ? (
        <Button
          type="button"
          className={`${TARGET} mt-4 w-full sm:w-auto`}
          aria-label={t`Enroll Now in ${title}`}
          onClick={() => actions.onEnroll(trip)}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          <Trans>Enroll Now</Trans>
        </Button>
      ) : trip.status === "scheduled" && !trip.enrollmentOpen ? (
        <p className="mt-4 flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarClock aria-hidden="true" className="h-4 w-4" />
          <Trans>Enrolment closed on {deadline}.</Trans>
        </p>
      ) : null}
    </li>
  );
}
