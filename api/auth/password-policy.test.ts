import { describe, expect, it } from "vitest";
import { assertPasswordAllowed, generatePassword, MAX_PASSWORD_LENGTH, passwordVerdict, WeakPasswordError } from "./password-policy";

// The first check loads zxcvbn-ts's dictionaries (a second or two on a busy machine).
describe("the password policy", { timeout: 30_000 }, () => {
  it.each([
    ["an empty password", "", "blank"],
    ["sixteen spaces", " ".repeat(16), "blank"],
    ["ten spaces", " ".repeat(10), "blank"],
    ["a short password", "password12", "too_short"],
    ["fourteen characters", "plum kettle ha", "too_short"],
    ["one character repeated", "aaaaaaaaaaaaaaaa", "repetitive"],
    ["a word repeated", "passwordpassword", "repetitive"],
    ["a short phrase repeated", "iloveyouiloveyou", "repetitive"],
    ["a run of letters", "abcdefghijklmnop", "repetitive"],
    ["a common password with digits", "password12345678", "common"],
    ["a keyboard walk on the common list", "qwertyuiopasdfgh", "common"],
    ["an over-long password", "plum kettle harbour sunrise ".repeat(10), "too_long"],
  ])("refuses %s", async (_, password, problem) => {
    const verdict = await passwordVerdict(password);
    expect(verdict?.problem).toBe(problem);
    expect(verdict?.reason).toMatch(/\w+.*\./);
  });

  it.each(["plum kettle harbour sunrise", "correct horse battery staple", "purple-otter-sings-at-dawn", "Zv8#qL2m!rT9wXk4"])(
    "accepts %j",
    async (password) => {
      expect(await passwordVerdict(password)).toBeUndefined();
    },
  );

  it("counts characters, not UTF-16 units, and allows exactly the maximum", async () => {
    // Fifteen emoji are 30 UTF-16 units; fourteen are too short whatever their units say.
    expect((await passwordVerdict("🍜🔥🎲🦀🌶🥢🍋🐙🎷🚲🧭🪁🦉🌵"))?.problem).toBe("too_short");
    const longest = Array.from({ length: MAX_PASSWORD_LENGTH }, (_, i) => "qwfpgjluyarstdhneiozxcvbkm"[(i * 7 + i * i) % 26]).join("");
    expect([...longest]).toHaveLength(MAX_PASSWORD_LENGTH);
    expect((await passwordVerdict(longest))?.problem).not.toBe("too_long");
    expect((await passwordVerdict(`${longest}x`))?.problem).toBe("too_long");
  });

  it("judges a long password by its first 64 characters: weak ones are not redeemed by a strong tail", async () => {
    expect((await passwordVerdict(`${"a".repeat(64)} plum kettle harbour sunrise`))?.problem).toBe("repetitive");
    expect(await passwordVerdict(`plum kettle harbour sunrise over the quiet orchard at dusk ${"a".repeat(100)}`)).toBeUndefined();
  });

  it("refuses through the API's error: 400 weak_password with the reason in the contract's shape", async () => {
    const refusal = await assertPasswordAllowed("passwordpassword").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WeakPasswordError);
    const { status, code, message, details } = refusal as WeakPasswordError;
    expect({ status, code }).toEqual({ status: 400, code: "weak_password" });
    expect(message).toMatch(/repetitive/);
    expect(details).toEqual([{ path: "password", problem: "repetitive", message }]);
    await expect(assertPasswordAllowed("plum kettle harbour sunrise")).resolves.toBeUndefined();
  });

  it("generates demo passwords it allows, each different", async () => {
    const [first, second] = [await generatePassword(), await generatePassword()];
    expect(first).not.toBe(second);
    for (const password of [first, second]) {
      expect(password).toMatch(/^[\w-]{20}$/);
      expect(await passwordVerdict(password)).toBeUndefined();
    }
  });
});
