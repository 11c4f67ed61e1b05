import { z } from "zod";
import { CHILD_AGE, CHILD_MESSAGES, GRADES } from "./children-texts.ts";
import { optionalText as optional, text } from "./fields.ts";

export * from "./children-texts.ts";

// Optional texts are trimmed, and null when empty or absent (spec §5: stored as null when empty).
const required = (message: string, max: number) => text(max, message);

/** The Add / Edit Child form (spec §5): basic information, transportation details, health and safety. */
export const childFormSchema = z
  .object({
    name: required(CHILD_MESSAGES.name, 120),
    age: z.coerce
      .number<number | string>(CHILD_MESSAGES.age)
      .int(CHILD_MESSAGES.age)
      .min(CHILD_AGE.min, CHILD_MESSAGES.age)
      .max(CHILD_AGE.max, CHILD_MESSAGES.age),
    grade: z.enum(GRADES, CHILD_MESSAGES.grade),
    school: required(CHILD_MESSAGES.school, 160),
    busRoute: optional(120),
    busNumber: optional(40),
    allergyInfo: optional(1000),
    specialNeeds: optional(1000),
    emergencyContact: required(CHILD_MESSAGES.emergencyContact, 200),
  })
  .strict();

export type ChildForm = z.input<typeof childFormSchema>;
export type ChildValues = z.output<typeof childFormSchema>;

export const createChildInput = z.object({ child: childFormSchema }).strict();

export const updateChildInput = z.object({ childId: z.string().min(1).max(64), child: childFormSchema }).strict();

export const childIdInput = z.object({ childId: z.string().min(1).max(64) }).strict();
