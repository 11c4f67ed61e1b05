/**
 * What the axe sweep (a11y.spec.ts) scans: every route of the SPA's router, by area, and every dialog.
 * tests/node/a11y-coverage.test.ts fails when a route of web/src/routes/router.tsx or a dialog of
 * web/src is missing here, so the sweep cannot silently drift from the app.
 */

export type A11yRoute = {
  /** The router's path pattern, as the router spells it from the root. */
  pattern: string;
  /** The URL the sweep opens for it (a real id for a parameter). */
  url: string;
  /** The page's level-1 heading once it has loaded. */
  heading: RegExp;
};

export const DEMO_SCHOOL_ID = "00000000-0000-4000-8000-000000000100";

/** Pages anyone can open (the wizard's later steps, reset and accept with real tokens are scanned in their own tests). */
export const PUBLIC_ROUTES: readonly A11yRoute[] = [
  { pattern: "/", url: "/", heading: /School Transportation|SchoolRide|Safe/i },
  { pattern: "/services", url: "/services", heading: /./ },
  { pattern: "/privacy-policy", url: "/privacy-policy", heading: /Privacy Policy/ },
  { pattern: "/terms-of-service", url: "/terms-of-service", heading: /Terms of Service/ },
  { pattern: "/gdpr-compliance", url: "/gdpr-compliance", heading: /GDPR/ },
  { pattern: "/cookie-policy", url: "/cookie-policy", heading: /Cookie Policy/ },
  { pattern: "/login", url: "/login", heading: /Log In/ },
  { pattern: "/login/superadmin", url: "/login/superadmin", heading: /Super Admin Access/ },
  { pattern: "/login/school", url: "/login/school", heading: /School Admin Login/ },
  { pattern: "/login/parent", url: "/login/parent", heading: /Parent Login/ },
  { pattern: "/login/driver", url: "/login/driver", heading: /Driver Login/ },
  { pattern: "/get-started", url: "/get-started", heading: /./ },
  { pattern: "/signup", url: "/signup", heading: /./ },
  { pattern: "/forgot-password", url: "/forgot-password", heading: /./ },
  { pattern: "/reset-password", url: "/reset-password?token=not-a-real-token", heading: /./ },
  { pattern: "/accept-invite", url: "/accept-invite?token=not-a-real-token", heading: /./ },
  { pattern: "/payment/success", url: "/payment/success", heading: /./ },
  { pattern: "/404", url: "/404", heading: /Page Not Found/ },
  { pattern: "/*", url: "/no-such-page", heading: /Page Not Found/ },
];

export const SUPER_ADMIN_ROUTES: readonly A11yRoute[] = [
  { pattern: "/super-admin", url: "/super-admin", heading: /./ },
  { pattern: "/super-admin/schools", url: "/super-admin/schools", heading: /Schools Management/ },
  {
    pattern: "/super-admin/schools/:schoolId/view",
    url: `/super-admin/schools/${DEMO_SCHOOL_ID}/view`,
    heading: /Maple Grove/,
  },
  { pattern: "/super-admin/pending-schools", url: "/super-admin/pending-schools", heading: /./ },
  { pattern: "/super-admin/invites", url: "/super-admin/invites", heading: /Invitations Management/ },
  { pattern: "/super-admin/metrics", url: "/super-admin/metrics", heading: /Platform Metrics/ },
  { pattern: "/super-admin/audit-logs", url: "/super-admin/audit-logs", heading: /Audit Logs/ },
  { pattern: "/super-admin/settings", url: "/super-admin/settings", heading: /System Settings/ },
  { pattern: "/super-admin/security", url: "/super-admin/security", heading: /Account security/ },
  { pattern: "/super-admin/language", url: "/super-admin/language", heading: /Language/ },
  { pattern: "/super-admin/change-password", url: "/super-admin/change-password", heading: /Change Password/ },
  { pattern: "/super-admin/*", url: "/super-admin/no-such-page", heading: /Page Not Found/ },
  // The public layout's Change Password (the forced first change), for any signed-in role.
  { pattern: "/change-password", url: "/change-password", heading: /Change Password/ },
];

