/**
 * The weekly digest's site setting (docs/product/community.md#e-mail-and-preferences): on or off, the day and the
 * time it goes out, in the site's time zone. Admins only; audited as a
 * settings change; every instance's settings cache is dropped.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { invalidateLocal } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { siteSettings, SITE_SETTINGS_ID } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import { loadSiteSettings } from "~/features/site-settings/site-settings.server";
import { formText } from "~/lib/read-input.server";
import { DIGEST_SETTINGS_MESSAGES, type DigestSettings } from "./digest-settings";
import { siteTimeZone } from "./jobs.server";

export const digestSettingsForm = z.object({
  enabled: formText.transform((v) => v === "on"),
  day: formText.pipe(
    z
      .string()
      .regex(/^[0-6]$/, DIGEST_SETTINGS_MESSAGES.badDay)
      .transform(Number),
  ),
  time: formText.pipe(
    z
      .string()
      .trim()
      .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, DIGEST_SETTINGS_MESSAGES.badTime),
  ),
});

export async function loadDigestSettings(db: Database): Promise<DigestSettings> {
  const row = await loadSiteSettings(db);
  return {
    enabled: row.digestEnabled,
    day: row.digestDay,
    time: row.digestTime,
    timeZone: await siteTimeZone(db),
  };
}

export async function saveDigestSettings(
  db: Database,
  actor: Actor | null | undefined,
  input: z.output<typeof digestSettingsForm>,
): Promise<void> {
  assertCan(actor, "admin.access");
  await db.transaction(async (tx) => {
    await tx
      .update(siteSettings)
      .set({
        digestEnabled: input.enabled,
        digestDay: input.day,
        digestTime: input.time,
        updatedAt: new Date(),
      })
      .where(eq(siteSettings.id, SITE_SETTINGS_ID));
    await recordAdminAction(tx, actor, {
      action: "settings.update",
      targetType: "settings",
      targetId: String(SITE_SETTINGS_ID),
      targetLabel: "Weekly digest",
      details: { changed: ["digest_enabled", "digest_day", "digest_time"] },
    });
  });
  invalidateLocal(["settings"]);
}
