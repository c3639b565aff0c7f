/**
 * The menu CSV format (docs/menu-csv-format.md): one row per product, then one row per option of its
 * groups. Parsing checks every row and reports every problem with its line number, so a manager
 * fixes the whole file in one go; nothing is imported unless the whole file is valid.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import {
  ALLERGENS,
  CATEGORY_KEYS,
  DIETS,
  PREP_AREAS,
  TRANSLATION_LANGUAGES,
  isCategoryKey,
  type Allergen,
  type CategoryKey,
  type Diet,
  type PrepArea,
  type TranslationLanguage,
} from "../../contract/menu";
import { formatCents, parsePriceToCents } from "../../contract/money";
import type { ApiErrorDetail, Menu, NameTranslations, Translation } from "../../contract/schemas";
import { escapeFormula, unescapeFormula } from "../lib/spreadsheet-cell";

/** The columns every file has: a file without them is refused. */
const REQUIRED_COLUMNS = [
  "category",
  "product",
  "description",
  "price",
  "available",
  "weekday",
  "group",
  "exclusive",
  "required",
  "option",
  "option_price",
] as const;

/**
 * The menu data added later: a file without these columns (one written before them) still imports,
 * each product taking the defaults below.
 */
const OPTIONAL_COLUMNS = [
  "allergens",
  "diet",
  "prep_station",
  "prep_minutes",
  "stock",
  "name_fil",
  "description_fil",
  "name_zh",
  "description_zh",
  "happy_hour_price",
  "group_fil",
  "group_zh",
  "option_fil",
  "option_zh",
] as const;

/** An option group's and an option's name in each language, on option rows. */
const GROUP_NAME_COLUMNS = { fil: "group_fil", zh: "group_zh" } as const satisfies Record<TranslationLanguage, string>;
const OPTION_NAME_COLUMNS = { fil: "option_fil", zh: "option_zh" } as const satisfies Record<TranslationLanguage, string>;
const OPTION_ONLY_COLUMNS = [
  "exclusive",
  "required",
  "option_price",
  ...Object.values(GROUP_NAME_COLUMNS),
  ...Object.values(OPTION_NAME_COLUMNS),
] as const;

/** Every column, in the order export writes them. */
export const CSV_COLUMNS = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS] as const;
type Column = (typeof CSV_COLUMNS)[number];

/** The columns that say something about the product itself: empty on option rows. */
const PRODUCT_ONLY_COLUMNS = [
  "price",
  "available",
  "weekday",
  "description",
  ...OPTIONAL_COLUMNS.filter((column) => !(OPTION_ONLY_COLUMNS as readonly string[]).includes(column)),
] as const;

const MAX_NAME = 80;
const MAX_GROUP_NAME = 60;
const MAX_OPTION_NAME = 80;
const MAX_DESCRIPTION = 500;
export const MAX_PREP_MINUTES = 240;
export const MAX_STOCK = 9999;
/** A blank prep_minutes: a drink is poured in a few minutes, a dish takes longer. */
export const DEFAULT_PREP_MINUTES: Record<PrepArea, number> = { kitchen: 10, bar: 3 };

/** A blank prep_station: drinks are made at the bar, everything else in the kitchen. */
export function defaultPrepArea(category: CategoryKey): PrepArea {
  return category === "drink" ? "bar" : "kitchen";
}
type Row = Record<Column, string>;

export const MAX_CSV_ROWS = 5000;

export interface ParsedOption {
  name: string;
  priceCents: number;
  /** Only the languages the file names, in TRANSLATION_LANGUAGES order. */
  translations: NameTranslations;
}
export interface ParsedGroup {
  name: string;
  exclusive: boolean;
  required: boolean;
  options: ParsedOption[];
  /** Only the languages the file names, in TRANSLATION_LANGUAGES order. */
  translations: NameTranslations;
}
export interface ParsedProduct {
  category: CategoryKey;
  name: string;
  description: string;
  priceCents: number;
  /** The base price in the branch's happy hours, below priceCents; null: none. */
  happyHourPriceCents: number | null;
  available: boolean;
  weekday: number | null;
  groups: ParsedGroup[];
  /** In ALLERGENS order, each once. */
  allergens: Allergen[];
  /** In DIETS order, each once. */
  diet: Diet[];
  prepArea: PrepArea;
  prepMinutes: number;
  /** null = not counted. */
  stock: number | null;
  /** Only the languages the file names, in TRANSLATION_LANGUAGES order. */
  translations: Partial<Record<TranslationLanguage, Translation>>;
}

