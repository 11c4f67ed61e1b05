import { z } from "zod";
import "./fields.ts";
import { createParentInvitationInput } from "./invitations.ts";

/** The driver's area (ADR 0057): messages its procedures answer with. */
export const DRIVER_MESSAGES = {
  runNotFound: "This run was not found, or it is not assigned to you.",
} as const;

/** `driver.runs.get`: one run assigned to the signed-in driver. */
export const driverRunInput = z.object({ tripId: z.string().min(1).max(64) }).strict();

/** The Drivers section (school admin): the invitation form and deactivate / reactivate. */
export const DRIVERS_LIMIT = 200;
export const DRIVER_ADMIN_MESSAGES = {
  notFound: "Driver not found",
  inactive: "This driver's account is deactivated. Reactivate it before assigning runs.",
} as const;

/** A driver is invited as a parent is: a name and an address (the same rules and messages). */
export const inviteDriverInput = createParentInvitationInput;

export const setDriverActiveInput = z.object({ driverId: z.string().min(1).max(64), active: z.boolean() }).strict();

/** A driver chosen on the route form or a trip's edit: one of the school's drivers, or none (a typed name). */
export const driverIdField = z.string().min(1).max(64).nullable().default(null);
