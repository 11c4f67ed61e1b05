import { flightTrips } from "#db/schema/index.ts";

/** What both areas read of a flight trip (the admin's list and edit, the parent's list and details). */
export const TRIP_COLUMNS = {
  id: flightTrips.id,
  title: flightTrips.title,
  departureAirport: flightTrips.departureAirport,
  arrivalAirport: flightTrips.arrivalAirport,
  departureDate: flightTrips.departureDate,
  departureTime: flightTrips.departureTime,
  returnDate: flightTrips.returnDate,
  returnTime: flightTrips.returnTime,
  airline: flightTrips.airline,
  costPerStudentCents: flightTrips.costPerStudentCents,
  depositCents: flightTrips.depositCents,
  description: flightTrips.description,
  status: flightTrips.status,
  enrollmentDeadline: flightTrips.enrollmentDeadline,
  capacity: flightTrips.capacity,
};
