import type { Role, Status } from "./permissions";

/** What the header needs of the signed-in member (sent to the browser: nothing secret). */
export type HeaderUser = {
  username: string;
  fullName: string | null;
  profilePhotoUrl: string | null;
  role: Role;
  status: Status;
};

export function toHeaderUser(
  user: (HeaderUser & Record<string, unknown>) | null | undefined,
): HeaderUser | null {
  if (!user) return null;
  const { username, fullName, profilePhotoUrl, role, status } = user;
  return { username, fullName, profilePhotoUrl, role, status };
}
