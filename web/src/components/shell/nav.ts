import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { KeyRound, Languages, LayoutDashboard, type LucideIcon } from "lucide-react";
import type { Role } from "../../lib/session.ts";

/**
 * Each area's shell is its own module (SuperAdminShell.tsx, SchoolAdminShell.tsx, ParentShell.tsx)
 * with its items in the sidebar's order (spec "Shell": Dashboard, the area's pages, then the
 * person's own pages), so an area loads only its own icons. `primary` items (four) make the phone's
 * bottom bar, the rest go under its More menu; the header's bell is always on screen, so
 * Notifications is not one of the four.
 *
 * One destination of an area. `short` is the phone bar's label when the full one does not fit a
 * fifth of a 375 px screen. When it is part of `label`, `label` stays the link's accessible name
 * (a voice user saying what they see still hits it); otherwise the name is what the bar shows.
 * Both are descriptors, read in the reader's language when the shell renders.
 */
export type NavItem = {
  to: string;
  label: MessageDescriptor;
  short?: MessageDescriptor;
  icon: LucideIcon;
  end?: boolean;
  primary?: boolean;
};

export const dashboard = (home: string): NavItem => ({
  to: home,
  label: msg`Dashboard`,
  icon: LayoutDashboard,
  end: true,
  primary: true,
});
export const changePassword = (home: string): NavItem => ({
  to: `${home}/change-password`,
  label: msg`Change Password`,
  icon: KeyRound,
});

/** The driver's and the super admin's own language (the others choose it in My Account). */
export const language = (home: string): NavItem => ({
  to: `${home}/language`,
  label: msg`Language`,
  icon: Languages,
});

export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  super_admin: msg`Super Admin`,
  school_admin: msg`School Admin`,
  parent: msg`Parent`,
  driver: msg`Driver`,
};
