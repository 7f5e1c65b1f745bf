import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  emailFields,
  emailForm,
  loginFields,
  loginForm,
  loginQuery,
  otpForm,
  otpQuery,
  refusal,
  resetFields,
  resetForm,
  resetQuery,
  signupFields,
  signupForm,
} from "./forms.server";
import { LOGIN_MESSAGES } from "./login.server";
import { MESSAGES } from "./rules";

/** The schema's first message for these fields, or null when they pass. */
const messageOf = (schema: z.ZodType, fields: Record<string, unknown>) =>
  schema.safeParse(fields).error?.issues[0]?.message ?? null;

describe("signupForm (docs/product/accounts.md#sign-up, in its order)", () => {
  const fine = {
    fullName: "Asha K",
    username: "asha_k",
    email: "asha@example.com",
    password: "Secret123",
    confirmPassword: "Secret123",
    terms: "on",
    website: "",
    startedAt: "token",
  };
  const slow = signupForm(() => 5000);
  const check = (fields: Record<string, unknown>, schema = slow) =>
    messageOf(schema, { ...fine, ...fields });

  it("passes a good form and gives it typed, trimmed and lower-cased", () => {
    expect(slow.parse({ ...fine, username: " Asha_K ", email: " ASHA@Example.com" })).toEqual({
      fullName: "Asha K",
      username: "asha_k",
      email: "asha@example.com",
      password: "Secret123",
      confirmPassword: "Secret123",
      terms: true,
      trap: "",
      timeToken: "token",
    });
  });

  it("gives each of the spec's messages, word for word", () => {
    expect(
      check(
        {},
        signupForm(() => 2999),
      ),
    ).toBe("Please take your time to fill out the form");
    expect(
      check(
        {},
        signupForm(() => -1),
      ),
    ).toBe("Please take your time to fill out the form");
    expect(check({ terms: "" })).toBe("You must agree to the Terms & Privacy to continue");
    expect(check({ email: "a@mailinator.com" })).toBe("Please use a permanent email address");
    expect(check({ password: "Sec12", confirmPassword: "Sec12" })).toBe(
      "Password must be at least 8 characters",
    );
    expect(check({ password: "secret123", confirmPassword: "secret123" })).toBe(
      "Password must contain at least one uppercase letter",
    );
    expect(check({ password: "SECRET123", confirmPassword: "SECRET123" })).toBe(
      "Password must contain at least one lowercase letter",
    );
    expect(check({ password: "SecretOne", confirmPassword: "SecretOne" })).toBe(
      "Password must contain at least one number",
    );
    expect(check({ confirmPassword: "Secret124" })).toBe("Passwords do not match");
    expect(check({ username: "asha-k" })).toBe(
      "Username can only contain letters, numbers, and underscores",
    );
  });

  it("gives the shape messages the spec leaves open", () => {
    expect(check({ fullName: "  " })).toBe(MESSAGES.nameRequired);
    expect(check({ email: "not-an-email" })).toBe(MESSAGES.emailInvalid);
    expect(check({ username: "ab" })).toBe(MESSAGES.usernameLength);
    expect(check({ fullName: "x".repeat(101) })).toBe(MESSAGES.fieldTooLong);
  });

  it("checks in the spec's order: the first rule broken is the one told", () => {
    expect(check({ terms: "", email: "a@mailinator.com" })).toBe(MESSAGES.terms);
  });

  it("tells a real mistake before the 3-second rule (docs/decisions/0255)", () => {
    const early = signupForm(() => 0);
    expect(check({ terms: "", email: "a@mailinator.com" }, early)).toBe(MESSAGES.terms);
    expect(check({ confirmPassword: "Secret124" }, early)).toBe(MESSAGES.passwordsDiffer);
    expect(check({}, early)).toBe(MESSAGES.tooFast);
  });

  it("lets a filled trap through (signUp stops there without a word)", () => {
    expect(
      check(
        { website: "http://spam.example" },
        signupForm(() => 0),
      ),
    ).toBeNull();
  });

  it("reads any shape as typed, without failing", () => {
    expect(signupFields.parse({ terms: new Blob(["x"]), username: ["A", "b"] })).toMatchObject({
      username: "a",
      fullName: "",
      terms: false,
      timeToken: "",
    });
  });
});

