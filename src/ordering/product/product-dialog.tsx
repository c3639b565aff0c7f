/**
 * The product details panel: a native modal <dialog>, so focus moves in, the page behind is inert
 * (focus stays inside) and Escape closes it; we return focus to the item that opened it.
 * Exclusive groups are radios — and, unlike the old site, the choice is recorded.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { formatDollars } from "../../../contract/money";
import type { CustomizationGroup, Product } from "../../../contract/schemas";
import { cents, unitPriceCents, type SelectedOption } from "../cart/cart-logic";
import "./product-dialog.css";

interface ProductDialogProps {
  product: Product;
  /** Why Add is unavailable (no table, order already sent); null when the diner can add. */
  blockedReason: string | null;
  onAdd: (options: SelectedOption[]) => void;
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Choices>({});
  const titleId = useId();
  const hintId = useId();

  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    openerRef.current ??= document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
  }, []);

  // Every way out (Close, Add, Escape) ends in the dialog's close event.
  const handleClose = () => {
    onClose();
    openerRef.current?.focus({ preventScroll: true });
  };

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

  // A modal dialog makes the page inert, but Tab would still leave for the browser's own UI: wrap around.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("input, button, [href], [tabindex]")].filter(
      (element) => !element.matches(":disabled, [tabindex='-1']") && element.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hint) return;
    onAdd(options);
    dialogRef.current?.close();
  };

  return (
    <dialog ref={dialogRef} className="product-dialog" aria-labelledby={titleId} onClose={handleClose} onKeyDown={trapTab}>
      <form method="dialog" onSubmit={submit}>
        <div className="product-dialog-body">
          <h2 id={titleId}>{product.name}</h2>
          {product.description && <p className="product-dialog-description">{product.description}</p>}
          {Object.entries(product.customizations).map(([group, spec]) => (
            <GroupFields key={group} product={product} group={group} spec={spec} chosen={chosenIn(choices, group)} onChoose={choose} />
          ))}
        </div>
        <div className="product-dialog-actions">
          {hint && (
            <p id={hintId} className="product-dialog-hint">
              {hint}
            </p>
          )}
          <button type="button" className="button-secondary" onClick={() => dialogRef.current?.close()}>
            Close
          </button>
          <button type="submit" className="button-primary" disabled={hint !== null} aria-describedby={hint ? hintId : undefined}>
            Add • {price}
          </button>
        </div>
      </form>
    </dialog>
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
