/**
 * The menu editor's product, read by the CSV's rules (menu-csv.ts): the JSON is written as the rows
 * an export would hold for it, so both paths check one set of rules and answer the same messages.
 * Each problem also names where it is in the JSON (`path`), so the editor shows it by its field.
 */
import { TRANSLATION_LANGUAGES } from "../../contract/menu";
import type { ApiErrorDetail, CustomizationGroup, ProductInput } from "../../contract/schemas";
import { CSV_COLUMNS, addOptionRow, parseProductRow, type MenuRow, type ParsedProduct } from "./menu-csv";

/** Where a CSV column's value is in the editor's JSON. */
const PATH_OF: Record<string, string> = {
  product: "name",
  name_fil: "translations.fil.name",
  description_fil: "translations.fil.description",
  name_zh: "translations.zh.name",
  description_zh: "translations.zh.description",
};

const emptyRow = (): MenuRow => Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])) as MenuRow;
const yesNo = (value: boolean | undefined) => (value === undefined ? "" : value ? "yes" : "no");

export type CompleteInput = ProductInput & Required<Pick<ProductInput, "category" | "name" | "price">>;

export function parseProductInput(input: CompleteInput): { ok: true; product: ParsedProduct } | { ok: false; errors: ApiErrorDetail[] } {
  const errors: ApiErrorDetail[] = [];
  const row: MenuRow = {
    ...emptyRow(),
    category: input.category.trim(),
    product: input.name.trim(),
    description: (input.description ?? "").trim(),
    price: input.price.trim(),
    available: yesNo(input.available),
    weekday: input.weekday == null ? "" : String(input.weekday),
    allergens: (input.allergens ?? []).join(";"),
    diet: (input.diet ?? []).join(";"),
    prep_station: input.prep_station ?? "",
    prep_minutes: input.prep_minutes == null ? "" : String(input.prep_minutes),
    stock: input.stock == null ? "" : String(input.stock),
    happy_hour_price: (input.happy_hour_price ?? "").trim(),
  };
  for (const language of TRANSLATION_LANGUAGES) {
    row[`name_${language}`] = (input.translations?.[language]?.name ?? "").trim();
    row[`description_${language}`] = (input.translations?.[language]?.description ?? "").trim();
  }
  const product = parseProductRow(row, (column, message) => errors.push({ path: PATH_OF[column] ?? column, column, message }));

  const target = product ?? scratch();
  for (const [groupName, group] of Object.entries(input.customizations ?? {})) {
    const groupPath = `customizations.${groupName}`;
    if (group.options.length === 0) {
      errors.push({ path: groupPath, column: "group", message: `Group "${groupName}" needs at least one option.` });
      continue;
    }
    group.options.forEach((option, index) => {
      const optionRow: MenuRow = {
        ...emptyRow(),
        group: groupName.trim(),
        exclusive: yesNo(group.exclusive),
        required: yesNo(group.required),
        option: option.name.trim(),
        option_price: option.price.trim(),
      };
      const optionPath = `${groupPath}.options.${index}`;
      const where: Record<string, string> = {
        group: groupPath,
        exclusive: groupPath,
        option: `${optionPath}.name`,
        option_price: `${optionPath}.price`,
      };
      for (const language of TRANSLATION_LANGUAGES) {
        optionRow[`group_${language}`] = (group.translations?.[language]?.name ?? "").trim();
        optionRow[`option_${language}`] = (option.translations?.[language]?.name ?? "").trim();
        where[`group_${language}`] = `${groupPath}.translations.${language}.name`;
        where[`option_${language}`] = `${optionPath}.translations.${language}.name`;
      }
      const fail = (column: string, message: string) => errors.push({ path: where[column] ?? groupPath, column, message });
      if (!optionRow.group) fail("group", "An option row needs its group name.");
      if (!optionRow.option) fail("option", "An option row needs the option's name.");
      if (optionRow.group && optionRow.option) addOptionRow(target, optionRow, fail);
    });
  }
  if (errors.length > 0 || !product) return { ok: false, errors };
  return { ok: true, product };
}

/**
 * A PUT's option groups over the product's own: a group or option sent without `translations` keeps
 * the names it has in other languages (matched by name, as an import matches them), as the
 * product's fields the editor does not send keep their values; `translations: {}` clears them.
 */
export function keepOptionTranslations(
  sent: NonNullable<ProductInput["customizations"]>,
  current: Record<string, CustomizationGroup>,
): NonNullable<ProductInput["customizations"]> {
  return Object.fromEntries(
    Object.entries(sent).map(([groupName, group]) => {
      const before = Object.hasOwn(current, groupName) ? current[groupName] : undefined;
      const options = group.options.map((option) => {
        if (option.translations !== undefined || !before) return option;
        const match = before.options.find((o) => o.name === option.name.trim());
        return match?.translations ? { ...option, translations: match.translations } : option;
      });
      const translations = group.translations ?? before?.translations;
      return [groupName, translations ? { ...group, options, translations } : { ...group, options }];
    }),
  );
}

/** Somewhere to check options against while the product itself has problems, so all are reported at once. */
const scratch = (): ParsedProduct => ({
  category: "main",
  name: "",
  description: "",
  priceCents: 0,
  happyHourPriceCents: null,
  available: true,
  weekday: null,
  groups: [],
  allergens: [],
  diet: [],
  prepArea: "kitchen",
  prepMinutes: 0,
  stock: null,
  translations: {},
});
