/** Shared class names for the public site, so buttons and containers look the same everywhere. */

/** Centred page container with responsive side padding. */
export const container = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

/** Amber call-to-action; dark text keeps contrast well above WCAG AA on amber. */
export const buttonPrimary = `${buttonBase} bg-brand-500 text-ink shadow-sm hover:bg-brand-600 focus-visible:outline-brand-700`;

/** Outlined secondary action on a light background. */
export const buttonSecondary = `${buttonBase} border border-slate-300 bg-white text-ink hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-brand-700`;

/** Outlined secondary action on a dark (ink) background. */
export const buttonOnDark = `${buttonBase} border border-white/40 text-white hover:bg-white/10 focus-visible:outline-brand-500`;

/** Inline text link on a light background (brand-700 on white is 5:1). */
export const textLink =
  "font-medium text-brand-700 underline underline-offset-2 hover:text-ink focus-visible:outline-brand-700";

/** Narrow container for long-form text. */
export const narrowContainer = "mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8";
