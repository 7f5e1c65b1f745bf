ALTER TABLE "site_settings" ADD COLUMN "require_admin_two_factor" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- A new site starts with the requirement on; a site that already has an admin
-- keeps working as before until an admin turns it on (docs/decisions/0140).
UPDATE "site_settings" SET "require_admin_two_factor" = false
WHERE EXISTS (SELECT 1 FROM "profiles" WHERE "role" = 'admin');
