import { z } from "zod";
import "./fields.ts";
import { CONTROL_CHARACTER_ERROR } from "./well-formed.ts";

/** The longest search term a list takes. */
export const SEARCH_MAX_LENGTH = 120;

/** NUL, the other C0 controls, DEL and C1: nothing a search box sends, and a NUL ends an FTS5 query mid-phrase. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Every list's search term, one rule for all of them (IN2): trimmed, bounded, and refused with a
 * clear 400 when it holds a control character, before any service or SQL sees it.
 */
export function searchField(maxLength = SEARCH_MAX_LENGTH) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .refine((term) => !CONTROL_CHARACTER.test(term), CONTROL_CHARACTER_ERROR)
    .optional();
}
