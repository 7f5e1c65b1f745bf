ALTER TABLE "two_factors" ADD COLUMN IF NOT EXISTS "last_totp_step" integer;
