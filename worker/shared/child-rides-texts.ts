import { said } from "./said.ts";

// The text of a child's rides card without an assignment (web/src/features/rides/ChildRides.tsx,
// on the parent's dashboard and My Children), apart from the children's form and toasts
// (children-texts.ts, whose CHILD_MESSAGES.noTransport it is): the dashboard loads it alone.

export const NO_TRANSPORT_MESSAGE = said(
  /*i18n*/ { id: "Transportation details not yet assigned. Please contact the school." },
);
