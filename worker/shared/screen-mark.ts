/**
 * On `#root` when the page started from a kept screen (ADR 0089, #shared/kept-screens.ts). A module
 * of its own: the entry reads it (web/src/routes/painted-frame.ts), and the rest stays out of it.
 */
export const SCREEN_ATTRIBUTE = "data-screen";
