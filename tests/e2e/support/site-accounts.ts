/**
 * The accounts every journey server starts with (tests/e2e/global-setup.ts
 * makes them in the database before any server starts, then signs each in
 * once and saves its session). A journey that needs an admin takes one of
 * its own from the pool (tests/e2e/support/admin.ts), so no journey sees
 * another's notifications, drafts or settings; the other roles are shared.
 */
export const SITE_PASSWORD = "Bridge-Site-Journey-2026";

export type SiteAccount = {
  key: string;
  email: string;
  username: string;
  fullName: string;
  password: string;
  role: "admin" | "mentor" | "user";
  status: "approved" | "pending" | "blocked";
};

function account(
  key: string,
  fullName: string,
  role: SiteAccount["role"],
  status: SiteAccount["status"] = "approved",
): SiteAccount {
  return {
    key,
    email: `${key}@journeys.example.com`,
    username: key.replace(/-/g, "_"),
    fullName,
    password: SITE_PASSWORD,
    role,
    status,
  };
}

/**
 * Admins in the pool: more than one worker's admin journeys take in a run. All the
 * accounts are signed in from 127.0.0.1 when the template is made, within the 30
 * sign-ins per address in 15 minutes that /login allows (LOGIN_PER_IP).
 */
export const ADMIN_POOL_SIZE = 24;

export const POOL_ADMINS: SiteAccount[] = Array.from({ length: ADMIN_POOL_SIZE }, (_, i) =>
  account(`admin-${String(i + 1).padStart(2, "0")}`, `Admin Journey ${i + 1}`, "admin"),
);

export const ROLE_ACCOUNTS = {
  mentor: account("mentor-one", "Meera Mentor", "mentor"),
  member: account("member-one", "Arjun Member", "user"),
  pending: account("pending-one", "Pia Pending", "user", "pending"),
} as const;

export const SITE_ACCOUNTS: SiteAccount[] = [...POOL_ADMINS, ...Object.values(ROLE_ACCOUNTS)];
