/**
 * A sign-up as the form sends it (terms ticked, the honeypot empty, filled in
 * at a human pace), for the tests of what follows it: the code, its resends
 * and its guesses.
 */
import type { Auth } from "#server/auth";
import type { Database } from "#server/db/client";
import { issueTimeToken, signUp } from "~/features/accounts/signup.server";

export function signUpAsha(
  deps: { db: Database; auth: Auth; secret: string },
  { email, site }: { email: string; site: string },
) {
  return signUp(
    deps,
    {
      fullName: "Asha K",
      username: "asha_k",
      email,
      password: "Secret123",
      confirmPassword: "Secret123",
      terms: true,
      trap: "",
      timeToken: issueTimeToken(deps.secret, Date.now() - 5000),
    },
    { ip: "203.0.113.7", headers: new Headers({ origin: site }) },
  );
}
