/** Value lists shared by the schema, the server's validation and the browser's forms (pure data). */
export const SCHOOL_TYPES = ["primary", "secondary", "special_education", "private", "charter", "other"] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];
