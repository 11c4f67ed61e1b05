import { z } from "zod";
import "./fields.ts";
import { searchField } from "./search.ts";

export const PARENTS_PAGE_SIZE = 20;

export const listParentsInput = z
  .object({
    search: searchField(),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const listParentInvitationsInput = listParentsInput
  .extend({ status: z.enum(["pending", "accepted", "expired", "revoked"]).optional() })
  .strict();

export const setParentActiveInput = z.object({ parentId: z.string().min(1).max(64), active: z.boolean() }).strict();
