// No other import: the parent's pages show these without loading the routes' rules and messages.

/** What a parent is told after marking a child not riding, or riding again. */
export const RIDE_TOASTS = {
  notRidingSet: { title: "Ride updated", description: "The school knows your child will not ride." },
  notRidingCleared: { title: "Ride updated", description: "Your child is riding again." },
} as const;
