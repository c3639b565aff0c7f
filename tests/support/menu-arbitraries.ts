/**
 * fast-check generators for menus and orders, shared by the property tests of pricing, the cart and
 * the menu CSV. A catalog is generated in the server's pricing shape (integer cents) and converted to
 * the wire shape the phone sees, so the client and the server can be compared on the same menu.
 */
import fc from "fast-check";
import {
  ALLERGENS,
  CATEGORY_KEYS,
  DIETS,
  PREP_AREAS,
  TRANSLATION_LANGUAGES,
  type Allergen,
  type CategoryKey,
  type Diet,
  type PrepArea,
  type TranslationLanguage,
} from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { CustomizationGroup, Menu, NameTranslations, OrderLineInput, Product, Translation } from "../../contract/schemas";
import type { CatalogGroup, CatalogProduct } from "../../api/menu/catalog-queries";

/** Prices as the CSV allows them (up to 9,999,999.99), mostly restaurant-sized. */
export const priceCentsArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 9_999 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 200_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 999_999_999 }) },
);
const optionPriceCentsArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 1_000 }) },
  { weight: 1, arbitrary: priceCentsArb },
);

const groupShapeArb = fc.record({
  exclusive: fc.boolean(),
  required: fc.boolean(),
  optionPrices: fc.array(optionPriceCentsArb, { minLength: 1, maxLength: 4 }),
});
const productShapeArb = fc.record({
  branchId: fc.constantFrom(1, 2),
  priceCents: priceCentsArb,
  available: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  groups: fc.array(groupShapeArb, { maxLength: 3 }),
});

/**
 * 1–8 products; the first is always an available branch-1 product, so every catalog has something
 * to order. Product ids are 1…n and option ids unique across the catalog, as in the database.
 */
export const catalogArb: fc.Arbitrary<CatalogProduct[]> = fc
  .tuple(productShapeArb, fc.array(productShapeArb, { maxLength: 7 }))
  .map(([first, rest]) => {
    let nextOptionId = 1000;
    return [{ ...first, branchId: 1, available: true }, ...rest].map((shape, index) => ({
      id: index + 1,
      branchId: shape.branchId,
      name: `Product ${index + 1}`,
      priceCents: shape.priceCents,
      happyHourPriceCents: null,
      available: shape.available,
      weekday: null,
      stock: null,
      prepArea: "kitchen",
      prepMinutes: 10,
      groups: shape.groups.map((group, g): CatalogGroup => ({
        name: `Group ${g + 1}`,
        exclusive: group.exclusive,
        required: group.required,
        options: group.optionPrices.map((priceCents, o) => ({ id: nextOptionId++, name: `Option ${g + 1}.${o + 1}`, priceCents })),
      })),
    }));
  });

export const catalogMap = (products: readonly CatalogProduct[]) => new Map(products.map((p) => [p.id, p]));

/** The options one line may choose for a product: one per required exclusive group, at least one per required group, … */
export function validChoiceArb(product: CatalogProduct): fc.Arbitrary<number[]> {
  const perGroup = product.groups.map((group) => {
    const ids = group.options.map((o) => o.id);
    if (group.exclusive)
      return group.required
        ? fc.constantFrom(...ids).map((id) => [id])
        : fc.option(fc.constantFrom(...ids), { nil: undefined }).map((id) => (id === undefined ? [] : [id]));
    return fc.subarray(ids, { minLength: group.required ? 1 : 0 });
  });
  // The phone may send the ids in any order; the server must not care.
  return fc.tuple(...perGroup).chain((chosen) => {
    const flat = chosen.flat();
    return fc.shuffledSubarray(flat, { minLength: flat.length, maxLength: flat.length });
  });
}

export function unitPriceOf(product: CatalogProduct, optionIds: readonly number[]): number {
  const options = product.groups.flatMap((g) => g.options);
  return optionIds.reduce((sum, id) => sum + options.find((o) => o.id === id)!.priceCents, product.priceCents);
}

/** The wire format of a price has at most 7 digits before the point (contract/money.ts). */
export const MAX_WIRE_PRICE_CENTS = 999_999_999;

/**
 * A valid order line for `product` (quantity 1–99, and sometimes the phone's customizedPrice, correct).
 * A unit price above 9,999,999.99 (a base price near the CSV's maximum plus options) has no wire
 * form, so such a line is sent without one.
 */
export function validLineArb(product: CatalogProduct): fc.Arbitrary<OrderLineInput> {
  return fc
    .record({ choice: validChoiceArb(product), quantity: fc.integer({ min: 1, max: 99 }), sendPrice: fc.boolean() })
    .map(({ choice, quantity, sendPrice }) => {
      const unit = unitPriceOf(product, choice);
      return {
        id: product.id,
        quantity,
        selectedCustomizations: choice,
        ...(sendPrice && unit <= MAX_WIRE_PRICE_CENTS ? { customizedPrice: formatCents(unit) } : {}),
      };
    });
}

