import { msg } from "@lingui/core/macro";
import { Bus } from "lucide-react";
import { AppShell } from "../AppShell.tsx";
import { changePassword, language, type NavItem } from "./nav.ts";

/** The driver's frame, phone first: Today's runs on the bottom bar, then their own pages (ADR 0057). */
const ITEMS: NavItem[] = [
  { to: "/driver", label: msg`Today's runs`, short: msg`Runs`, icon: Bus, end: true, primary: true },
  language("/driver"),
  changePassword("/driver"),
];

/** The driver's frame. */
export default function DriverShell() {
  return <AppShell items={ITEMS} />;
}