describe("loginForm and loginQuery (docs/product/accounts.md#sign-in)", () => {
  it("needs both fields, with the spec's one message", () => {
    expect(messageOf(loginForm, { email: "", password: "x" })).toBe("Invalid email or password");
    expect(messageOf(loginForm, { email: "a@example.com", password: "" })).toBe(
      LOGIN_MESSAGES.invalid,
    );
    expect(loginForm.parse({ email: " A@Example.com ", password: "p" })).toEqual({
      email: "a@example.com",
      password: "p",
      redirectTo: "",
    });
  });

  it("caps what it keeps of each field", () => {
    const typed = loginFields.parse({ email: "a".repeat(400), password: "p".repeat(400) });
    expect([typed.email.length, typed.password.length]).toEqual([254, 256]);
  });

  it("turns the address into the notice, the LinkedIn error and a safe place to go back to", () => {
    const read = (query: Record<string, string>) => loginQuery.parse(query);
    expect(read({})).toEqual({ redirectTo: "/", notice: null, error: null });
    expect(read({ reset: "success" }).notice).toBe(
      "Password reset successfully! You can now log in with your new password.",
    );
    expect(read({ signup: "success" }).notice).toBe(
      "Account created successfully! You can now log in.",
    );
    expect(read({ verified: "1" }).notice).toBe(
      "Email verified successfully! Your account is pending approval.",
    );
    expect(read({ verified: "1", error: "blocked" })).toMatchObject({
      notice: null,
      error: "Account access denied",
    });
    expect(read({ error: "<script>" }).error).toBeNull();
    expect(read({ redirectTo: "//evil.example" }).redirectTo).toBe("/");
    expect(read({ redirectTo: "/post/a" }).redirectTo).toBe("/post/a");
  });
});

describe("emailForm (forgot password, resend verification)", () => {
  it("trims and lower-cases a good address", () => {
    expect(emailForm.parse({ email: " Ravi@Example.com " })).toEqual({ email: "ravi@example.com" });
  });

  it("refuses a bad, missing or too long one with the message", () => {
    for (const email of ["not-an-email", "", undefined, `${"a".repeat(250)}@example.com`])
      expect(messageOf(emailForm, { email })).toBe("Please enter a valid email address");
  });

  it("keeps what was typed, within reason", () => {
    expect(emailFields.parse({ email: "x".repeat(5000) }).email).toHaveLength(304);
  });
});

describe("resetForm and resetQuery (docs/product/accounts.md#password-reset)", () => {
  const token = "abcdefghijklmnopqrstuvwx";
  const check = (fields: Record<string, unknown>) =>
    messageOf(resetForm, { token, password: "abcdef", confirmPassword: "abcdef", ...fields });

  it("gives the spec's messages in order", () => {
    expect(check({})).toBeNull();
    expect(check({ token: "", password: "" })).toBe("Invalid reset link");
    expect(check({ token: "short" })).toBe("Invalid reset link");
    expect(check({ password: "abc12", confirmPassword: "abc12" })).toBe(
      "Password must be at least 6 characters",
    );
    expect(check({ confirmPassword: "abcdeF" })).toBe("Passwords do not match");
    expect(check({ password: "x".repeat(200), confirmPassword: "x".repeat(200) })).toBe(
      MESSAGES.fieldTooLong,
    );
  });

  it("reads the fields as typed, capped", () => {
    expect(resetFields.parse({ password: "p".repeat(500) }).password).toHaveLength(129);
  });

  it("reads a token of the right shape from the address, or fails", () => {
    expect(resetQuery.parse({ token })).toEqual({ token });
    expect(resetQuery.safeParse({}).success).toBe(false);
    expect(resetQuery.safeParse({ token: "a/b" }).error?.issues[0]?.message).toBe(
      "Invalid reset link",
    );
  });
});

describe("otpForm and otpQuery (docs/product/accounts.md#verification-code)", () => {
  const digits = ["1", "2", "3", "4", "5", "6"];

  it("joins the six boxes into the code", () => {
    expect(otpForm.parse({ email: " Asha@Example.com", digit: digits })).toEqual({
      email: "asha@example.com",
      intent: "verify",
      code: "123456",
    });
  });

  it("refuses a code that is not six digits with the spec's message", () => {
    expect(messageOf(otpForm, { email: "a@example.com", digit: ["1", "2"] })).toBe(
      "Invalid verification code. Please check and try again.",
    );
    expect(messageOf(otpForm, { email: "a@example.com", digit: "123456" })).toBeNull();
  });

  it("asks no code to resend one", () => {
    expect(otpForm.parse({ email: "a@example.com", intent: "resend" })).toMatchObject({
      intent: "resend",
      code: "",
    });
  });

  it("fails on the e-mail field without a usable address (the page goes back to /signup)", () => {
    const read = otpForm.safeParse({ email: "nobody", digit: digits });
    expect(read.error?.issues[0]?.path).toEqual(["email"]);
    expect(otpQuery.safeParse({}).success).toBe(false);
    expect(otpQuery.safeParse({ email: `${"a".repeat(250)}@x.io` }).success).toBe(false);
    expect(otpQuery.parse({ email: "A@Example.com" })).toEqual({ email: "a@example.com" });
  });
});

describe("refusal", () => {
  it("gives the schema's message, or the empty form's when the body could not be read", () => {
    expect(refusal({ message: "Told" }, emailForm)).toBe("Told");
    expect(refusal({ message: null }, emailForm)).toBe(MESSAGES.emailInvalid);
    // An empty form's first mistake: the terms (the 3-second rule comes after the fields).
    expect(
      refusal(
        { message: null },
        signupForm(() => -1),
      ),
    ).toBe(MESSAGES.terms);
    expect(refusal({ message: null }, loginForm)).toBe(LOGIN_MESSAGES.invalid);
  });
});
