/** The weekly digest's setting, shared by its page and the server (docs/product/community.md#e-mail-and-preferences). */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export const DIGEST_SETTINGS_MESSAGES = {
  saved: "Digest settings saved",
  badDay: "Choose a day of the week",
  badTime: "Enter a time as HH:MM, from 00:00 to 23:59",
} as const;

export type DigestSettings = { enabled: boolean; day: number; time: string; timeZone: string };
