const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** "22 Nov 2026" (UTC, so server and browser agree). */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  return dateFormat.format(new Date(value));
}

export function isoDate(value: Date | string | null | undefined): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

/** "1 comment" / "N comments" and the like. */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The first letter of a name, for an avatar without a photo. */
export function initial(name: string) {
  return (name.trim()[0] ?? "?").toUpperCase();
}
