import { useState, type FormEvent } from "react";
import { CATEGORY_KEYS, CATEGORY_TITLES, LOW_STOCK_AT } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { clientError, restated } from "../../shared/client-errors";
import { staffApi } from "../lib/staff-api";
import type { MenuState } from "../../shared/use-menu";
import { useWrite } from "../../shared/use-write";
import { ProblemMessage } from "../lib/problem-message";
import "./sold-out-panel.css";

interface SoldOutPanelProps {
  state: MenuState;
  branch: string;
  onChanged(product: Product): void;
  onRetry(): void;
}

const MAX_STOCK = 9999;

/** What the stock field holds: a whole number 0–9999, or nothing (not counted). Undefined when it is neither. */
function readStock(text: string): number | null | undefined {
  const value = text.trim();
  if (value === "") return null;
  if (!/^\d{1,4}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Every item on the branch's menu with a "Sold out" switch and a stock count ("Stock: [ 3 ] Save";
 * an empty field stops counting); diners' menus follow. A counted item shows how many are left, and
 * sells out by itself when orders bring it to 0.
 */
export function SoldOutPanel({ state, branch, onChanged, onRetry }: SoldOutPanelProps) {
  const { run, busyWith, problem, setProblem } = useWrite();
  // What is being typed, per product; a product without a draft shows its current count, live.
  const [drafts, setDrafts] = useState<Record<number, string>>({});

  const change = (product: Product, request: () => Promise<Product>) =>
    run(
      async () => {
        const updated = await request();
        onChanged(updated);
        setDrafts(({ [product.id]: _saved, ...rest }) => rest);
      },
      { key: product.id, problem: (error) => restated(error, (message) => `Could not change “${product.name}”: ${message}`) },
    );

  const toggle = (product: Product) => change(product, () => staffApi.setProductAvailable(product.id, !product.available));

  const saveStock = (event: FormEvent<HTMLFormElement>, product: Product) => {
    event.preventDefault();
    const stock = readStock(drafts[product.id] ?? String(product.stock ?? ""));
    if (stock === undefined) {
      setProblem(clientError(`Stock for “${product.name}” is a whole number from 0 to ${MAX_STOCK}, or empty when not counted.`));
      return;
    }
    void change(product, () => staffApi.setProductStock(product.id, stock));
  };

  if (state.status === "loading") return <p role="status">Loading the menu…</p>;
  if (state.status === "failed") return <ProblemMessage problem={state.error} onRetry={onRetry} />;

  return (
    <section className="sold-out" aria-labelledby="sold-out-title">
      <h2 id="sold-out-title">Sold-out items · {branch}</h2>
      <p className="staff-field__hint">
        A sold-out item stays on diners' menus, marked sold out, and can't be ordered. A stock count goes down with every order and sells
        the item out at 0; diners see “{LOW_STOCK_AT} left” and fewer. Leave it empty when the item is not counted.
      </p>
      <ProblemMessage problem={problem} />
      <div className="sold-out__categories">
        {CATEGORY_KEYS.filter((key) => state.data[key]?.length).map((key) => (
          <section key={key} className="sold-out__category" aria-labelledby={`sold-out-${key}`}>
            <h3 id={`sold-out-${key}`}>{CATEGORY_TITLES[key]}</h3>
            <ul>
              {state.data[key].map((product) => (
                <li key={product.id} className={`sold-out__item${product.available ? "" : " sold-out__item--out"}`}>
                  <span className="sold-out__name">
                    {product.name}
                    {product.stock !== null && (
                      <span className={`sold-out__left${product.stock <= LOW_STOCK_AT ? " sold-out__left--low" : ""}`}>
                        {" "}
                        {product.stock} left
                      </span>
                    )}
                  </span>
                  <span className="sold-out__controls">
                    <form className="sold-out__stock" onSubmit={(event) => saveStock(event, product)}>
                      <label htmlFor={`stock-${product.id}`}>Stock</label>
                      <input
                        id={`stock-${product.id}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={MAX_STOCK}
                        step={1}
                        aria-label={`Stock: ${product.name}`}
                        placeholder="–"
                        value={drafts[product.id] ?? (product.stock === null ? "" : String(product.stock))}
                        onChange={(event) => setDrafts((current) => ({ ...current, [product.id]: event.target.value }))}
                      />
                      <button
                        type="submit"
                        className="staff-button"
                        aria-label={`Save stock: ${product.name}`}
                        disabled={busyWith(product.id)}
                      >
                        Save
                      </button>
                    </form>
                    <button
                      type="button"
                      className="staff-button sold-out__toggle"
                      aria-label={`Sold out: ${product.name}`}
                      aria-pressed={!product.available}
                      disabled={busyWith(product.id)}
                      onClick={() => void toggle(product)}
                    >
                      <span className="sold-out__switch" aria-hidden="true" />
                      Sold out
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
