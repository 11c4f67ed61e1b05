/**
 * The forms and their records, both ways (worker/shared): what a dialog saves (`…Record` of the
 * form's values, the columns the service writes) opens again as the same form (`…FormValues` of the
 * record), and the record saved from that form is the same record. A field added to one way and not
 * the other fails here.
 */
import { describe, expect, it } from "vitest";
import { type ChildForm, childFormSchema, childFormValues, childRecord } from "#shared/children.ts";
import {
  type FlightTripForm,
  flightTripFormSchema,
  flightTripFormValues,
  flightTripRecord,
} from "#shared/flight-trips.ts";
import { type TripForm, tripFormSchema, tripFormValues, tripRecord } from "#shared/trips.ts";

const ZONE = "America/Chicago";

describe("form ↔ record", () => {
  it("a child", () => {
    const full: ChildForm = {
      name: "Ada Lovelace",
      age: 9,
      grade: "4th Grade",
      school: "Riverside Elementary",
      busRoute: "North Loop",
      busNumber: "12",
      allergyInfo: "Peanuts",
      specialNeeds: "Needs a booster seat",
      emergencyContact: "Byron, +1 312 555 0100",
    };
    const sparse: ChildForm = { ...full, busRoute: "", busNumber: "", allergyInfo: "", specialNeeds: "" };
    for (const form of [full, sparse]) {
      const record = childRecord(childFormSchema.parse(form));
      expect(childFormValues(record)).toEqual(form);
      expect(childRecord(childFormSchema.parse(childFormValues(record)))).toEqual(record);
    }
    expect(childRecord(childFormSchema.parse(sparse)).busRoute).toBeNull();
  });

  it("a trip, its times on the school's clock", () => {
    const form: TripForm = {
      routeName: "North Loop",
      routeType: "dropoff",
      busNumber: "12",
      driverName: "Sam Driver",
      driverId: null,
      departureDate: "2026-11-03",
      departureTime: "15:10",
      arrivalTime: "16:05",
      stops: 7,
      studentsCount: 31,
      status: "scheduled",
    };
    const values = tripFormSchema.parse(form);
    const record = tripRecord(values, values.departureDate, ZONE);
    expect(record.departureTime.toISOString()).toBe("2026-11-03T21:10:00.000Z");
    expect(tripFormValues(record, ZONE)).toEqual(form);
    const again = tripFormSchema.parse(tripFormValues(record, ZONE));
    expect(tripRecord(again, again.departureDate, ZONE)).toEqual(record);
  });

  it("a flight trip, its amounts in dollars in the form and cents in the record", () => {
    const full: FlightTripForm = {
      title: "Science Museum",
      departureAirport: "ORD",
      arrivalAirport: "BOS",
      departureDate: "2027-03-10",
      departureTime: "08:00",
      returnDate: "2027-03-12",
      returnTime: "18:00",
      airline: "United",
      costPerStudent: 450.5,
      deposit: 100,
      description: "Three days in Boston.",
      status: "scheduled",
      enrollmentDeadline: "2027-02-20",
      capacity: 40,
    };
    const sparse: FlightTripForm = { ...full, deposit: null, description: "", capacity: null };
    for (const form of [full, sparse]) {
      const record = flightTripRecord(flightTripFormSchema.parse(form), "USD");
      expect(flightTripFormValues(record, "USD")).toEqual(form);
      expect(flightTripRecord(flightTripFormSchema.parse(flightTripFormValues(record, "USD")), "USD")).toEqual(record);
    }
    expect(flightTripRecord(flightTripFormSchema.parse(full), "USD")).toMatchObject({
      costPerStudentCents: 45050,
      depositCents: 10000,
    });
  });
});