export type ParseResult = { ok: true; products: ParsedProduct[] } | { ok: false; errors: ApiErrorDetail[] };

/** Control and invisible format characters (zero-width spaces…) don't make a name a diner can read. */
function hasVisibleText(value: string): boolean {
  return value.replace(/[\p{Cc}\p{Cf}\s]/gu, "") !== "";
}

function parseBoolean(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (["yes", "true", "1", "y"].includes(v)) return true;
  if (["no", "false", "0", "n"].includes(v)) return false;
  return null;
}

/** "Tree nuts", "tree-nuts" and "TREE_NUTS" all name tree_nuts. */
const tagKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * A `;`-separated list of tags from `allowed`, given back in `allowed`'s order, each once (so a
 * list written in any order exports the same way). Null when a tag is unknown; `unknown` names it.
 */
function parseTags<T extends string>(value: string, allowed: readonly T[]): { tags: T[]; unknown: string[] } {
  const given = value
    .split(";")
    .map(tagKey)
    .filter((tag) => tag !== "");
  const unknown = given.filter((tag) => !(allowed as readonly string[]).includes(tag));
  return { tags: allowed.filter((tag) => given.includes(tag)), unknown };
}

/** A whole number within 0…max, or null. */
function parseCount(value: string, max: number): number | null {
  return /^\d{1,5}$/.test(value) && Number(value) <= max ? Number(value) : null;
}

const productKey = (category: string, name: string) => `${category}\u0000${name.toLowerCase()}`;

export function parseMenuCsv(text: string): ParseResult {
  const errors: ApiErrorDetail[] = [];
  const fail = (line: number, column: string, message: string) => errors.push({ line, column, message });

  let records: { record: Row; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim().toLowerCase());
        const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
        const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
        if (missing.length || unknown.length) {
          const parts = [
            missing.length ? `missing column(s): ${missing.join(", ")}` : "",
            unknown.length ? `unknown column(s): ${unknown.join(", ")}` : "",
          ].filter(Boolean);
          throw new HeaderError(`The header row is wrong (${parts.join("; ")}). Expected: ${CSV_COLUMNS.join(",")}`);
        }
        const repeated = names.filter((name, index) => names.indexOf(name) !== index);
        if (repeated.length) throw new HeaderError(`The header row names ${[...new Set(repeated)].join(", ")} more than once.`);
        return names;
      },
      skip_empty_lines: true,
      trim: false,
      info: true,
      to: MAX_CSV_ROWS + 1,
    }) as { record: Row; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof HeaderError) return { ok: false, errors: [{ line: 1, column: "(header)", message: error.message }] };
    const line = (error as { lines?: number }).lines ?? 1;
    return { ok: false, errors: [{ line, column: "(row)", message: `This line cannot be read as CSV: ${(error as Error).message}` }] };
  }

  if (records.length === 0) return { ok: false, errors: [{ line: 1, column: "(file)", message: "The file has no menu rows." }] };
  if (records.length > MAX_CSV_ROWS) {
    return { ok: false, errors: [{ line: MAX_CSV_ROWS + 2, column: "(file)", message: `At most ${MAX_CSV_ROWS} rows.` }] };
  }

  const products = new Map<string, ParsedProduct & { line: number }>();
  const optionRows: { line: number; row: Row }[] = [];

  for (const { record, info } of records) {
    const line = info.lines;
    const row = Object.fromEntries(CSV_COLUMNS.map((c) => [c, unescapeFormula((record[c] ?? "").trim())])) as Row;
    const errorsBefore = errors.length;
    const failHere = (column: string, message: string) => fail(line, column, message);

    if (row.group || row.option) {
      checkCategoryAndName(row, failHere);
      if (!hasVisibleText(row.group)) fail(line, "group", "An option row needs its group name.");
      if (!hasVisibleText(row.option)) fail(line, "option", "An option row needs the option's name.");
      for (const column of PRODUCT_ONLY_COLUMNS) {
        if (row[column]) fail(line, column, `${column} belongs on the product's own row (leave it empty on option rows).`);
      }
      if (errors.length === errorsBefore) optionRows.push({ line, row });
      continue;
    }

    for (const column of OPTION_ONLY_COLUMNS) {
      if (row[column]) fail(line, column, `${column} belongs on option rows (this row has no group).`);
    }
    const product = parseProductRow(row, failHere);
    const key = productKey(row.category, row.product);
    if (products.has(key)) fail(line, "product", `${alreadyListed(row.product, row.category)} (line ${products.get(key)!.line}).`);
    if (product && errors.length === errorsBefore) products.set(key, { line, ...product });
  }

  for (const { line, row } of optionRows) {
    const product = products.get(productKey(row.category, row.product));
    if (!product) {
      fail(line, "product", `No product row for "${row.product}" in ${row.category}.`);
      continue;
    }
    addOptionRow(product, row, (column, message) => fail(line, column, message));
  }

  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
  return { ok: true, products: [...products.values()].map(({ line: _line, ...product }) => product) };
}

