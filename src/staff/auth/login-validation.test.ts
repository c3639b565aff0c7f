import { describe, expect, it } from "vitest";
import { validateLogin } from "./login-validation";

describe("validateLogin", () => {
  it("accepts a well-formed e-mail and any password", () => {
    expect(validateLogin(" staff@limitless.example ", "x")).toEqual({});
  });

  it("uses the spec's messages", () => {
    expect(validateLogin("not-an-email", "")).toEqual({
      email: "Email format incorrect.",
      password: "Password is required.",
    });
    expect(validateLogin("", "secret").email).toBe("Email format incorrect.");
    expect(validateLogin("a@b", "secret").email).toBe("Email format incorrect.");
  });
});
