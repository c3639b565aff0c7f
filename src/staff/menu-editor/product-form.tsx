import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Choice } from "../../shared/controls";
import { ALLERGENS, CATEGORY_KEYS, CATEGORY_TITLES, DIETS, PREP_AREAS, WEEKDAY_NAMES, type CategoryKey } from "../../../contract/menu";
import type { NameTranslations, Photo, ProductCreate } from "../../../contract/schemas";
import { focusLater } from "../../shared/focus";
import { FormField, useFieldErrors, type FieldProps } from "../../shared/form-field";
import { useWrite } from "../../shared/use-write";
import { FormActions } from "../lib/form-actions";
import { ProblemMessage } from "../lib/problem-message";
import { KEEP_PHOTO, PhotoControl, type PhotoChange } from "./photo-control";

/** A name in Filipino and in Chinese (empty: none; the diner then reads the English one). */
export interface NameInLanguages {
  name_fil: string;
  name_zh: string;
}
export interface OptionValues extends NameInLanguages {
  name: string;
  price: string;
}
export interface GroupValues extends NameInLanguages {
  name: string;
  exclusive: boolean;
  required: boolean;
  options: OptionValues[];
}
/** The form's text: numbers stay text until sent, so what the manager typed is what the server judges. */
export interface ProductValues {
  category: CategoryKey;
  name: string;
  description: string;
  price: string;
  happy_hour_price: string;
  available: boolean;
  weekday: string;
  allergens: string[];
  diet: string[];
  prep_station: string;
  prep_minutes: string;
  stock: string;
  name_fil: string;
  description_fil: string;
  name_zh: string;
  description_zh: string;
  groups: GroupValues[];
}

export const newProduct = (category: CategoryKey): ProductValues => ({
  category,
  name: "",
  description: "",
  price: "",
  happy_hour_price: "",
  available: true,
  weekday: "",
  allergens: [],
  diet: [],
  prep_station: "",
  prep_minutes: "",
  stock: "",
  name_fil: "",
  description_fil: "",
  name_zh: "",
  description_zh: "",
  groups: [],
});

/** The body the server checks (by the menu CSV's rules); it answers each problem with its `path`. */
export function toBody(values: ProductValues): ProductCreate {
  const number = (text: string) => (text.trim() === "" ? null : Number(text));
  return {
    category: values.category,
    name: values.name,
    description: values.description,
    price: values.price,
    happy_hour_price: values.happy_hour_price.trim() === "" ? null : values.happy_hour_price,
    available: values.available,
    weekday: number(values.weekday),
    allergens: values.allergens,
    diet: values.diet,
    ...(values.prep_station && { prep_station: values.prep_station }),
    ...(values.prep_minutes.trim() !== "" && { prep_minutes: Number(values.prep_minutes) }),
    stock: number(values.stock),
    translations: {
      ...((values.name_fil || values.description_fil) && { fil: { name: values.name_fil, description: values.description_fil } }),
      ...((values.name_zh || values.description_zh) && { zh: { name: values.name_zh, description: values.description_zh } }),
    },
    customizations: Object.fromEntries(
      values.groups.map((group) => [
        group.name,
        {
          exclusive: group.exclusive,
          required: group.required,
          options: group.options.map((option) => ({ name: option.name, price: option.price, translations: nameTranslations(option) })),
          translations: nameTranslations(group),
        },
      ]),
    ),
  };
}

/** Sent whole, `{}` included: a name emptied in the form is removed on the server, not kept. */
function nameTranslations(values: NameInLanguages): NameTranslations {
  return {
    ...(values.name_fil.trim() && { fil: { name: values.name_fil } }),
    ...(values.name_zh.trim() && { zh: { name: values.name_zh } }),
  };
}

/** The form's names in other languages from the menu's `translations`. */
export function namesInLanguages(translations: NameTranslations | undefined): NameInLanguages {
  return { name_fil: translations?.fil?.name ?? "", name_zh: translations?.zh?.name ?? "" };
}

/** Where the server's `path` for a field lands in this form. */
function fieldOf(path: string | undefined, groups: GroupValues[]): string | undefined {
  if (!path) return undefined;
  const translation = /^translations\.(fil|zh)\.(name|description)$/.exec(path);
  if (translation) return `${translation[2]}_${translation[1]}`;
  const groupIndex = (name: string) => groups.findIndex((g) => g.name === name);
  const optionName = /^customizations\.(.+)\.options\.(\d+)\.translations\.(fil|zh)\.name$/.exec(path);
  if (optionName) return `group-${groupIndex(optionName[1]!)}-option-${optionName[2]}-name_${optionName[3]}`;
  const groupName = /^customizations\.(.+)\.translations\.(fil|zh)\.name$/.exec(path);
  if (groupName) return `group-${groupIndex(groupName[1]!)}-name_${groupName[2]}`;
  const option = /^customizations\.(.+)\.options\.(\d+)\.(name|price)$/.exec(path);
  if (option) return `group-${groups.findIndex((g) => g.name === option[1])}-option-${option[2]}-${option[3]}`;
  const group = /^customizations\.(.+)$/.exec(path);
  if (group) return `group-${groups.findIndex((g) => g.name === group[1])}-name`;
  return path;
}

