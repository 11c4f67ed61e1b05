import { said } from "./said.ts";
// No other import: the parent's pages show these without loading the routes' rules and messages.

/** What a parent is told after marking a child not riding, or riding again. */
export const RIDE_TOASTS = {
  notRidingSet: {
    title: said(/*i18n*/ { id: "Ride updated" }),
    description: said(/*i18n*/ { id: "The school knows your child will not ride." }),
  },
  notRidingCleared: {
    title: said(/*i18n*/ { id: "Ride updated" }),
    description: said(/*i18n*/ { id: "Your child is riding again." }),
  },
} as const;
