/**
 * Account rules and messages shared by the browser (live checklist, early
 * feedback) and the server (the authority). Messages are the spec's, word for
 * word (docs/product/accounts.md).
 */
export const MESSAGES = {
  tooFast: "Please take your time to fill out the form",
  terms: "You must agree to the Terms & Privacy to continue",
  disposable: "Please use a permanent email address",
  passwordLength: "Password must be at least 8 characters",
  passwordUpper: "Password must contain at least one uppercase letter",
  passwordLower: "Password must contain at least one lowercase letter",
  passwordDigit: "Password must contain at least one number",
  passwordsDiffer: "Passwords do not match",
  usernameFormat: "Username can only contain letters, numbers, and underscores",
  tooManySignups: "Too many signup attempts. Please try again later.",
  emailTaken: "This email is already registered. Please login instead.",
  usernameTaken: "This username is already taken. Please choose another.",
  registrationInvalid: "Registration failed. Please check your information and try again.",
  registrationFailed: "Registration failed. Please try again later.",
  // Not given by the spec: fields the browser marks required.
  nameRequired: "Please enter your full name",
  emailInvalid: "Please enter a valid email address",
  usernameLength: "Username must be between 3 and 30 characters",
  fieldTooLong: "One of the fields is too long",
} as const;

/** docs/product/accounts.md#sign-up: a sign-up form submitted sooner is refused. */
export const SIGNUP_MIN_FILL_MS = 3000;

export const LIMITS = {
  name: 100,
  username: 30,
  usernameMin: 3,
  email: 254,
  password: 128,
} as const;

/** The 12 disposable e-mail domains refused at sign-up (docs/product/accounts.md#sign-up: "a list of 12"). */
export const DISPOSABLE_DOMAINS = [
  "mailinator.com",
  "guerrillamail.com",
  "10minutemail.com",
  "tempmail.com",
  "temp-mail.org",
  "throwawaymail.com",
  "yopmail.com",
  "getnada.com",
  "trashmail.com",
  "sharklasers.com",
  "dispostable.com",
  "maildrop.cc",
] as const;

export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  return DISPOSABLE_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** The live checklist's four requirements, in the spec's order. */
export const PASSWORD_REQUIREMENTS = [
  {
    label: "At least 8 characters",
    test: (p: string) => p.length >= 8,
    message: MESSAGES.passwordLength,
  },
  {
    label: "One uppercase letter",
    test: (p: string) => /[A-Z]/.test(p),
    message: MESSAGES.passwordUpper,
  },
  {
    label: "One lowercase letter",
    test: (p: string) => /[a-z]/.test(p),
    message: MESSAGES.passwordLower,
  },
  { label: "One number", test: (p: string) => /\d/.test(p), message: MESSAGES.passwordDigit },
] as const;

/** The first unmet strength rule's message, or null. */
export function passwordProblem(password: string): string | null {
  return PASSWORD_REQUIREMENTS.find((r) => !r.test(password))?.message ?? null;
}

/** docs/product/accounts.md#password-reset: a new password at reset needs 6 characters; the sign-up strength rules do not apply. */
export const RESET_MIN_PASSWORD = 6;
export const RESET_PASSWORD_SHORT = "Password must be at least 6 characters";

/**
 * Reset password (docs/product/accounts.md#password-reset): at least 6 characters, the two entries equal. The
 * page checks it before sending, the server again (password-reset.server.ts).
 */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password.length < RESET_MIN_PASSWORD) return RESET_PASSWORD_SHORT;
  if (password !== confirmPassword) return MESSAGES.passwordsDiffer;
  if (password.length > LIMITS.password) return MESSAGES.fieldTooLong;
  return null;
}

export const USERNAME_CHARS = /^[a-zA-Z0-9_]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignupFields = {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
  /** The hidden trap field: people never fill it. */
  trap: string;
};

/** signupProblem's answer for a filled trap field: not a message, nothing to tell anyone. */
export const SIGNUP_TRAP = Symbol("signup trap");

/**
 * docs/product/accounts.md#sign-up's checks: the trap first, then the fields' checks in the spec's
 * order and the shape checks it leaves open, and only then the 3-second rule, so that a form sent
 * early with a real mistake is told the mistake (docs/decisions/0255). Returns SIGNUP_TRAP for a
 * filled trap field (stop silently), a message, or null. `elapsedMs`: time since the form was
 * shown (the server takes it from a signed token).
 */
export function signupProblem(
  fields: SignupFields,
  elapsedMs: number,
): typeof SIGNUP_TRAP | string | null {
  if (fields.trap.trim() !== "") return SIGNUP_TRAP;
  const problem = signupFieldProblem(fields);
  if (problem) return problem;
  if (!(elapsedMs >= SIGNUP_MIN_FILL_MS)) return MESSAGES.tooFast;
  return null;
}

/**
 * The fields' own checks (everything but the trap and the 3-second rule), in the spec's order:
 * the browser runs them before it holds an early form (docs/decisions/0255).
 */
export function signupFieldProblem(fields: Omit<SignupFields, "trap">): string | null {
  if (!fields.terms) return MESSAGES.terms;
  if (isDisposableEmail(fields.email)) return MESSAGES.disposable;
  const password = passwordProblem(fields.password);
  if (password) return password;
  if (fields.password !== fields.confirmPassword) return MESSAGES.passwordsDiffer;
  if (!USERNAME_CHARS.test(fields.username)) return MESSAGES.usernameFormat;
  if (fields.fullName.trim() === "") return MESSAGES.nameRequired;
  if (!EMAIL.test(fields.email.trim())) return MESSAGES.emailInvalid;
  if (fields.username.length < LIMITS.usernameMin || fields.username.length > LIMITS.username)
    return MESSAGES.usernameLength;
  if (
    fields.fullName.length > LIMITS.name ||
    fields.email.length > LIMITS.email ||
    fields.password.length > LIMITS.password
  )
    return MESSAGES.fieldTooLong;
  return null;
}

/** Whole seconds before the form may be sent (0 once SIGNUP_MIN_FILL_MS have passed). */
export function secondsUntilSubmit(elapsedMs: number): number {
  return Math.max(0, Math.ceil((SIGNUP_MIN_FILL_MS - elapsedMs) / 1000));
}

/** The sign-up form's countdown while it holds an early send (docs/decisions/0255). */
export const submitCountdown = (seconds: number) => `You can submit in ${seconds} s`;
