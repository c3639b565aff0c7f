import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../contract/schemas";
import { formatMoney, formatWeekday } from "./format";
import { initialLanguage, languageFromPreferences, LANGUAGE_STORAGE_KEY } from "./language";
import { productText } from "./product-text";
import { memoryStorage } from "../testing/memory-storage";

describe("languageFromPreferences", () => {
  it("maps Filipino and Tagalog to fil, every Chinese to zh, the first we have wins, else English", () => {
    expect(languageFromPreferences(["fil-PH", "en-US"])).toBe("fil");
    expect(languageFromPreferences(["tl"])).toBe("fil");
    expect(languageFromPreferences(["zh-CN"])).toBe("zh");
    expect(languageFromPreferences(["zh-Hant-TW"])).toBe("zh");
    expect(languageFromPreferences(["ZH_hk"])).toBe("zh");
    expect(languageFromPreferences(["fr-CA", "zh", "en"])).toBe("zh");
    expect(languageFromPreferences(["en-CA", "zh"])).toBe("en");
    expect(languageFromPreferences(["fr", "ko"])).toBe("en");
    expect(languageFromPreferences([])).toBe("en");
  });
});

describe("initialLanguage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the saved choice, else the browser's languages; a saved value we don't know is ignored", () => {
    vi.stubGlobal("navigator", { languages: ["tl-PH", "en"], language: "tl-PH" });
    vi.stubGlobal("localStorage", memoryStorage({ [LANGUAGE_STORAGE_KEY]: "zh" }));
    expect(initialLanguage()).toBe("zh");
    vi.stubGlobal("localStorage", memoryStorage({ [LANGUAGE_STORAGE_KEY]: "klingon" }));
    expect(initialLanguage()).toBe("fil");
    vi.stubGlobal("localStorage", memoryStorage());
    expect(initialLanguage()).toBe("fil");
  });

  it("falls back to the browser when storage throws (blocked storage)", () => {
    vi.stubGlobal("navigator", { languages: ["zh-TW"], language: "zh-TW" });
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(initialLanguage()).toBe("zh");
  });
});

describe("chooseLanguage", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal("navigator", { languages: ["en-CA"], language: "en-CA" });
    vi.stubGlobal("localStorage", memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads the language's catalog, then switches and remembers it; untranslated keys stay English", async () => {
    const { chooseLanguage, i18n, params } = await import("./i18n");
    const { language } = await import("./language");
    const { categoryMessages, menuWords } = await import("./messages");
    const local = i18n("i18n-test-only", { untranslated: "Only in English", greet: params("Hi {name}") });
    const unbind = [categoryMessages.listen(() => undefined), menuWords.listen(() => undefined), local.listen(() => undefined)];
    expect(language.get()).toBe("en");
    expect(categoryMessages.get().special).toBe("Specials");

    await chooseLanguage("fil");
    await vi.waitFor(() => expect(categoryMessages.get().special).toBe("Mga Espesyal"));
    expect(language.get()).toBe("fil");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fil");
    expect(menuWords.get().onWeekday({ day: "Martes" })).toBe("Tuwing Martes");
    expect(local.get().untranslated).toBe("Only in English");

    await chooseLanguage("zh");
    await vi.waitFor(() => expect(categoryMessages.get().special).toBe("特价菜"));
    await chooseLanguage("en");
    await vi.waitFor(() => expect(categoryMessages.get().special).toBe("Specials"));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
    unbind.forEach((stop) => stop());
  });
});

describe("productText", () => {
  const product: Pick<Product, "name" | "description" | "translations"> = {
    name: "Pork Belly Fries",
    description: "Crispy lechon kawali over fries.",
    translations: { fil: { name: "Lechon Kawali Fries", description: "" }, zh: { name: "", description: "脆皮五花肉配薯条。" } },
  };

  it("uses the menu data's translation, field by field, with English where one is blank or missing", () => {
    expect(productText(product, "en")).toEqual({ name: "Pork Belly Fries", description: "Crispy lechon kawali over fries." });
    expect(productText(product, "fil")).toEqual({ name: "Lechon Kawali Fries", description: "Crispy lechon kawali over fries." });
    expect(productText(product, "zh")).toEqual({ name: "Pork Belly Fries", description: "脆皮五花肉配薯条。" });
    expect(productText({ name: "Nachos", description: "Chips." }, "zh")).toEqual({ name: "Nachos", description: "Chips." });
  });
});

describe("formatting", () => {
  it("writes prices with a plain $ in every language, and weekdays in the language's words", () => {
    expect(formatMoney(1399, "en")).toBe("$13.99");
    expect(formatMoney(3000, "fil")).toBe("$30.00");
    expect(formatMoney(123456, "zh")).toBe("$1,234.56");
    expect(formatWeekday(2, "en")).toBe("Tuesday");
    expect(formatWeekday(2, "fil")).toBe("Martes");
    expect(formatWeekday(7, "zh")).toBe("星期日");
  });
});

describe("an option's or a group's name", () => {
  it("is the menu's translation where there is one, English marked as such where there is none", async () => {
    const { nameText } = await import("./name-text");
    const translations = { fil: { name: "Pritong sibuyas" }, zh: { name: " " } };
    expect(nameText("Onion Rings", translations, "fil")).toEqual({ name: "Pritong sibuyas", english: false });
    expect(nameText("Onion Rings", translations, "zh")).toEqual({ name: "Onion Rings", english: true });
    expect(nameText("Onion Rings", undefined, "en")).toEqual({ name: "Onion Rings", english: false });
  });
});
