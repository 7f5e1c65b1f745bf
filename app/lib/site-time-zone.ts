/**
 * The site's time zone for the components that show dates (docs/decisions/0144).
 * The root loader reads it from Site Settings (loadSiteChrome), so a date is
 * formatted with the same zone on the server and in the browser (no
 * hydration mismatch), whatever the reader's own zone is.
 */
import { useRouteLoaderData } from "react-router";
import { formatDate } from "./format";
import { DEFAULT_SITE_TIME_ZONE } from "./time-zones";

/** The site's IANA time zone ("Europe/London"), from the root loader's data. */
export function useSiteTimeZone(): string {
  return (
    useRouteLoaderData<{ timeZone?: string } | undefined>("root")?.timeZone ??
    DEFAULT_SITE_TIME_ZONE
  );
}

/** formatDate in the site's time zone: "29 Mar 2026". */
export function useFormatDate(): (value: Date | string | null | undefined) => string {
  const timeZone = useSiteTimeZone();
  return (value) => formatDate(value, timeZone);
}
