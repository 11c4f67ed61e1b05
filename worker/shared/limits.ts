// No zod here: public pages give their inputs these maxLengths without loading the schemas that apply them.

/** The longest e-mail address a form takes (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** A school's short code as a parent may type it on the login page. */
export const SCHOOL_CODE_MAX_LENGTH = 64;