export const SCHOOL_ADMIN_ROUTES: readonly A11yRoute[] = [
  { pattern: "/school-admin", url: "/school-admin", heading: /Maple Grove/ },
  { pattern: "/school-admin/trips", url: "/school-admin/trips", heading: /./ },
  { pattern: "/school-admin/routes", url: "/school-admin/routes", heading: /Routes/ },
  {
    pattern: "/school-admin/routes/:routeId",
    url: "/school-admin/routes/demo-route-12-pickup",
    heading: /North Loop/,
  },
  // The live board (issue 28): a real run moving and its replay are scanned in live-board.spec.ts; here
  // the board, a run id that is not the school's (the replay's failure state) and the attendance report.
  { pattern: "/school-admin/live", url: "/school-admin/live", heading: /Live board/ },
  { pattern: "/school-admin/live/runs/:runId", url: "/school-admin/live/runs/no-such-run", heading: /Replay/ },
  { pattern: "/school-admin/live/attendance", url: "/school-admin/live/attendance", heading: /Attendance/ },
  // Reports (issue 31): the demo school's last 30 days, charts and tables.
  { pattern: "/school-admin/reports", url: "/school-admin/reports", heading: /Reports/ },
  { pattern: "/school-admin/flight-trips", url: "/school-admin/flight-trips", heading: /Flight Trips/ },
  { pattern: "/school-admin/notifications", url: "/school-admin/notifications", heading: /Notifications/ },
  // The Sent tab: another list on the same route (issue 25).
  { pattern: "/school-admin/notifications", url: "/school-admin/notifications?tab=sent", heading: /Notifications/ },
  { pattern: "/school-admin/invoices", url: "/school-admin/invoices", heading: /Invoices/ },
  { pattern: "/school-admin/parents", url: "/school-admin/parents", heading: /Parents/ },
  { pattern: "/school-admin/connect-stripe", url: "/school-admin/connect-stripe", heading: /Stripe Payments/ },
  // An active subscription returning from Checkout sees the page (otherwise it goes to the dashboard).
  { pattern: "/school-admin/subscribe", url: "/school-admin/subscribe?checkout=success", heading: /./ },
  { pattern: "/school-admin/account", url: "/school-admin/account", heading: /My Account/ },
  { pattern: "/school-admin/change-password", url: "/school-admin/change-password", heading: /Change Password/ },
  { pattern: "/school-admin/*", url: "/school-admin/no-such-page", heading: /Page Not Found/ },
];

export const PARENT_ROUTES: readonly A11yRoute[] = [
  { pattern: "/parent", url: "/parent", heading: /Parent Dashboard/ },
  { pattern: "/parent/children", url: "/parent/children", heading: /My Children/ },
  { pattern: "/parent/notifications", url: "/parent/notifications", heading: /Notifications/ },
  { pattern: "/parent/invoices", url: "/parent/invoices", heading: /My Invoices/ },
  { pattern: "/parent/flight-trips", url: "/parent/flight-trips", heading: /Flight Trips/ },
  { pattern: "/parent/account", url: "/parent/account", heading: /My Account/ },
  // A run that is not the parent's to watch: the page that says so (parent-live.spec.ts scans a live run).
  { pattern: "/parent/rides/:tripId", url: "/parent/rides/not-a-run", heading: /Live ride/ },
  { pattern: "/parent/change-password", url: "/parent/change-password", heading: /Change Password/ },
  { pattern: "/parent/*", url: "/parent/no-such-page", heading: /Page Not Found/ },
];

