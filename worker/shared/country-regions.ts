/** Each country of the registration form's list by its ISO 3166 code: phone numbers' default region, and the country's name in the reader's language (`Intl.DisplayNames`). */
export const COUNTRY_REGIONS: Readonly<Record<string, string>> = {
  "United States": "US",
  Canada: "CA",
  "United Kingdom": "GB",
  Australia: "AU",
  "New Zealand": "NZ",
  Ireland: "IE",
  Germany: "DE",
  France: "FR",
  Netherlands: "NL",
  Spain: "ES",
  Italy: "IT",
  Sweden: "SE",
  Norway: "NO",
  Denmark: "DK",
  Switzerland: "CH",
  Japan: "JP",
};
