// No zod here: the trip screens read these without loading the form's schema.

/** Spec §5 defaults: departure 07:30, arrival 08:15, one stop, no students yet, scheduled. */
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

/** Spec §8 toasts and confirmation, and the form's messages. */
export const TRIP_MESSAGES = {
  created: { title: "Trip Created", description: "Trip created successfully!" },
  updated: { title: "Trip Updated", description: "Trip updated successfully!" },
  deleted: { title: "Trip Deleted", description: "Trip deleted successfully!" },
  saveFailed: { title: "Save Failed", description: "Failed to save trip. Please try again." },
  deleteFailed: { title: "Deletion Failed", description: "Failed to delete trip. Please try again." },
  confirmDelete: "Are you sure you want to delete this trip? This action cannot be undone.",
  empty: "No trips found",
  routeName: "Route name is required",
  busNumber: "Bus number is required",
  driverName: "Driver name is required",
  departureDate: "Departure date is required",
  time: "Enter a time as HH:MM",
  stops: "Enter a whole number of stops, 1 or more",
  students: "Enter a whole number of students, 0 or more",
  arrivalAfterDeparture: "Estimated arrival must be after the departure time",
  repeatDays: "Choose at least one weekday to repeat on",
  repeatUntil: "The repeat end date must be on or after the departure date",
  repeatTooLong: "Trips can repeat for at most one school year",
  notFound: "Trip not found",
} as const;
