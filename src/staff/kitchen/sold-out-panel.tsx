import { useState } from "react";
import { CATEGORY_KEYS, CATEGORY_TITLES } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { api } from "../../shared/api";
import type { MenuState } from "../../shared/use-menu";
import { describeProblem, problemOf, type Problem } from "../lib/errors";
import { ProblemMessage } from "../lib/problem-message";

interface SoldOutPanelProps {
  state: MenuState;
  branch: string;
  onChanged(product: Product): void;
  onRetry(): void;
}

/** Every item on the branch's menu with a "Sold out" switch; diners' menus follow. */
export function SoldOutPanel({ state, branch, onChanged, onRetry }: SoldOutPanelProps) {
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const toggle = async (product: Product) => {
    setBusy(product.id);
    setProblem(null);
    try {
      const updated = await api.setProductAvailable(product.id, !product.available);
      onChanged(updated);
    } catch (error) {
      const found = problemOf(error);
      setProblem({ ...found, message: `Could not change “${product.name}”: ${found.message}` });
    } finally {
      setBusy(null);
    }
  };

  if (state.status === "loading") return <p role="status">Loading the menu…</p>;
  if (state.status === "error") return <ProblemMessage problem={describeProblem(state.error)} onRetry={onRetry} />;

  return (
    <section className="sold-out" aria-labelledby="sold-out-title">
      <h2 id="sold-out-title">Sold-out items · {branch}</h2>
      <p className="staff-field__hint">A sold-out item stays on diners' menus, marked sold out, and can't be ordered.</p>
      <ProblemMessage problem={problem} />
      <div className="sold-out__categories">
        {CATEGORY_KEYS.filter((key) => state.menu[key]?.length).map((key) => (
          <section key={key} className="sold-out__category" aria-labelledby={`sold-out-${key}`}>
            <h3 id={`sold-out-${key}`}>{CATEGORY_TITLES[key]}</h3>
            <ul>
              {state.menu[key].map((product) => (
                <li key={product.id} className={`sold-out__item${product.available ? "" : " sold-out__item--out"}`}>
                  <span className="sold-out__name">{product.name}</span>
                  <button
                    type="button"
                    className="staff-button sold-out__toggle"
                    aria-label={`Sold out: ${product.name}`}
                    aria-pressed={!product.available}
                    disabled={busy === product.id}
                    onClick={() => void toggle(product)}
                  >
                    <span className="sold-out__switch" aria-hidden="true" />
                    Sold out
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