/** The languages a diner may read the menu in besides English, as the form names them. */
const LANGUAGE_FIELDS = [
  { suffix: "fil", lang: "fil", language: "Filipino" },
  { suffix: "zh", lang: "zh-Hans", language: "Chinese" },
] as const;

/** The dish is saved and its new photo is not: the form stays open with the reason on the photo's field. */
export class PhotoNotSaved extends Error {}

interface ProductFormProps {
  title: string;
  initial: ProductValues;
  /** The photo the dish has on the server (null: none, or a new dish). */
  currentPhoto: Photo | null;
  submitLabel: string;
  /** Saves the dish, then its photo's change; `progress` follows the photo's upload. */
  onSubmit(values: ProductValues, photo: PhotoChange, progress: (fraction: number | null) => void): Promise<void>;
  onCancel(): void;
}

/** Every field of a product, its option groups and options, and its Filipino and Chinese texts. */
export function ProductForm({ title, initial, currentPhoto, submitLabel, onSubmit, onCancel }: ProductFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const formRef = useRef<HTMLFormElement>(null);
  // A detail lands on its field when the form shows that field; the rest stays in the form's error box.
  const { errors, setErrors, refused } = useFieldErrors((path) => {
    const key = fieldOf(path, values.groups);
    return key && formRef.current?.querySelector(`[name="${CSS.escape(key)}"]`) ? key : undefined;
  });
  const { run, busy: saving, problem } = useWrite();
  // The photo goes with the dish: chosen and previewed here, sent by Save, forgotten by Cancel.
  const [photo, setPhoto] = useState<PhotoChange>(KEEP_PHOTO);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photoProgress, setPhotoProgress] = useState<number | null | undefined>(undefined);
  const set = <K extends keyof ProductValues>(key: K, value: ProductValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setGroup = (index: number, group: GroupValues) =>
    set(
      "groups",
      values.groups.map((g, i) => (i === index ? group : g)),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setPhotoError(null);
    void run(
      async () => {
        try {
          await onSubmit(values, photo, setPhotoProgress);
        } catch (error) {
          setPhotoProgress(undefined);
          if (!(error instanceof PhotoNotSaved)) throw error;
          // The dish was saved: the photo's reason goes on its field, which has focus once enabled again.
          flushSync(() => {
            setErrors({});
            setPhotoError(error.message);
          });
          focusLater(() => form.querySelector<HTMLElement>("input[name='photo']"));
        }
      },
      { problem: (error) => refused(form, error) },
    );
  };

  /** A field on the one FormField; its `name` is the key the server's details point at. */
  const field = (key: string, label: ReactNode, input: (props: FieldProps & { name: string }) => ReactNode) => (
    <FormField key={key} id={`${id}-${key}`} label={label} error={errors[key]}>
      {(props) => input({ ...props, name: key })}
    </FormField>
  );
  const text = (key: keyof ProductValues & string, label: string, props: Record<string, unknown> = {}) =>
    field(key, label, (attrs) => (
      <input type="text" {...attrs} {...props} value={values[key] as string} onChange={(e) => set(key, e.target.value as never)} />
    ));
  /** A description: a text box showing it whole, in the language it is written in. */
  const textBox = (key: "description" | "description_fil" | "description_zh", label: string, lang?: string) =>
    field(key, label, (attrs) => <textarea {...attrs} lang={lang} value={values[key]} onChange={(e) => set(key, e.target.value)} />);
  const tags = (key: "allergens" | "diet", legend: string, all: readonly string[]) => (
    <fieldset className="menu-editor__tags" aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}>
      <legend>{legend}</legend>
      {all.map((tag) => (
        <Choice
          key={tag}
          name={key}
          aria-invalid={errors[key] ? true : undefined}
          checked={values[key].includes(tag)}
          onChange={(e) => set(key, e.target.checked ? [...values[key], tag] : values[key].filter((t) => t !== tag))}
        >
          {tag.replace(/_/g, " ")}
        </Choice>
      ))}
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="staff-field__error">
          {errors[key]}
        </p>
      )}
    </fieldset>
  );

  /** A group's or an option's name in Filipino and Chinese, beside its English one. */
  const inLanguages = (key: string, label: string, names: NameInLanguages, change: (names: NameInLanguages) => void) =>
    LANGUAGE_FIELDS.map(({ suffix, lang, language }) =>
      field(`${key}_${suffix}`, `${label} in ${language}`, (attrs) => (
        <input
          type="text"
          lang={lang}
          {...attrs}
          value={names[`name_${suffix}`]}
          onChange={(e) => change({ ...names, [`name_${suffix}`]: e.target.value })}
        />
      )),
    );

  return (
    <form ref={formRef} className="menu-editor__form staff-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="menu-editor__fields">
        {field("category", "Category", (attrs) => (
          <select {...attrs} value={values.category} onChange={(e) => set("category", e.target.value as CategoryKey)}>
            {CATEGORY_KEYS.map((key) => (
              <option key={key} value={key}>
                {CATEGORY_TITLES[key]}
              </option>
            ))}
          </select>
        ))}
        {text("name", "Name")}
        {textBox("description", "Description")}
        {text("price", "Price", { inputMode: "decimal" })}
        {text("happy_hour_price", "Happy-hour price (empty: none)", { inputMode: "decimal" })}
        <div className="staff-field">
          <Choice name="available" checked={values.available} onChange={(e) => set("available", e.target.checked)}>
            On the menu (not sold out)
          </Choice>
        </div>
        {text("stock", "Stock (empty: not counted)", { inputMode: "numeric" })}
        {field("weekday", "Weekday special", (attrs) => (
          <select {...attrs} value={values.weekday} onChange={(e) => set("weekday", e.target.value)}>
            <option value="">Every day</option>
            {WEEKDAY_NAMES.map((day, index) => (
              <option key={day} value={String(index + 1)}>
                {day}
              </option>
            ))}
          </select>
        ))}
        {field("prep_station", "Prep station", (attrs) => (
          <select {...attrs} value={values.prep_station} onChange={(e) => set("prep_station", e.target.value)}>
            <option value="">Default for the category</option>
            {PREP_AREAS.map((area) => (
              <option key={area} value={area}>
                {area === "bar" ? "Bar" : "Kitchen"}
              </option>
            ))}
          </select>
        ))}
        {text("prep_minutes", "Prep minutes (empty: default)", { inputMode: "numeric" })}
        {tags("allergens", "Allergens", ALLERGENS)}
        {tags("diet", "Diet", DIETS)}
        {text("name_fil", "Name in Filipino", { lang: "fil" })}
        {textBox("description_fil", "Description in Filipino", "fil")}
        {text("name_zh", "Name in Chinese", { lang: "zh-Hans" })}
        {textBox("description_zh", "Description in Chinese", "zh-Hans")}
        <div className="menu-editor__photo">
          <PhotoControl
            dishName={values.name}
            current={currentPhoto}
            change={photo}
            onChange={(change) => {
              setPhoto(change);
              setPhotoError(null);
            }}
            error={photoError}
            progress={photoProgress}
            disabled={saving}
          />
        </div>
      </div>

      <fieldset className="menu-editor__groups">
        <legend>Option groups</legend>
        {values.groups.map((group, g) => (
          <fieldset key={g} className="menu-editor__group">
            <legend>Group {g + 1}</legend>
            {field(`group-${g}-name`, "Group name", (attrs) => (
              <input type="text" {...attrs} value={group.name} onChange={(e) => setGroup(g, { ...group, name: e.target.value })} />
            ))}
            {inLanguages(`group-${g}-name`, "Group name", group, (names) => setGroup(g, { ...group, ...names }))}
            <Choice checked={group.exclusive} onChange={(e) => setGroup(g, { ...group, exclusive: e.target.checked })}>
              Pick one only
            </Choice>
            <Choice checked={group.required} onChange={(e) => setGroup(g, { ...group, required: e.target.checked })}>
              Required
            </Choice>
            {group.options.map((option, o) => {
              const setOption = (next: OptionValues) =>
                setGroup(g, { ...group, options: group.options.map((x, i) => (i === o ? next : x)) });
              return (
                <div key={o} className="menu-editor__option">
                  {field(`group-${g}-option-${o}-name`, `Option ${o + 1} name`, (attrs) => (
                    <input type="text" {...attrs} value={option.name} onChange={(e) => setOption({ ...option, name: e.target.value })} />
                  ))}
                  {inLanguages(`group-${g}-option-${o}-name`, `Option ${o + 1} name`, option, (names) =>
                    setOption({ ...option, ...names }),
                  )}
                  {field(`group-${g}-option-${o}-price`, `Option ${o + 1} price`, (attrs) => (
                    <input
                      type="text"
                      inputMode="decimal"
                      {...attrs}
                      value={option.price}
                      onChange={(e) => setOption({ ...option, price: e.target.value })}
                    />
                  ))}
                  <button
                    type="button"
                    className="staff-button"
                    onClick={() => setGroup(g, { ...group, options: group.options.filter((_, i) => i !== o) })}
                  >
                    Remove option {o + 1}
                  </button>
                </div>
              );
            })}
            <div className="staff-actions">
              <button
                type="button"
                className="staff-button"
                onClick={() =>
                  setGroup(g, { ...group, options: [...group.options, { name: "", price: "0.00", name_fil: "", name_zh: "" }] })
                }
              >
                Add option
              </button>
              <button
                type="button"
                className="staff-button"
                onClick={() =>
                  set(
                    "groups",
                    values.groups.filter((_, i) => i !== g),
                  )
                }
              >
                Remove group {g + 1}
              </button>
            </div>
          </fieldset>
        ))}
        <button
          type="button"
          className="staff-button"
          onClick={() =>
            set("groups", [
              ...values.groups,
              {
                name: "",
                name_fil: "",
                name_zh: "",
                exclusive: false,
                required: false,
                options: [{ name: "", price: "0.00", name_fil: "", name_zh: "" }],
              },
            ])
          }
        >
          Add option group
        </button>
      </fieldset>

      <ProblemMessage problem={problem} />
      <FormActions saving={saving} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