/** The dearest unit price a product can reach (every option chosen). */
export const maxUnitPriceOf = (product: CatalogProduct) =>
  unitPriceOf(
    product,
    product.groups.flatMap((g) => g.options.map((o) => o.id)),
  );

/** The products whose every unit price has a wire form (what a phone can send as customizedPrice). */
export const wireSafe = (catalog: readonly CatalogProduct[]) => catalog.filter((p) => maxUnitPriceOf(p) <= MAX_WIRE_PRICE_CENTS);

/** The products a branch-`branchId` order may contain. */
/** The weekday the catalogs here are priced on: they hold no daily special, so every day prices them alike. */
export const ANY_WEEKDAY = 3;

export const orderable = (catalog: readonly CatalogProduct[], branchId = 1) =>
  catalog.filter((p) => p.branchId === branchId && p.available);

/** A catalog with a valid branch-1 order of 1–8 lines. */
export const catalogWithOrderArb = catalogArb.chain((catalog) =>
  fc.array(fc.constantFrom(...orderable(catalog)).chain(validLineArb), { minLength: 1, maxLength: 8 }).map((lines) => ({ catalog, lines })),
);

/** A product with no allergens, diet tags or stock count, made in the kitchen. */
const NO_MENU_DATA = {
  allergens: [],
  diet: [],
  prep_station: "kitchen",
  prep_minutes: 10,
  stock: null,
} as const satisfies Partial<Product>;

/** The product as the phone receives it from GET /api/products_by_category. */
export function toWireProduct(product: CatalogProduct): Product {
  return {
    id: product.id,
    name: product.name,
    description: "",
    price: formatCents(product.priceCents),
    available: product.available,
    ...NO_MENU_DATA,
    customizations: Object.fromEntries(
      product.groups.map((group): [string, CustomizationGroup] => [
        group.name,
        {
          exclusive: group.exclusive,
          required: group.required,
          options: group.options.map((o) => ({ id: o.id, name: o.name, price: formatCents(o.priceCents) })),
        },
      ]),
    ),
  };
}

/** HST 13 % half-up, written from the definition rather than from contract/money.ts's formula. */
export function expectedHst(subtotalCents: number): number {
  const times13 = BigInt(subtotalCents) * 13n;
  const whole = times13 / 100n;
  return Number(times13 % 100n >= 50n ? whole + 1n : whole);
}

// ---------- text that menus are made of ----------

/**
 * Characters that stress a CSV file and the code around it: separators and quotes, line breaks,
 * spreadsheet formula starters and the quote that neutralises them, non-ASCII letters, an emoji,
 * a combining accent, a right-to-left letter, non-breaking and zero-width spaces.
 */
const TRICKY_UNITS = [
  ",",
  '"',
  "'",
  "\n",
  "\r\n",
  "\r",
  "=",
  "+",
  "-",
  "@",
  "\t",
  ";",
  "\\",
  "|",
  " ",
  "\u00a0",
  "\u200b",
  "é",
  "ñ",
  "ü",
  "ß",
  "İ",
  "中",
  "文",
  "饺",
  "ạ",
  "🍺",
  "🔥",
  "e\u0301",
  "ש",
  "&",
  "<",
  ">",
  "%",
  "{",
  "}",
  "[",
  "]",
  "$",
  "0",
  "1",
  "9",
  ".",
  "#",
  "?",
  "/",
  "_",
] as const;
const unitArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split("")) },
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_UNITS) },
);

/** Names objects must not confuse with their own machinery. */
export const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "__defineGetter__",
  "valueOf",
] as const;
/** Beginnings a spreadsheet or the CSV's formula guard treat specially. */
const TRICKY_PREFIXES = [
  "=",
  "+",
  "-",
  "@",
  "'",
  "'=",
  "'+",
  "'-",
  "'@",
  "''=",
  '"',
  '"=',
  '=""',
  "-1",
  "+1",
  "@SUM(",
  '=HYPERLINK("',
] as const;

/** Free text for names and descriptions (may have surrounding spaces, may be invisible). */
export const trickyTextArb = (maxLength: number) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.string({ unit: unitArb, minLength: 1, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...TRICKY_PREFIXES), fc.string({ unit: unitArb, maxLength: Math.max(1, maxLength - 14) }))
        .map(([prefix, rest]) => prefix + rest),
    },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: Math.min(maxLength, 12) }) },
  );

