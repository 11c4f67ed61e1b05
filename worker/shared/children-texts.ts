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
  added: { title: "Child Added", description: "Child added successfully!" },
  updated: { title: "Child Updated", description: "Child information updated successfully!" },
  removed: { title: "Child Removed", description: "Child information deleted successfully." },
  saveFailed: { title: "Save Failed", description: "Failed to save child information. Please try again." },
  deleteFailed: { title: "Deletion Failed", description: "Failed to delete child. Please try again." },
  confirmDelete: "Are you sure you want to delete this child? This action cannot be undone.",
  noTransport: "Transportation details not yet assigned. Please contact the school.",
  transportBySchool:
    "The school assigns your child's bus stop, pickup and drop-off times and bus. They show on your child's card once assigned.",
  name: "Full name is required",
  age: `Age must be a whole number from ${CHILD_AGE.min} to ${CHILD_AGE.max}`,
  grade: "Choose a grade",
  school: "School is required",
  emergencyContact: "Emergency contact is required",
  tooMany: `You can register at most ${CHILDREN_PER_PARENT_MAX} children`,
  notFound: "Child not found",
  onlyOwnerDeletes:
    "Only the parent who added this child can delete the record. To stop seeing this child, remove yourself as a guardian.",
} as const;

/** The Safety Reminders card's three tips. */
export const SAFETY_REMINDERS = [
  "Keep your children's information updated, especially emergency contacts and health notes.",
  "Be at the bus stop at least 5 minutes before the pickup time.",
  "Notify the school in advance if your child will not take the bus.",
] as const;
