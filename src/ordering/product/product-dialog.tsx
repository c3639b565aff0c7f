/**
 * The product details panel (the shared modal Dialog): the diner's choices and the price they make.
 * Exclusive groups are radios, the others checkboxes; required groups must be answered before Add.
 */
import { useId, useState, type FormEvent } from "react";
import { LINE_NOTE_MAX } from "../../../contract/menu";
import { formatDollars } from "../../../contract/money";
import type { CustomizationGroup, Product } from "../../../contract/schemas";
import { Dialog } from "../../shared/dialog";
import { cents, unitPriceCents, type SelectedOption } from "../cart/cart-logic";
import { ItemMarks } from "../menu/item-marks";
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

function optionLabel(price: string): string {
  return cents(price) > 0 ? `+${formatDollars(cents(price))}` : "";
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
  const price = formatDollars(unitPriceCents(product.price, options));
  const hint = blockedReason ?? (missing.length > 0 ? `Choose: ${missing.join(", ")}` : null);

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
          <h2 id={titleId}>{product.name}</h2>
          {product.description && <p className="product-dialog-description">{product.description}</p>}
          <p className="product-dialog-marks">
            <ItemMarks product={product} />
          </p>
          {Object.entries(product.customizations).map(([group, spec]) => (
            <GroupFields key={group} product={product} group={group} spec={spec} chosen={chosenIn(choices, group)} onChoose={choose} />
          ))}
          <div className="product-note">
            <label htmlFor={noteId}>Note for the kitchen (optional)</label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={LINE_NOTE_MAX}
              value={note}
              placeholder="e.g. no onions"
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
            Close
          </button>
          <button type="submit" className="button-primary" disabled={hint !== null} aria-describedby={hint ? hintId : undefined}>
            Add • {price}
          </button>
        </div>
      </form>
    </Dialog>
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
  // An optional single choice needs a way back to "none": radios cannot be unchecked.
  const choices = spec.exclusive && !spec.required ? [{ id: 0, name: "None", price: "0" }, ...spec.options] : spec.options;
  return (
    <fieldset className="option-group">
      <legend>
        {group}
        <span className="option-group-rule">{spec.required ? " (required)" : spec.exclusive ? " (optional)" : " (any)"}</span>
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
            <span className="option-name">{option.name}</span>{" "}
            <span className="option-price">{optionLabel(option.price)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
