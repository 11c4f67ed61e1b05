import { Trans, useLingui } from "@lingui/react/macro";
import { DetailList } from "../../../components/ui/detail-list.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { formatIsoDay } from "../../../components/ui/format.ts";
import { QueryState } from "../../../components/ui/states.tsx";
import { useEnrollmentDetails } from "../../../features/flight-trips/parent/hooks.ts";
import { formatDateIn, formatDateTimeIn, useMoney, useSchoolZone } from "../../../lib/school-zone.ts";
import { EnrollmentBadge, MoneyBadge, showsMoney, TripStatusBadge, tripMoment } from "./labels.tsx";

/** View Details: the trip and this parent's enrolment (the form as sent, the terms, the payments). */
export default function DetailsDialog({ enrollmentId, onClose }: { enrollmentId: string; onClose: () => void }) {
  const money = useMoney();
  const details = useEnrollmentDetails(enrollmentId);
  const zone = useSchoolZone();
  const data = details.data;
  const { t } = useLingui();
  const tripTitle = data?.trip.title ?? "";
  const childName = data?.child.name ?? "";
  const none = t`None`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={data ? t`${tripTitle}: ${childName}` : t`Enrolment Details`}
    >
      <QueryState query={details} loading={t`Loading the enrolment…`} failed={t`Failed to load the enrolment.`}>
        {(data) => (
          <div className="space-y-5 text-sm">
            <section aria-label={t`Trip`}>
              <h3 className="mb-2 font-semibold text-ink">
                <Trans>Trip</Trans>
              </h3>
              <DetailList
                items={[
                  { label: t`Status`, value: <TripStatusBadge status={data.trip.status} /> },
                  { label: t`Route`, value: `${data.trip.departureAirport} → ${data.trip.arrivalAirport}` },
                  { label: t`Departure`, value: tripMoment(data.trip.departureDate, data.trip.departureTime) },
                  { label: t`Return`, value: tripMoment(data.trip.returnDate, data.trip.returnTime) },
                  { label: t`Airline`, value: data.trip.airline },
                  { label: t`Cost per student`, value: money(data.trip.costPerStudentCents) },
                  ...(data.trip.depositCents !== null
                    ? [{ label: t`Deposit`, value: money(data.trip.depositCents) }]
                    : []),
                  { label: t`Enrolment deadline`, value: formatIsoDay(data.trip.enrollmentDeadline) },
                ]}
              />
            </section>
            <section aria-label={t`Enrolment`}>
              <h3 className="mb-2 font-semibold text-ink">
                <Trans>Enrolment</Trans>
              </h3>
              <DetailList
                items={[
                  {
                    label: t`Status`,
                    value: (
                      <span className="flex flex-wrap gap-1.5">
                        <EnrollmentBadge label={data.standing.label} />
                        {showsMoney(data.enrollment.status, data.standing.money) ? (
                          <MoneyBadge money={data.standing.money} />
                        ) : null}
                      </span>
                    ),
                  },
                  { label: t`Amount paid`, value: money(data.enrollment.amountPaidCents) },
                  ...(data.enrollment.refundPendingCents > 0
                    ? [{ label: t`Refund on its way`, value: money(data.enrollment.refundPendingCents) }]
                    : []),
                  ...(data.enrollment.amountRefundedCents > 0
                    ? [{ label: t`Refunded`, value: money(data.enrollment.amountRefundedCents) }]
                    : []),
                  ...(data.nextPaymentCents > 0
                    ? [{ label: t`Next payment`, value: money(data.nextPaymentCents) }]
                    : []),
                  {
                    label: t`Emergency contact`,
                    value: `${data.enrollment.emergencyContact} · ${data.enrollment.emergencyPhone}`,
                  },
                  { label: t`Medical information`, value: data.enrollment.medicalInfo ?? none },
                  { label: t`Dietary restrictions`, value: data.enrollment.dietaryRestrictions ?? none },
                  { label: t`Terms accepted`, value: formatDateTimeIn(data.enrollment.termsAcceptedAt, zone) },
                  ...(data.enrollment.optedOutAt
                    ? [{ label: t`Opted out`, value: formatDateTimeIn(data.enrollment.optedOutAt, zone) }]
                    : []),
                ]}
              />
            </section>
            {data.payments.length > 0 ? (
              <section aria-label={t`Payments`}>
                <h3 className="mb-2 font-semibold text-ink">
                  <Trans>Payments</Trans>
                </h3>
                <ul className="space-y-1">
                  {data.payments.map((payment) => {
                    const amount = money(payment.amountCents);
                    const refunded = money(payment.refundedCents);
                    return (
                      <li key={payment.id} className="flex justify-between gap-3">
                        <span>{payment.paidAt ? formatDateIn(payment.paidAt, zone) : "—"}</span>
                        <span>
                          {payment.status === "refunded"
                            ? t`${amount} (refunded)`
                            : payment.refundedCents > 0
                              ? t`${amount} (${refunded} refunded)`
                              : amount}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
