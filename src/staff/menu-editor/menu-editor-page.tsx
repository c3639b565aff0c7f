import { FormField } from "../../shared/form-field";
import { useEffect, useState } from "react";
import { branchName, CATEGORY_KEYS, CATEGORY_TITLES, type CategoryKey } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { ApiError, asApiError } from "../../shared/api-client";
import { formatMoney } from "../../shared/i18n/format";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useWrite } from "../../shared/use-write";
import { useMenu } from "../../shared/use-menu";
import { useBranchId } from "../branch/branch-store";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { ProblemMessage } from "../lib/problem-message";
import { branchEventsPath, staffApi } from "../lib/staff-api";
import { useConfirmedDelete } from "../lib/use-confirmed-delete";
import { photoWords, reorderWords } from "./menu-editor-words";
import type { PhotoChange } from "./photo-control";
import { namesInLanguages, newProduct, PhotoNotSaved, ProductForm, toBody, type ProductValues } from "./product-form";
import { DishReordering, ReorderableDishes } from "./reorderable-dishes";
import "./menu-editor.css";

function valuesOf(product: Product, category: CategoryKey): ProductValues {
  return {
    category,
    name: product.name,
    description: product.description,
    price: product.price,
    happy_hour_price: product.happy_hour_price ?? "",
    available: product.available,
    weekday: product.weekday ? String(product.weekday) : "",
    allergens: product.allergens,
    diet: product.diet,
    prep_station: product.prep_station,
    prep_minutes: String(product.prep_minutes),
    stock: product.stock === null ? "" : String(product.stock),
    name_fil: product.translations?.fil?.name ?? "",
    description_fil: product.translations?.fil?.description ?? "",
    name_zh: product.translations?.zh?.name ?? "",
    description_zh: product.translations?.zh?.description ?? "",
    groups: Object.entries(product.customizations).map(([name, group]) => ({
      name,
      exclusive: group.exclusive,
      required: group.required,
      ...namesInLanguages(group.translations),
      options: group.options.map((o) => ({ name: o.name, price: o.price, ...namesInLanguages(o.translations) })),
    })),
  };
}