/** Visible text a manager could give a product, group or option (what the CSV format accepts as a name). */
export function hasVisibleText(value: string): boolean {
  return value.replace(/[\p{Cc}\p{Cf}\s]/gu, "") !== "";
}

// ---------- whole menus, for the CSV round trip ----------

/**
 * A name the CSV format can carry: cells are trimmed on import, so a name is stored trimmed, has
 * visible characters and keeps within the column's length. `trimmed: false` leaves the surrounding
 * spaces on, for the properties about that normalisation.
 */
export const csvNameArb = (maxLength: number, { trimmed = true } = {}) =>
  trickyTextArb(maxLength)
    .filter((raw) => hasVisibleText(raw) && raw.trim().length <= maxLength && !QUOTED_FORMULA.test(raw.trim()))
    .map((raw) => (trimmed ? raw.trim() : raw));

/**
 * Text that begins with a quote and a formula character ("'=…"). The CSV's formula guard strips
 * that quote on import, so such names are left to their own test (menu-csv.property.test.ts) and
 * kept out of the general generators, where they would hide every other finding behind this one.
 */
export const QUOTED_FORMULA = /^'[=+\-@\t\r]/;

/** A group's or option's name in some of the languages, in the languages' own order (as import builds them). */
const nameTranslationsArb = (maxLength: number): fc.Arbitrary<NameTranslations> =>
  fc
    .record(
      Object.fromEntries(TRANSLATION_LANGUAGES.map((language) => [language, csvNameArb(maxLength).map((name) => ({ name }))])) as Record<
        TranslationLanguage,
        fc.Arbitrary<{ name: string }>
      >,
      { requiredKeys: [] },
    )
    .map((translations) =>
      Object.fromEntries(TRANSLATION_LANGUAGES.flatMap((language) => (translations[language] ? [[language, translations[language]]] : []))),
    );
const menuOptionArb = fc.record({
  name: csvNameArb(80),
  priceCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000 }), priceCentsArb),
  translations: nameTranslationsArb(80),
});
const menuGroupArb = fc.record({
  name: csvNameArb(60),
  exclusive: fc.boolean(),
  required: fc.boolean(),
  options: fc.uniqueArray(menuOptionArb, { minLength: 1, maxLength: 4, selector: (o) => o.name }),
  translations: nameTranslationsArb(60),
});
const ANIMAL_ALLERGENS: readonly Allergen[] = ["milk", "eggs", "fish", "crustaceans", "molluscs"];
const translationArb: fc.Arbitrary<Translation> = fc.record({
  name: csvNameArb(80),
  description: fc.oneof(fc.constant(""), csvNameArb(500)),
});

/**
 * Allergens, diet, prep station and minutes, stock and translations as the format allows them: tags
 * in their lists' order, no pork in a vegetarian or vegan dish, no animal allergen in a vegan one,
 * and a count of 0 only on a sold-out product (import sells a product with none left out).
 */
const menuDataArb = fc
  .record({
    allergens: fc.subarray([...ALLERGENS]),
    diet: fc.subarray([...DIETS]),
    prepArea: fc.constantFrom(...PREP_AREAS),
    prepMinutes: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 240 })),
    stock: fc.option(fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 9999 })), { nil: null }),
    translations: fc.record(
      Object.fromEntries(TRANSLATION_LANGUAGES.map((language) => [language, translationArb])) as Record<
        TranslationLanguage,
        fc.Arbitrary<Translation>
      >,
      { requiredKeys: [] },
    ),
  })
  .map((data) => {
    const diet = data.diet.includes("contains_pork") ? data.diet.filter((tag) => tag !== "vegetarian" && tag !== "vegan") : data.diet;
    const allergens = diet.includes("vegan") ? data.allergens.filter((a) => !ANIMAL_ALLERGENS.includes(a)) : data.allergens;
    // In the languages' own order, as import builds them.
    const translations = Object.fromEntries(
      TRANSLATION_LANGUAGES.flatMap((language) => (data.translations[language] ? [[language, data.translations[language]]] : [])),
    );
    return { ...data, diet, allergens, translations };
  });

const menuProductArb = (category: CategoryKey) =>
  fc
    .record({
      name: csvNameArb(80),
      description: fc.oneof(fc.constant(""), csvNameArb(500)),
      priceCents: priceCentsArb,
      available: fc.boolean(),
      weekday: category === "special" ? fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }) : fc.constant(undefined),
      groups: fc.uniqueArray(menuGroupArb, { maxLength: 3, selector: (g) => g.name }),
      data: menuDataArb,
      // How much less the happy-hour price is (always less: the format's rule); null: none.
      happyHourDiscount: fc.option(fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 999_999_999 })), { nil: null }),
    })
    .map(({ data, happyHourDiscount, ...product }) => ({
      ...product,
      ...data,
      happyHourPriceCents:
        happyHourDiscount === null || product.priceCents === 0 ? null : Math.max(0, product.priceCents - happyHourDiscount),
      available: product.available && data.stock !== 0,
    }));

