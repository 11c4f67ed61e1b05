import { z } from "zod";

export const PARENTS_PAGE_SIZE = 20;

export const parentDirectorySchema = z
  .object({
    search: z.string().trim().max(120).optional(),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const parentInvitationListSchema = parentDirectorySchema.extend({ status: z.enum(["pending", "accepted", "expired", "revoked"]).optional() }).strict();

export const setParentActiveSchema = z.object({ parentId: z.string().min(1).max(64), active: z.boolean() }).strict();