/** The driver's area (ADR 0057); a real run's page is scanned in driver.spec.ts, here an unknown run's. */
export const DRIVER_ROUTES: readonly A11yRoute[] = [
  { pattern: "/driver", url: "/driver", heading: /Today's runs/ },
  { pattern: "/driver/runs/:tripId", url: "/driver/runs/no-such-run", heading: /Run/ },
  { pattern: "/driver/language", url: "/driver/language", heading: /Language/ },
  { pattern: "/driver/change-password", url: "/driver/change-password", heading: /Change Password/ },
  { pattern: "/driver/*", url: "/driver/no-such-page", heading: /Page Not Found/ },
];

export const A11Y_ROUTES = [
  ...PUBLIC_ROUTES,
  ...SUPER_ADMIN_ROUTES,
  ...SCHOOL_ADMIN_ROUTES,
  ...PARENT_ROUTES,
  ...DRIVER_ROUTES,
];

/**
 * Every dialog of web/src: the file that renders it (one entry per dialog the file renders) and the
 * name the sweep finds it by. The spec scans each of them open.
 */
export const A11Y_DIALOGS = {
  // Super admin
  rejectSchool: {
    role: "super_admin",
    file: "features/registrations/RejectRegistrationDialog.tsx",
    name: "Reject School",
  },
  registrationDetails: {
    role: "super_admin",
    file: "pages/super-admin/registrations/PendingSchoolsPage.tsx",
    name: "Registration Details",
  },
  createSchool: {
    role: "super_admin",
    file: "pages/super-admin/schools/SchoolFormDialogs.tsx",
    name: "Create New School",
  },
  editSchool: { role: "super_admin", file: "pages/super-admin/schools/SchoolFormDialogs.tsx", name: "Edit School" },
  schoolDetails: {
    role: "super_admin",
    file: "pages/super-admin/schools/SchoolDetailsDialog.tsx",
    name: "Maple Grove Primary",
  },
  deleteSchool: { role: "super_admin", file: "pages/super-admin/schools/SchoolsPage.tsx", name: "Delete School" },
  schoolAdminInvitation: {
    role: "super_admin",
    file: "pages/super-admin/invitations/SchoolAdminInvitationDialog.tsx",
    name: "Invite School Admin",
  },
  emailLogs: { role: "super_admin", file: "pages/super-admin/invitations/EmailLogsDialog.tsx", name: "Email Logs" },
  revokeInvitation: {
    role: "super_admin",
    file: "features/invitations/RevokeInvitationDialog.tsx",
    name: "Revoke invitation",
  },
  confirmItsYou: { role: "super_admin", file: "components/mfa/ConfirmItsYouDialog.tsx", name: "Confirm it's you" },
  turnOffTwoFactor: {
    role: "super_admin",
    file: "pages/super-admin/security/SecurityPage.tsx",
    name: "Turn off two-factor",
  },
  // School admin
  tripForm: { role: "school_admin", file: "pages/school-admin/trips/TripFormDialog.tsx", name: "New Trip" },
  routeForm: { role: "school_admin", file: "pages/school-admin/routes/RouteFormDialog.tsx", name: "New Route" },
  busForm: { role: "school_admin", file: "pages/school-admin/routes/BusFormDialog.tsx", name: "New Bus" },
  deleteRoute: { role: "school_admin", file: "pages/school-admin/routes/RoutesPage.tsx", name: "Delete Route" },
  deleteBus: { role: "school_admin", file: "pages/school-admin/routes/RoutesPage.tsx", name: "Delete Bus" },
  optimiseOrder: {
    role: "school_admin",
    file: "pages/school-admin/routes/OptimiseOrderDialog.tsx",
    name: "Optimise stop order",
  },
  // Both imports are the one CSV import dialog, scanned with a preview that lists problems.
  stopImport: { role: "school_admin", file: "components/csv-import/CsvImportDialog.tsx", name: "Import stops" },
  riderImport: { role: "school_admin", file: "components/csv-import/CsvImportDialog.tsx", name: "Import riders" },
  deleteTrip: { role: "school_admin", file: "pages/school-admin/trips/TripsPage.tsx", name: "Delete Trip" },
  flightTripForm: {
    role: "school_admin",
    file: "pages/school-admin/flight-trips/FlightTripFormDialog.tsx",
    name: "Create Flight Trip",
  },
  confirmCostRefunds: {
    role: "school_admin",
    file: "pages/school-admin/flight-trips/FlightTripFormDialog.tsx",
    name: "Refund the difference?",
  },
  deleteFlightTrip: {
    role: "school_admin",
    file: "pages/school-admin/flight-trips/FlightTripsPage.tsx",
    name: /(Delete|Cancel) Flight Trip/,
  },
  notifyParents: {
    role: "school_admin",
    file: "pages/school-admin/flight-trips/NotifyParentsDialog.tsx",
    name: "Notify Enrolled Parents",
  },
  sendNotification: {
    role: "school_admin",
    file: "pages/notifications/SendNotificationDialog.tsx",
    name: "Send Notification",
  },
  deleteNotification: {
    role: "school_admin",
    file: "pages/notifications/NotificationsPage.tsx",
    name: "Delete Notification",
  },
  createInvoice: { role: "school_admin", file: "pages/invoices/CreateInvoiceDialog.tsx", name: "Create Invoice" },
  paymentSettings: { role: "school_admin", file: "pages/invoices/PaymentSettingsDialog.tsx", name: "Payment Settings" },
  editInvoice: { role: "school_admin", file: "pages/invoices/EditInvoiceDialog.tsx", name: /^Edit INV-/ },
  markInvoicePaid: { role: "school_admin", file: "pages/invoices/MarkPaidDialog.tsx", name: "Mark as Paid" },
  resendInvoice: { role: "school_admin", file: "pages/invoices/ResendInvoiceDialog.tsx", name: "Resend Invoice" },
  voidInvoice: { role: "school_admin", file: "pages/invoices/VoidInvoiceDialog.tsx", name: "Void Invoice" },
  pupilImport: { role: "school_admin", file: "components/csv-import/CsvImportDialog.tsx", name: "Import pupils" },
  parentInvitation: {
    role: "school_admin",
    file: "features/invitations/InviteByEmailDialog.tsx",
    name: "Invite Parent",
  },
  deactivateParent: {
    role: "school_admin",
    file: "pages/school-admin/components/ParentAccounts.tsx",
    name: "Deactivate parent",
  },
  changePayoutAccount: {
    role: "school_admin",
    file: "pages/school-admin/ConnectStripePage.tsx",
    name: "Change payout account?",
  },
  deleteAccount: { role: "school_admin", file: "pages/account/DeleteAccountDialog.tsx", name: "Delete my account" },
  editProfile: { role: "parent", file: "pages/account/EditProfileDialog.tsx", name: "Edit Profile" },
  // Parent
  childForm: { role: "parent", file: "pages/parent/ChildFormDialog.tsx", name: "Add Child" },
  deleteChild: { role: "parent", file: "pages/parent/ChildrenPage.tsx", name: "Delete Child" },
  guardians: { role: "parent", file: "pages/parent/GuardiansDialog.tsx", name: /'s guardians$/ },
  notRiding: { role: "parent", file: "features/rides/NotRidingDialog.tsx", name: / is not riding$/ },
  enroll: { role: "parent", file: "pages/parent/flight-trips/EnrollDialog.tsx", name: /^Enroll in / },
  enrollmentDetails: { role: "parent", file: "pages/parent/flight-trips/DetailsDialog.tsx", name: /: / },
  optOut: { role: "parent", file: "pages/parent/flight-trips/FlightTripsPage.tsx", name: /^Opt .* out of / },
  moreSheet: { role: "parent", file: "components/shell/MoreSheet.tsx", name: "More" },
  // Drivers (school admin, ADR 0057)
  inviteDriver: {
    role: "school_admin",
    file: "features/invitations/InviteByEmailDialog.tsx",
    name: "Invite Driver",
  },
  driverActive: {
    role: "school_admin",
    file: "pages/school-admin/routes/DriversSection.tsx",
    name: /^(Deactivate|Reactivate) Driver$/,
  },
  // The driver's open run (issue 28)
  endRun: { role: "driver", file: "pages/driver/DriverRunPage.tsx", name: "End this run?" },
} as const satisfies Record<
  string,
  { role: "super_admin" | "school_admin" | "parent" | "driver"; file: string; name: string | RegExp }
>;

export type DialogKey = keyof typeof A11Y_DIALOGS;
