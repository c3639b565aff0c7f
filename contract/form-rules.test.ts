import { describe, expect, it } from "vitest";
import { validateLogin, validateDiningTable } from "./form-rules";

describe("validateLogin", () => {
  it("accepts a well-formed e-mail and any password", () => {
    expect(validateLogin(" staff@limitless.example ", "x")).toEqual({});
  });

  it("says what is wrong with each field", () => {
    expect(validateLogin("not-an-email", "")).toEqual({
      email: "Email format incorrect.",
      password: "Password is required.",
    });
    expect(validateLogin("", "secret").email).toBe("Email format incorrect.");
    expect(validateLogin("a@b", "secret").email).toBe("Email format incorrect.");
  });
});

describe("validateDiningTable", () => {
  it("accepts the default table", () => {
    expect(validateDiningTable("4", "6")).toEqual({ values: { codename: "4", capacity: 6 }, errors: {} });
  });

  it("trims the codename (invisible characters too) and rejects blank or long ones", () => {
    expect(validateDiningTable("\u200bPatio\u200b", "4").values?.codename).toBe("Patio");
    expect(validateDiningTable("  Patio 2 ", "4").values?.codename).toBe("Patio 2");
    expect(validateDiningTable("   ", "4").errors.codename).toBe("Enter the table's name or number.");
    expect(validateDiningTable("x".repeat(41), "4").errors.codename).toBe("A table's name or number is at most 40 characters.");
  });

  it("wants a whole capacity from 1 to 99", () => {
    for (const bad of ["0", "100", "2.5", "", "-1", "six"]) {
      expect(validateDiningTable("4", bad).errors.capacity).toBe("Capacity must be a whole number from 1 to 99.");
    }
    expect(validateDiningTable("4", "99").values?.capacity).toBe(99);
  });
});
