import { NO_TRANSPORT_MESSAGE } from "./child-rides-texts.ts";
import { said } from "./said.ts";
// No zod here: the My Children page reads these without loading the form's schema.

/** Kindergarten, or 1st to 12th Grade. */
export const GRADES = [
  "Kindergarten",
  "1st Grade",
  "2nd Grade",
  "3rd Grade",
  "4th Grade",
  "5th Grade",
  "6th Grade",
  "7th Grade",
  "8th Grade",
  "9th Grade",
  "10th Grade",
  "11th Grade",
  "12th Grade",
] as const;
export type Grade = (typeof GRADES)[number];

/** A child's age, 3 to 18. */
export const CHILD_AGE = { min: 3, max: 18 } as const;

/** How many children one parent may keep (a family, not a bulk import). */
export const CHILDREN_PER_PARENT_MAX = 20;

/** Toasts and confirmation, and the form's messages. */
export const CHILD_MESSAGES = {
  added: {
    title: said(/*i18n*/ { id: "Child Added" }),
    description: said(/*i18n*/ { id: "Child added successfully!" }),
  },
  updated: {
    title: said(/*i18n*/ { id: "Child Updated" }),
    description: said(/*i18n*/ { id: "Child information updated successfully!" }),
  },
  removed: {
    title: said(/*i18n*/ { id: "Child Removed" }),
    description: said(/*i18n*/ { id: "Child information deleted successfully." }),
  },
  saveFailed: {
    title: said(/*i18n*/ { id: "Save Failed" }),
    description: said(/*i18n*/ { id: "Failed to save child information. Please try again." }),
  },
  deleteFailed: {
    title: said(/*i18n*/ { id: "Deletion Failed" }),
    description: said(/*i18n*/ { id: "Failed to delete child. Please try again." }),
  },
  confirmDelete: said(/*i18n*/ { id: "Are you sure you want to delete this child? This action cannot be undone." }),
  noTransport: NO_TRANSPORT_MESSAGE,
  transportBySchool: said(
    /*i18n*/ {
      id: "The school assigns your child's bus stop, pickup and drop-off times and bus. They show on your child's card once assigned.",
    },
  ),
  name: said(/*i18n*/ { id: "Full name is required" }),
  // The limits written out: CHILD_AGE.
  age: said(/*i18n*/ { id: "Age must be a whole number from 3 to 18" }),
  grade: said(/*i18n*/ { id: "Choose a grade" }),
  school: said(/*i18n*/ { id: "School is required" }),
  emergencyContact: said(/*i18n*/ { id: "Emergency contact is required" }),
  // CHILDREN_PER_PARENT_MAX written out.
  tooMany: said(/*i18n*/ { id: "You can register at most 20 children" }),
  notFound: said(/*i18n*/ { id: "Child not found" }),
  onlyOwnerDeletes: said(
    /*i18n*/ {
      id: "Only the parent who added this child can delete the record. To stop seeing this child, remove yourself as a guardian.",
    },
  ),
} as const;

/** The Safety Reminders card's three tips. */
export const SAFETY_REMINDERS = [
  said(/*i18n*/ { id: "Keep your children's information updated, especially emergency contacts and health notes." }),
  said(/*i18n*/ { id: "Be at the bus stop at least 5 minutes before the pickup time." }),
  said(/*i18n*/ { id: "Notify the school in advance if your child will not take the bus." }),
] as const;