/** A product's row, or an option's: the CSV's columns as text (the editor's JSON is written this way too). */
export type MenuRow = Record<Column, string>;
export type FailColumn = (column: Column, message: string) => void;

/** The message for a second product of the same name in a category. */
export const alreadyListed = (name: string, category: string) => `"${name}" is already listed in ${category}`;

function checkCategoryAndName(row: Row, fail: FailColumn): void {
  if (!isCategoryKey(row.category)) {
    fail("category", `"${row.category}" is not a category; use one of ${CATEGORY_KEYS.join(", ")}.`);
  }
  if (!hasVisibleText(row.product))
    fail("product", "The product name is required (visible characters, not only spaces or invisible ones).");
  else if (row.product.length > MAX_NAME) fail("product", `The product name is at most ${MAX_NAME} characters.`);
}

/**
 * The one set of rules for a product's own fields, whether it comes from a CSV row or the menu
 * editor: every problem goes to `fail` by column; the product (without option groups) when there is none.
 */
export function parseProductRow(row: MenuRow, fail: FailColumn): ParsedProduct | null {
  let failed = false;
  const failOn = (column: Column, message: string) => {
    failed = true;
    fail(column, message);
  };
  checkCategoryAndName(row, failOn);
  const priceCents = parsePriceToCents(row.price);
  if (priceCents === null) failOn("price", `"${row.price}" is not a price like 13.99.`);
  const happyHourPriceCents = row.happy_hour_price === "" ? null : parsePriceToCents(row.happy_hour_price);
  if (row.happy_hour_price !== "" && happyHourPriceCents === null) {
    failOn("happy_hour_price", `"${row.happy_hour_price}" is not a price like 4.00 (leave it empty for no happy-hour price).`);
  } else if (happyHourPriceCents !== null && priceCents !== null && happyHourPriceCents >= priceCents) {
    // The one rule for a happy-hour price: below the regular one, or it is no happy hour.
    failOn(
      "happy_hour_price",
      `The happy-hour price (${formatCents(happyHourPriceCents)}) must be lower than the price (${formatCents(priceCents)}).`,
    );
  }
  const available = row.available === "" ? true : parseBoolean(row.available);
  if (available === null) failOn("available", `"${row.available}" should be yes or no.`);
  let weekday: number | null = null;
  if (row.weekday) {
    weekday = /^[1-7]$/.test(row.weekday) ? Number(row.weekday) : null;
    if (weekday === null) failOn("weekday", "weekday is 1 (Monday) to 7 (Sunday).");
    else if (row.category !== "special") failOn("weekday", "Only specials have a weekday.");
  }
  if (row.description.length > MAX_DESCRIPTION) failOn("description", `The description is at most ${MAX_DESCRIPTION} characters.`);
  const data = parseMenuData(row, failOn);
  if (failed) return null;
  return {
    category: row.category as CategoryKey,
    name: row.product,
    description: row.description,
    priceCents: priceCents!,
    happyHourPriceCents,
    // A counted product with none left is sold out, whatever the available column says.
    available: available! && data.stock !== 0,
    weekday,
    groups: [],
    ...data,
  };
}

/**
 * The one set of rules for an option (its row's group, exclusive, required, option and option_price),
 * added to `product`'s groups when it passes.
 */
