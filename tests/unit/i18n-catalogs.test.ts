/**
 * Every English string the app defines has its Filipino and Chinese translation, with the same
 * placeholders and the plural forms each language needs; a catalog key no screen defines fails too.
 * English strings live in the features' messages.ts files (src/shared/i18n/i18n.ts), so this test
 * finds them all by walking src/.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ComponentsJSON, TranslationJSON } from "@nanostores/i18n";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../src/shared/i18n/i18n";
import fil from "../../src/shared/i18n/catalogs/fil";
import zh from "../../src/shared/i18n/catalogs/zh";

const SRC = resolve(import.meta.dirname, "../../src");
const MESSAGES_FILE = /(^|[-/])messages\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

let english: Record<string, Record<string, TranslationJSON>>;

beforeAll(async () => {
  for (const file of sourceFiles(SRC).filter((path) => MESSAGES_FILE.test(relative(SRC, path)))) {
    await import(pathToFileURL(file).href);
  }
  english = i18n.cache.en as unknown as Record<string, Record<string, TranslationJSON>>;
});

describe("UI string catalogs", () => {
  it("are defined only in messages.ts files, so this test sees every one", () => {
    const elsewhere = sourceFiles(SRC)
      .filter((path) => !MESSAGES_FILE.test(relative(SRC, path)))
      .filter((path) => /\bi18n\(\s*["'`]/.test(readFileSync(path, "utf8")))
      .map((path) => relative(SRC, path));
    expect(elsewhere).toEqual([]);
    expect(Object.keys(english)).toEqual(expect.arrayContaining(["language", "categories", "siteHeader"]));
  });

  it.each([
    ["fil", fil],
    ["zh", zh],
  ] as const)("%s has every English key, no other, with the same placeholders and its plural forms", (code, catalog: ComponentsJSON) => {
    const pluralForms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [component, base] of Object.entries(english)) {
      const translated = (catalog[component] ?? {}) as Record<string, TranslationJSON>;
      expect(Object.keys(translated).sort(), `${code}.${component}`).toEqual(Object.keys(base).sort());
      for (const [key, source] of Object.entries(base)) {
        const where = `${code}.${component}.${key}`;
        const target = translated[key];
        if (typeof source === "string") {
          expect(typeof target, where).toBe("string");
          expect((target as string).trim(), where).not.toBe("");
          expect(placeholders(target as string), where).toEqual(placeholders(source));
          continue;
        }
        // A count(): the forms this language's plural rules select, each using only English's placeholders.
        expect(typeof target, where).toBe("object");
        const forms = target as Record<string, string>;
        expect(Object.keys(forms).sort(), where).toEqual([...pluralForms].sort());
        const allowed = new Set(placeholders(String((source as Record<string, string>).other)));
        for (const text of Object.values(forms)) {
          expect(
            placeholders(text).filter((name) => !allowed.has(name!)),
            `${where}: ${text}`,
          ).toEqual([]);
        }
      }
    }
  });
});
