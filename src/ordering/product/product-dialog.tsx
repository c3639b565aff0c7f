/**
 * The product details panel (the shared modal Dialog): the diner's choices and the price they make.
 * Exclusive groups are radios, the others checkboxes; required groups must be answered before Add.
 */
import { useId, useState, type FormEvent } from "react";
import { LINE_NOTE_MAX } from "../../../contract/menu";
import type { CustomizationGroup, NameTranslations, Product } from "../../../contract/schemas";
import { Dialog } from "../../shared/dialog";
import { formatList, formatMoney } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import type { Language } from "../../shared/i18n/language";
import { nameText } from "../../shared/i18n/name-text";
import { productText } from "../../shared/i18n/product-text";
import { cents, unitPriceCents, type SelectedOption } from "../cart/cart-logic";
import { ItemMarks } from "../menu/item-marks";
import { productDialogMessages } from "./messages";
import "./product-dialog.css";

interface ProductDialogProps {
  product: Product;
  /** Why Add is unavailable (no table, order already sent); null when the diner can add. */
  blockedReason: string | null;
  onAdd: (options: SelectedOption[], note: string) => void;
  onClose: () => void;
}

type Choices = Record<string, number[]>;

/** Group names are the manager's text ("constructor", "__proto__"): only the object's own entries are choices. */
function chosenIn(choices: Choices, group: string): number[] {
  return Object.hasOwn(choices, group) ? choices[group]! : [];
}

function optionLabel(price: string, code: Language): string {
  return cents(price) > 0 ? `+${formatMoney(cents(price), code)}` : "";
}

export function selectedOptions(product: Product, choices: Choices): SelectedOption[] {
  return Object.entries(product.customizations).flatMap(([group, { options }]) =>
    options.filter((option) => chosenIn(choices, group).includes(option.id)).map((option) => ({ ...option, group })),
  );
}

export function missingRequired(product: Product, choices: Choices): string[] {
  return Object.entries(product.customizations)
    .filter(([group, { required }]) => required && chosenIn(choices, group).length === 0)
    .map(([group]) => group);
}

export default function ProductDialog({ product, blockedReason, onAdd, onClose }: ProductDialogProps) {
  const [choices, setChoices] = useState<Choices>({});
  const [note, setNote] = useState("");
  const titleId = useId();
  const hintId = useId();
  const noteId = useId();
  const noteCountId = useId();

  const options = selectedOptions(product, choices);
  const missing = missingRequired(product, choices);
  const code = useLanguage();
  const t = useMessages(productDialogMessages);
  const text = productText(product, code);
  const price = formatMoney(unitPriceCents(product.price, options), code);
  const groupName = (group: string) => nameText(group, product.customizations[group]?.translations, code).name;
  const hint = blockedReason ?? (missing.length > 0 ? t.choose({ groups: formatList(missing.map(groupName), code) }) : null);

  const choose = (group: string, id: number, exclusive: boolean, checked: boolean) => {
    setChoices((current) => {
      const chosen = chosenIn(current, group);
      const next = exclusive ? (id === 0 ? [] : [id]) : checked ? [...chosen, id] : chosen.filter((value) => value !== id);
      return { ...current, [group]: next };
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hint) return;
    onAdd(options, note);
    onClose();
  };

  return (
    <Dialog open onClose={onClose} className="product-dialog" labelledBy={titleId}>
      <form onSubmit={submit}>
        <div className="product-dialog-body">
          {/* alt="": the heading right below names the dish; the photo adds no words a screen reader would miss. */}
          {product.photo && (
            <img
              className="product-dialog-photo"
              src={product.photo.url}
              srcSet={product.photo.srcset}
              sizes="(min-width: 600px) 560px, 100vw"
              width={product.photo.width}
              height={product.photo.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
          <h2 id={titleId}>{text.name}</h2>
          {text.description && <p className="product-dialog-description">{text.description}</p>}
          <p className="product-dialog-marks">
            <ItemMarks product={product} />
          </p>
          {Object.entries(product.customizations).map(([group, spec]) => (
            <GroupFields key={group} product={product} group={group} spec={spec} chosen={chosenIn(choices, group)} onChoose={choose} />
          ))}
          <div className="product-note">
            <label htmlFor={noteId}>{t.noteLabel}</label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={LINE_NOTE_MAX}
              value={note}
              placeholder={t.notePlaceholder}
              aria-describedby={noteCountId}
              onChange={(event) => setNote(event.target.value.slice(0, LINE_NOTE_MAX))}
            />
            <span id={noteCountId} className="product-note-count">
              {note.length}/{LINE_NOTE_MAX}
            </span>
          </div>
        </div>
        <div className="product-dialog-actions">
          {hint && (
            <p id={hintId} className="product-dialog-hint">
              {hint}
            </p>
          )}
          <button type="button" className="button-secondary" onClick={onClose}>
            {t.close}
          </button>
          <button type="submit" className="button-primary" disabled={hint !== null} aria-describedby={hint ? hintId : undefined}>
            {t.add({ price })}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function OptionLabel({ option, code }: { option: { id: number; name: string; translations?: NameTranslations }; code: Language }) {
  const text = option.id === 0 ? { name: option.name, english: false } : nameText(option.name, option.translations, code);
  return (
    <span className="option-name" lang={text.english ? "en" : undefined}>
      {text.name}
    </span>
  );
}

interface GroupFieldsProps {
  product: Product;
  group: string;
  spec: CustomizationGroup;
  chosen: number[];
  onChoose: (group: string, id: number, exclusive: boolean, checked: boolean) => void;
}

function GroupFields({ product, group, spec, chosen, onChoose }: GroupFieldsProps) {
  const name = `product-${product.id}-${group}`;
  const code = useLanguage();
  const t = useMessages(productDialogMessages);
  // An optional single choice needs a way back to "none": radios cannot be unchecked.
  const choices = spec.exclusive && !spec.required ? [{ id: 0, name: t.none, price: "0" }, ...spec.options] : spec.options;
  const groupText = nameText(group, spec.translations, code);
  return (
    <fieldset className="option-group">
      <legend>
        <span lang={groupText.english ? "en" : undefined}>{groupText.name}</span>
        <span className="option-group-rule"> {spec.required ? t.required : spec.exclusive ? t.optional : t.any}</span>
      </legend>
      {choices.map((option) => {
        const checked = option.id === 0 ? chosen.length === 0 : chosen.includes(option.id);
        return (
          <label key={option.id} className="option">
            <input
              type={spec.exclusive ? "radio" : "checkbox"}
              name={name}
              value={option.id}
              checked={checked}
              required={spec.exclusive && spec.required}
              onChange={(event) => onChoose(group, option.id, spec.exclusive, event.target.checked)}
            />
            {/* "None" is ours, translated; the rest are the menu's names, in the diner's language where the menu has it. */}
            <OptionLabel option={option} code={code} /> <span className="option-price">{optionLabel(option.price, code)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