export function addOptionRow(product: ParsedProduct, row: MenuRow, fail: FailColumn): void {
  let failed = false;
  const failOn: FailColumn = (column, message) => {
    failed = true;
    fail(column, message);
  };
  const exclusive = parseBoolean(row.exclusive || "no");
  const required = parseBoolean(row.required || "no");
  const priceCents = parsePriceToCents(row.option_price || "0");
  if (exclusive === null) failOn("exclusive", `"${row.exclusive}" should be yes or no.`);
  if (required === null) failOn("required", `"${row.required}" should be yes or no.`);
  if (priceCents === null) failOn("option_price", `"${row.option_price}" is not a price like 2.00.`);
  if (row.group.length > MAX_GROUP_NAME) failOn("group", `The group name is at most ${MAX_GROUP_NAME} characters.`);
  if (row.option.length > MAX_OPTION_NAME) failOn("option", `The option name is at most ${MAX_OPTION_NAME} characters.`);
  const groupTranslations = parseNameTranslations(row, GROUP_NAME_COLUMNS, MAX_GROUP_NAME, failOn);
  const optionTranslations = parseNameTranslations(row, OPTION_NAME_COLUMNS, MAX_OPTION_NAME, failOn);
  if (failed || exclusive === null || required === null || priceCents === null) return;

  let group = product.groups.find((g) => g.name === row.group);
  if (!group) {
    group = { name: row.group, exclusive, required, options: [], translations: {} };
    product.groups.push(group);
  } else if (group.exclusive !== exclusive || group.required !== required) {
    fail("exclusive", `Group "${row.group}" has different exclusive/required values on another line.`);
    return;
  }
  // A group's name in a language may be written on any of its rows (export writes it on each); rows that name it agree.
  for (const language of TRANSLATION_LANGUAGES) {
    const given = groupTranslations[language]?.name;
    const known = group.translations[language]?.name;
    if (given === undefined) continue;
    if (known !== undefined && known !== given) {
      fail(GROUP_NAME_COLUMNS[language], `Group "${row.group}" is called "${known}" in ${GROUP_NAME_COLUMNS[language]} on another line.`);
      return;
    }
  }
  if (group.options.some((o) => o.name === row.option)) {
    fail("option", `"${row.option}" is already an option of "${row.group}".`);
    return;
  }
  group.translations = inLanguageOrder({ ...group.translations, ...groupTranslations });
  group.options.push({ name: row.option, priceCents, translations: optionTranslations });
}

/** The name columns `columns` names on a row; an empty cell is no translation. */
function parseNameTranslations(
  row: MenuRow,
  columns: Record<TranslationLanguage, Column>,
  maxLength: number,
  fail: FailColumn,
): NameTranslations {
  const translations: NameTranslations = {};
  for (const language of TRANSLATION_LANGUAGES) {
    const column = columns[language];
    const name = row[column];
    if (name === "") continue;
    if (!hasVisibleText(name)) fail(column, `${column} needs visible characters (leave it empty for no translation).`);
    else if (name.length > maxLength) fail(column, `${column} is at most ${maxLength} characters.`);
    else translations[language] = { name };
  }
  return translations;
}

const inLanguageOrder = (translations: NameTranslations): NameTranslations =>
  Object.fromEntries(TRANSLATION_LANGUAGES.flatMap((language) => (translations[language] ? [[language, translations[language]]] : [])));

type MenuData = Pick<ParsedProduct, "allergens" | "diet" | "prepArea" | "prepMinutes" | "stock" | "translations">;