/**
 * A whole branch menu in the API's shape (at least one product; names unique per category ignoring
 * case, as the format requires). Ids are placeholders: the CSV does not carry them.
 */
export const menuArb: fc.Arbitrary<Menu> = fc
  .tuple(
    ...CATEGORY_KEYS.map((category) => fc.uniqueArray(menuProductArb(category), { maxLength: 4, selector: (p) => p.name.toLowerCase() })),
  )
  .filter((perCategory) => perCategory.some((products) => products.length > 0))
  .map((perCategory) => menuOf(perCategory.flatMap((products, c) => products.map((p) => ({ ...p, category: CATEGORY_KEYS[c]! })))));

/** What a menu file says about one product (a parsed CSV row has this shape too). */
export interface MenuItemContent {
  category: CategoryKey;
  name: string;
  description: string;
  priceCents: number;
  /** Absent: none. */
  happyHourPriceCents?: number | null;
  available: boolean;
  weekday?: number | null;
  groups: readonly {
    name: string;
    exclusive: boolean;
    required: boolean;
    options: readonly { name: string; priceCents: number; translations?: NameTranslations }[];
    /** Absent or empty: none. */
    translations?: NameTranslations;
  }[];
  /** Absent: none (the kitchen's defaults for prep station and minutes, not counted, no translations). */
  allergens?: readonly Allergen[];
  diet?: readonly Diet[];
  prepArea?: PrepArea;
  prepMinutes?: number;
  stock?: number | null;
  translations?: Partial<Record<TranslationLanguage, Translation>>;
}

/** Products in the API's menu shape, every category present, ids numbered in the order given. */
export function menuOf(products: readonly MenuItemContent[]): Menu {
  let id = 1;
  const menu = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, [] as Product[]])) as Menu;
  for (const p of products) {
    const product: Product = {
      id: id++,
      name: p.name,
      description: p.description,
      price: formatCents(p.priceCents),
      happy_hour_price: p.happyHourPriceCents === undefined || p.happyHourPriceCents === null ? null : formatCents(p.happyHourPriceCents),
      available: p.available,
      allergens: [...(p.allergens ?? NO_MENU_DATA.allergens)],
      diet: [...(p.diet ?? NO_MENU_DATA.diet)],
      prep_station: p.prepArea ?? NO_MENU_DATA.prep_station,
      prep_minutes: p.prepMinutes ?? NO_MENU_DATA.prep_minutes,
      stock: p.stock ?? NO_MENU_DATA.stock,
      // fromEntries makes "__proto__" an own key like any other name.
      customizations: Object.fromEntries(
        p.groups.map((g): [string, CustomizationGroup] => [
          g.name,
          withTranslations(
            {
              exclusive: g.exclusive,
              required: g.required,
              options: g.options.map((o) => withTranslations({ id: id++, name: o.name, price: formatCents(o.priceCents) }, o.translations)),
            },
            g.translations,
          ),
        ]),
      ),
    };
    if (p.weekday !== undefined && p.weekday !== null) product.weekday = p.weekday;
    if (p.translations && Object.keys(p.translations).length > 0) product.translations = p.translations;
    menu[p.category].push(product);
  }
  return menu;
}

/** As the menu answers: `translations` only where there are some. */
function withTranslations<T extends object>(entry: T, translations: NameTranslations | undefined): T & { translations?: NameTranslations } {
  return translations && Object.keys(translations).length > 0 ? { ...entry, translations } : entry;
}

/** A menu without its ids: what a CSV file can say about it, for comparing menus across an import. */
export function menuContent(menu: Menu) {
  return CATEGORY_KEYS.flatMap((category) =>
    menu[category].map((p) => ({
      category,
      name: p.name,
      description: p.description,
      price: p.price,
      happy_hour_price: p.happy_hour_price ?? null,
      available: p.available,
      weekday: p.weekday ?? null,
      allergens: p.allergens,
      diet: p.diet,
      prep_station: p.prep_station,
      prep_minutes: p.prep_minutes,
      stock: p.stock,
      translations: Object.fromEntries(
        TRANSLATION_LANGUAGES.flatMap((language) => (p.translations?.[language] ? [[language, p.translations[language]]] : [])),
      ),
      groups: Object.entries(p.customizations).map(([name, g]) => ({
        name,
        exclusive: g.exclusive,
        required: g.required,
        translations: g.translations ?? {},
        options: g.options.map((o) => ({ name: o.name, price: o.price, translations: o.translations ?? {} })),
      })),
    })),
  );
}