/** The branch's menu for owners and managers: add, edit, reorder and delete products (docs/decisions/0024-menu-editor.md). */
export default function MenuEditorPage() {
  useDocumentTitle("Menu editor · Limitless staff");
  const branchId = useBranchId();
  const branch = branchName(branchId);
  const { state, reload } = useMenu(branchId, { stream: branchEventsPath(branchId), noStore: true });
  const [editing, setEditing] = useState<number | "new" | null>(null);
  // About 60 dishes a branch: found by name, and categories folded away while working on another.
  const [query, setQuery] = useState("");
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const needle = query.trim().toLocaleLowerCase();
  const searching = needle !== "";
  const matches = (product: { name: string }) => !searching || product.name.toLocaleLowerCase().includes(needle);
  const [announcement, setAnnouncement] = useState("");
  const { run, problem, setProblem } = useWrite();
  const deletion = useConfirmedDelete<Product>({
    remove: (product) => staffApi.deleteProduct(product.id),
    name: (product) => product.name,
    announce: setAnnouncement,
    reload,
    focusAfterId: "add-product-button",
  });
  const menu = state.status === "ready" ? state.data : null;

  /** After the dish: its new photo, or its photo removed. */
  const sendPhoto = async (product: Product, photo: PhotoChange, progress: (fraction: number | null) => void) => {
    try {
      if (photo.kind === "replace") await staffApi.uploadProductPhoto(product.id, photo.file, progress);
      else if (photo.kind === "remove") await staffApi.deleteProductPhoto(product.id);
    } catch (error) {
      reload();
      throw new PhotoNotSaved(photoWords.notSaved(product.name, asApiError(error).message));
    }
  };
  const create = async (values: ProductValues, photo: PhotoChange, progress: (fraction: number | null) => void) => {
    const product = await staffApi.createProduct(branchId, toBody(values));
    setEditing(null);
    try {
      await sendPhoto(product, photo, progress);
      setAnnouncement(`${product.name} added.`);
    } catch (error) {
      // The dish exists now: its form is gone (a second Add would add it twice), the reason stays on the page.
      setProblem(new ApiError(0, "photo_not_saved", (error as Error).message));
    }
    reload();
  };
  const save = async (product: Product, values: ProductValues, photo: PhotoChange, progress: (fraction: number | null) => void) => {
    const saved = await staffApi.replaceProduct(product.id, toBody(values));
    await sendPhoto(saved, photo, progress);
    setEditing(null);
    setAnnouncement(`${saved.name} saved.`);
    reload();
  };
  // A move shows at once (the dish stays where it was dropped) while the server takes it; the next
  // menu read, or a refusal, replaces it.
  const [moving, setMoving] = useState<{ category: CategoryKey; ids: number[] } | null>(null);
  useEffect(() => setMoving(null), [menu]);
  const dishesOf = (category: CategoryKey): Product[] => {
    const products = menu?.[category] ?? [];
    if (moving?.category !== category) return products;
    return moving.ids.flatMap((id) => products.filter((product) => product.id === id));
  };
  const reorder = async (category: CategoryKey, ids: number[], moved: Product, to: number) => {
    setMoving({ category, ids });
    // Each order is its own write (quick moves all go out); the same order twice is sent once.
    const sent = await run(() => staffApi.reorderProducts(branchId, { category, product_ids: ids }), { key: ids.join() });
    if (sent) setAnnouncement(reorderWords.moved(moved.name, to + 1, ids.length));
    else setMoving(null);
    reload();
  };
  const move = (category: CategoryKey, index: number, by: -1 | 1) => {
    const dishes = dishesOf(category);
    const ids = dishes.map((p) => p.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void reorder(category, ids, dishes[index]!, index + by);
  };
  return (
    <section className="menu-editor" aria-labelledby="menu-editor-title">
      <div className="staff-header-row">
        <h1 id="menu-editor-title">Menu editor · {branch}</h1>
        <div className="staff-actions">
          <button
            type="button"
            id="add-product-button"
            className="staff-button staff-button--primary"
            onClick={() => setEditing("new")}
            disabled={editing === "new"}
          >
            Add product
          </button>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <ProblemMessage problem={problem} />
      {editing === "new" && (
        <ProductForm
          title="New product"
          initial={newProduct("main")}
          currentPhoto={null}
          submitLabel="Add product"
          onSubmit={create}
          onCancel={() => setEditing(null)}
        />
      )}
      {menu && (
        <div className="menu-editor__find">
          <FormField id="menu-editor-search" label="Find a dish" hint="By name; empty shows every dish.">
            {(props) => <input {...props} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />}
          </FormField>
        </div>
      )}
      {state.status === "loading" && <p role="status">loading...</p>}
      {state.status === "failed" && <ProblemMessage problem={state.error} />}
      {menu && (
        <DishReordering
          lists={Object.fromEntries(CATEGORY_KEYS.map((category) => [category, dishesOf(category)]))}
          onReorder={(category, ids, moved, to) => void reorder(category as CategoryKey, ids, moved, to)}
        >
          {CATEGORY_KEYS.map((category) => {
            const dishes = dishesOf(category);
            const matching = dishes.filter(matches);
            if (searching && matching.length === 0) return null;
            // A search opens every category it finds a dish in.
            const open = searching || !collapsed.has(category);
            return (
              <section key={category} className="menu-editor__category" aria-labelledby={`menu-editor-${category}`}>
                <h2 id={`menu-editor-${category}`}>
                  <button
                    type="button"
                    className="menu-editor__toggle"
                    aria-expanded={open}
                    aria-controls={`menu-editor-list-${category}`}
                    disabled={searching}
                    onClick={() =>
                      setCollapsed((shut) => {
                        const next = new Set(shut);
                        if (next.has(category)) next.delete(category);
                        else next.add(category);
                        return next;
                      })
                    }
                  >
                    {CATEGORY_TITLES[category]}
                  </button>
                </h2>
                {open && dishes.length === 0 && <p className="staff-notice">No products.</p>}
                <div hidden={!open}>
                  <ReorderableDishes
                    list={category}
                    id={`menu-editor-list-${category}`}
                    products={dishes}
                    locked={searching || dishes.some((product) => product.id === editing)}
                    shows={matches}
                  >
                    {(product, index, handle) =>
                      editing === product.id ? (
                        <ProductForm
                          title={`Edit ${product.name}`}
                          initial={valuesOf(product, category)}
                          currentPhoto={product.photo ?? null}
                          submitLabel="Save product"
                          onSubmit={(values, photo, progress) => save(product, values, photo, progress)}
                          onCancel={() => setEditing(null)}
                        />
                      ) : (
                        <div className="menu-editor__item">
                          {handle}
                          <span className="menu-editor__name">{product.name}</span>
                          <span className="menu-editor__price">{formatMoney(product.price)}</span>
                          {!product.available && <span className="menu-editor__flag">Sold out</span>}
                          <span className="staff-actions">
                            <button type="button" className="staff-button" disabled={index === 0} onClick={() => move(category, index, -1)}>
                              Up<span className="visually-hidden"> {product.name}</span>
                            </button>
                            <button
                              type="button"
                              className="staff-button"
                              disabled={index === dishes.length - 1}
                              onClick={() => move(category, index, 1)}
                            >
                              Down<span className="visually-hidden"> {product.name}</span>
                            </button>
                            <button type="button" className="staff-button" onClick={() => setEditing(product.id)}>
                              Edit<span className="visually-hidden"> {product.name}</span>
                            </button>
                            <button type="button" className="staff-button staff-button--danger" onClick={() => deletion.ask(product)}>
                              Delete<span className="visually-hidden"> {product.name}</span>
                            </button>
                          </span>
                        </div>
                      )
                    }
                  </ReorderableDishes>
                </div>
              </section>
            );
          })}
        </DishReordering>
      )}
      <ConfirmDialog {...deletion.dialog} title={`Delete ${deletion.item?.name ?? ""}?`} confirmLabel="Delete product">
        <p>It leaves the menu at once. Past orders keep it.</p>
        <ProblemMessage problem={deletion.problem} />
      </ConfirmDialog>
    </section>
  );
}
