import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { ENROLLMENT_MESSAGES, FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import {
  type ParentFlightTrip,
  type ParentTripChild,
  useOptOut,
  useParentFlightTrips,
  usePayEnrollment,
} from "../../../features/flight-trips/parent/hooks.ts";
import { PaymentReturnNotice } from "../../../features/payments/PaymentReturnNotice.tsx";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { TripCard } from "./TripCard.tsx";

const ConfirmDialog = lazyDialog(async () => (await import("../../../components/ui/dialog.tsx")).ConfirmDialog);
const EnrollDialog = lazyDialog(async () => (await import("./EnrollDialog.tsx")).default);
const DetailsDialog = lazyDialog(async () => (await import("./DetailsDialog.tsx")).default);

type OptingOut = { trip: ParentFlightTrip; child: ParentTripChild } | null;

/**
 * Flight Trips (parent): the school's trips with each child's status (Confirmed, Pending, Opted
 * Out, Not Enrolled) and the deadline; Enroll Now → Checkout, Make Payment, View Details, Opt Out
 * with the refund rule; the toast on the way back from Checkout.
 */
export default function FlightTripsPage() {
  const { t } = useLingui();
  usePageTitle(t`Flight Trips · SchoolRide`);
  const list = useParentFlightTrips();
  const [enrolling, setEnrolling] = useState<ParentFlightTrip | null>(null);
  const [details, setDetails] = useState<string | null>(null);
  const [optingOut, setOptingOut] = useState<OptingOut>(null);
  const payment = usePayEnrollment();
  const optOut = useOptOut(() => setOptingOut(null));
  const timeZone = list.data?.timeZone;
  const optingChild = optingOut?.child.childName ?? "";
  const optingTrip = optingOut?.trip.title ?? "";
  const actions = {
    onEnroll: setEnrolling,
    onPay: payment.pay,
    onDetails: setDetails,
    onOptOut: (trip: ParentFlightTrip, child: ParentTripChild) => setOptingOut({ trip, child }),
    paying: payment.busy ? (payment.paying ?? null) : null,
  };
  return (
    <div className="space-y-5">
      <PaymentReturnNotice texts={ENROLLMENT_MESSAGES} />
      <PageHeader
        title={t`Flight Trips`}
        subtitle={
          timeZone
            ? t`Field trips your school offers. Dates and times are in the school's time zone (${timeZone}).`
            : t`Field trips your school offers.`
        }
      />
      <QueryState
        query={list}
        loading={t`Loading flight trips…`}
        failed={t`Failed to load flight trips.`}
        isEmpty={(data) => data.trips.length === 0}
        empty={
          <EmptyState title={t`No flight trips yet`} spacious>
            <Trans>Your school has not planned any upcoming flight trips.</Trans>
          </EmptyState>
        }
      >
        {(data) => (
          <>
            {data.children.length === 0 ? (
              <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                <Trans>
                  Add your children under{" "}
                  <Link to="/parent/children" className="font-medium underline">
                    My Children
                  </Link>{" "}
                  to enrol them in a trip.
                </Trans>
              </p>
            ) : null}
            <ul aria-label={t`Flight trips`} className="space-y-4">
              {data.trips.map((trip) => (
                <TripCard key={trip.id} trip={trip} actions={actions} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      {enrolling ? (
        <EnrollDialog
          open
          onOpenChange={(open) => (open ? undefined : setEnrolling(null))}
          trip={enrolling}
          family={list.data?.children ?? []}
        />
      ) : null}
      {details ? <DetailsDialog enrollmentId={details} onClose={() => setDetails(null)} /> : null}
      <ConfirmDialog
        open={optingOut !== null}
        onOpenChange={(open) => (open ? undefined : setOptingOut(null))}
        title={optingOut ? t`Opt ${optingChild} out of ${optingTrip}?` : t`Opt Out`}
        message={sharedText(FLIGHT_TRIP_MESSAGES.refundRule)}
        confirmLabel={optOut.isPending ? t`Opting out…` : t`Opt Out`}
        busy={optOut.isPending}
        onConfirm={() => {
          const enrollmentId = optingOut?.child.enrollment?.id;
          if (enrollmentId && !optOut.isPending) optOut.mutate({ enrollmentId });
        }}
      />
    </div>
  );
}
