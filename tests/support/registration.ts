/** A complete step-1 registration form (the admin e-mail in mixed case, as people type it). */
export const FORM = {
  schoolName: "Birch Hill Academy",
  schoolType: "primary",
  schoolCountry: "United States",
  pupilCount: 350,
  busCount: 8,
  intendedStartDate: "2026-04-01",
  adminFullName: "Avery Stone",
  adminRole: "Principal",
  adminEmail: "Avery@BirchHill.example",
  adminPhone: "",
  schoolAddress: "1 Birch Road",
  schoolCity: "Portland",
  schoolState: "OR",
  schoolZipCode: "97201",
};
