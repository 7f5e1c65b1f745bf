import { describe, expect, it } from "vitest";
import {
  MESSAGES,
  SIGNUP_TRAP,
  secondsUntilSubmit,
  signupFieldProblem,
  signupProblem,
  submitCountdown,
} from "./rules";

const fine = {
  fullName: "Asha K",
  username: "asha_k",
  email: "asha@example.com",
  password: "Secret123",
  confirmPassword: "Secret123",
  terms: true,
  trap: "",
};

describe("the sign-up form sent early (docs/decisions/0255)", () => {
  it("tells the fields' mistake first, the 3-second rule only for a correct form", () => {
    expect(signupProblem({ ...fine, confirmPassword: "Secret124" }, 500)).toBe(
      MESSAGES.passwordsDiffer,
    );
    expect(signupProblem(fine, 500)).toBe(MESSAGES.tooFast);
    expect(signupProblem(fine, -1)).toBe(MESSAGES.tooFast);
    expect(signupProblem(fine, 3000)).toBeNull();
    expect(signupProblem({ ...fine, trap: "x", terms: false }, 0)).toBe(SIGNUP_TRAP);
  });

  it("gives the browser the fields' checks without the clock", () => {
    expect(signupFieldProblem(fine)).toBeNull();
    expect(signupFieldProblem({ ...fine, terms: false })).toBe(MESSAGES.terms);
    expect(signupFieldProblem({ ...fine, confirmPassword: "x" })).toBe(MESSAGES.passwordsDiffer);
  });

  it("counts down in whole seconds to the moment the form may go", () => {
    expect(secondsUntilSubmit(0)).toBe(3);
    expect(secondsUntilSubmit(1)).toBe(3);
    expect(secondsUntilSubmit(1000)).toBe(2);
    expect(secondsUntilSubmit(2999)).toBe(1);
    expect(secondsUntilSubmit(3000)).toBe(0);
    expect(secondsUntilSubmit(60_000)).toBe(0);
    expect(submitCountdown(2)).toBe("You can submit in 2 s");
  });
});