/** The product row's menu data columns; each bad value is reported through `fail`. */
function parseMenuData(row: Row, fail: (column: Column, message: string) => void): MenuData {
  const allergens = parseTags(row.allergens, ALLERGENS);
  for (const tag of allergens.unknown) fail("allergens", `"${tag}" is not an allergen; use ${ALLERGENS.join(", ")} (separated by ;).`);
  const diet = parseTags(row.diet, DIETS);
  for (const tag of diet.unknown) fail("diet", `"${tag}" is not a diet tag; use ${DIETS.join(", ")} (separated by ;).`);
  if (diet.tags.includes("contains_pork") && (diet.tags.includes("vegetarian") || diet.tags.includes("vegan"))) {
    fail("diet", "A dish that contains pork is not vegetarian or vegan.");
  }
  if (
    diet.tags.includes("vegan") &&
    allergens.tags.some((a) => a === "milk" || a === "eggs" || a === "fish" || a === "crustaceans" || a === "molluscs")
  ) {
    fail("diet", "A vegan dish has no milk, eggs, fish or shellfish; check diet and allergens.");
  }

  const category = isCategoryKey(row.category) ? row.category : "starter";
  const area = tagKey(row.prep_station);
  let prepArea = defaultPrepArea(category);
  if (area !== "") {
    if ((PREP_AREAS as readonly string[]).includes(area)) prepArea = area as PrepArea;
    else fail("prep_station", `"${row.prep_station}" is not a prep station; use ${PREP_AREAS.join(" or ")} (empty = ${prepArea}).`);
  }
  let prepMinutes = DEFAULT_PREP_MINUTES[prepArea];
  if (row.prep_minutes !== "") {
    const minutes = parseCount(row.prep_minutes, MAX_PREP_MINUTES);
    if (minutes === null) fail("prep_minutes", `"${row.prep_minutes}" is not a number of minutes from 0 to ${MAX_PREP_MINUTES}.`);
    else prepMinutes = minutes;
  }
  let stock: number | null = null;
  if (row.stock !== "") {
    stock = parseCount(row.stock, MAX_STOCK);
    if (stock === null) fail("stock", `"${row.stock}" is not a stock count from 0 to ${MAX_STOCK} (leave it empty when not counted).`);
  }

  const translations: MenuData["translations"] = {};
  for (const language of TRANSLATION_LANGUAGES) {
    const nameColumn = `name_${language}` as const;
    const descriptionColumn = `description_${language}` as const;
    const name = row[nameColumn];
    const description = row[descriptionColumn];
    if (name === "" && description === "") continue;
    if (!hasVisibleText(name)) fail(nameColumn, `A ${descriptionColumn} needs its ${nameColumn} (visible characters).`);
    else if (name.length > MAX_NAME) fail(nameColumn, `${nameColumn} is at most ${MAX_NAME} characters.`);
    else if (description.length > MAX_DESCRIPTION)
      fail(descriptionColumn, `${descriptionColumn} is at most ${MAX_DESCRIPTION} characters.`);
    else translations[language] = { name, description };
  }
  return { allergens: allergens.tags, diet: diet.tags, prepArea, prepMinutes, stock, translations };
}

class HeaderError extends Error {}

/** The branch's menu in the upload format; importing it back changes nothing. */
export function menuToCsv(menu: Menu): string {
  const rows: Partial<Record<Column, string>>[] = [];
  for (const category of CATEGORY_KEYS) {
    for (const product of menu[category]) {
      const productRow: Partial<Record<Column, string>> = {
        category,
        product: product.name,
        description: product.description,
        price: product.price,
        available: product.available ? "yes" : "no",
        weekday: product.weekday ? String(product.weekday) : "",
        allergens: product.allergens.join(";"),
        diet: product.diet.join(";"),
        prep_station: product.prep_station,
        prep_minutes: String(product.prep_minutes),
        stock: product.stock === null ? "" : String(product.stock),
        happy_hour_price: product.happy_hour_price ?? "",
      };
      for (const language of TRANSLATION_LANGUAGES) {
        productRow[`name_${language}`] = product.translations?.[language]?.name ?? "";
        productRow[`description_${language}`] = product.translations?.[language]?.description ?? "";
      }
      rows.push(productRow);
      for (const [groupName, group] of Object.entries(product.customizations)) {
        for (const option of group.options) {
          const optionRow: Partial<Record<Column, string>> = {
            category,
            product: product.name,
            group: groupName,
            exclusive: group.exclusive ? "yes" : "no",
            required: group.required ? "yes" : "no",
            option: option.name,
            option_price: formatCents(parsePriceToCents(option.price) ?? 0),
          };
          for (const language of TRANSLATION_LANGUAGES) {
            optionRow[GROUP_NAME_COLUMNS[language]] = group.translations?.[language]?.name ?? "";
            optionRow[OPTION_NAME_COLUMNS[language]] = option.translations?.[language]?.name ?? "";
          }
          rows.push(optionRow);
        }
      }
    }
  }
  return stringify(
    rows.map((row) => CSV_COLUMNS.map((column) => escapeFormula(row[column] ?? ""))),
    { header: true, columns: [...CSV_COLUMNS], record_delimiter: "\r\n" },
  );
}
