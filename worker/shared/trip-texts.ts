import { said } from "./said.ts";
// No zod here: the trip screens read these without loading the form's schema.

/** A new trip's defaults: departure 07:30, arrival 08:15, one stop, no students yet, scheduled. */
export const TRIP_DEFAULTS = {
  departureTime: "07:30",
  arrivalTime: "08:15",
  stops: 1,
  studentsCount: 0,
  status: "scheduled",
} as const;

/** "Repeat": one trip per chosen weekday up to the end date, at most one school year ahead. */
export const REPEAT_MAX_DAYS = 366;
/** Moving a trip by more than this notifies its parents. */
export const TRIP_TIME_CHANGE_NOTIFY_MINUTES = 10;

/** Toasts and confirmation, and the form's messages. */
export const TRIP_MESSAGES = {
  created: {
    title: said(/*i18n*/ { id: "Trip Created" }),
    description: said(/*i18n*/ { id: "Trip created successfully!" }),
  },
  updated: {
    title: said(/*i18n*/ { id: "Trip Updated" }),
    description: said(/*i18n*/ { id: "Trip updated successfully!" }),
  },
  deleted: {
    title: said(/*i18n*/ { id: "Trip Deleted" }),
    description: said(/*i18n*/ { id: "Trip deleted successfully!" }),
  },
  saveFailed: {
    title: said(/*i18n*/ { id: "Save Failed" }),
    description: said(/*i18n*/ { id: "Failed to save trip. Please try again." }),
  },
  deleteFailed: {
    title: said(/*i18n*/ { id: "Deletion Failed" }),
    description: said(/*i18n*/ { id: "Failed to delete trip. Please try again." }),
  },
  confirmDelete: said(/*i18n*/ { id: "Are you sure you want to delete this trip? This action cannot be undone." }),
  empty: said(/*i18n*/ { id: "No trips found" }),
  routeName: said(/*i18n*/ { id: "Route name is required" }),
  busNumber: said(/*i18n*/ { id: "Bus number is required" }),
  driverName: said(/*i18n*/ { id: "Driver name is required" }),
  departureDate: said(/*i18n*/ { id: "Departure date is required" }),
  time: said(/*i18n*/ { id: "Enter a time as HH:MM" }),
  stops: said(/*i18n*/ { id: "Enter a whole number of stops, 1 or more" }),
  students: said(/*i18n*/ { id: "Enter a whole number of students, 0 or more" }),
  arrivalAfterDeparture: said(/*i18n*/ { id: "Estimated arrival must be after the departure time" }),
  repeatDays: said(/*i18n*/ { id: "Choose at least one weekday to repeat on" }),
  repeatUntil: said(/*i18n*/ { id: "The repeat end date must be on or after the departure date" }),
  repeatTooLong: said(/*i18n*/ { id: "Trips can repeat for at most one school year" }),
  notFound: said(/*i18n*/ { id: "Trip not found" }),
} as const;
