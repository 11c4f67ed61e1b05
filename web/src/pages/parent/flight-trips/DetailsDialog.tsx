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
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={data ? `${data.trip.title}: ${data.child.name}` : "Enrolment Details"}
    >
      <QueryState query={details} loading="Loading the enrolment…" failed="Failed to load the enrolment.">
        {(data) => (
          <div className="space-y-5 text-sm">
            <section aria-label="Trip">
              <h3 className="mb-2 font-semibold text-ink">Trip</h3>
              <DetailList
                items={[
                  { label: "Status", value: <TripStatusBadge status={data.trip.status} /> },
                  { label: "Route", value: `${data.trip.departureAirport} → ${data.trip.arrivalAirport}` },
                  { label: "Departure", value: tripMoment(data.trip.departureDate, data.trip.departureTime) },
                  { label: "Return", value: tripMoment(data.trip.returnDate, data.trip.returnTime) },
                  { label: "Airline", value: data.trip.airline },
                  { label: "Cost per student", value: money(data.trip.costPerStudentCents) },
                  ...(data.trip.depositCents !== null
                    ? [{ label: "Deposit", value: money(data.trip.depositCents) }]
                    : []),
                  { label: "Enrolment deadline", value: formatIsoDay(data.trip.enrollmentDeadline) },
                ]}
              />
            </section>
            <section aria-label="Enrolment">
              <h3 className="mb-2 font-semibold text-ink">Enrolment</h3>
              <DetailList
                items={[
                  {
                    label: "Status",
                    value: (
                      <span className="flex flex-wrap gap-1.5">
                        <EnrollmentBadge label={data.standing.label} />
                        {showsMoney(data.enrollment.status, data.standing.money) ? (
                          <MoneyBadge money={data.standing.money} />
                        ) : null}
                      </span>
                    ),
                  },
                  { label: "Amount paid", value: money(data.enrollment.amountPaidCents) },
                  ...(data.enrollment.refundPendingCents > 0
                    ? [{ label: "Refund on its way", value: money(data.enrollment.refundPendingCents) }]
                    : []),
                  ...(data.enrollment.amountRefundedCents > 0
                    ? [{ label: "Refunded", value: money(data.enrollment.amountRefundedCents) }]
                    : []),
                  ...(data.nextPaymentCents > 0
                    ? [{ label: "Next payment", value: money(data.nextPaymentCents) }]
                    : []),
                  {
                    label: "Emergency contact",
                    value: `${data.enrollment.emergencyContact} · ${data.enrollment.emergencyPhone}`,
                  },
                  { label: "Medical information", value: data.enrollment.medicalInfo ?? "None" },
                  { label: "Dietary restrictions", value: data.enrollment.dietaryRestrictions ?? "None" },
                  { label: "Terms accepted", value: formatDateTimeIn(data.enrollment.termsAcceptedAt, zone) },
                  ...(data.enrollment.optedOutAt
                    ? [{ label: "Opted out", value: formatDateTimeIn(data.enrollment.optedOutAt, zone) }]
                    : []),
                ]}
              />
            </section>
            {data.payments.length > 0 ? (
              <section aria-label="Payments">
                <h3 className="mb-2 font-semibold text-ink">Payments</h3>
                <ul className="space-y-1">
                  {data.payments.map((payment) => (
                    <li key={payment.id} className="flex justify-between gap-3">
                      <span>{payment.paidAt ? formatDateIn(payment.paidAt, zone) : "—"}</span>
                      <span>
                        {money(payment.amountCents)}
                        {payment.status === "refunded"
                          ? " (refunded)"
                          : payment.refundedCents > 0
                            ? ` (${money(payment.refundedCents)} refunded)`
                            : ""}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
