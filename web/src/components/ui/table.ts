/** Header and body cell classes of the admin list tables. */
export const thClass = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
export const tdClass = "px-4 py-3 align-top text-sm text-slate-700";
/** Narrower cells for a table with many columns (the schools table). */
export const thCompactClass = "px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
export const tdCompactClass = "px-3 py-3 align-top text-sm text-slate-700";
