/**
 * A category's dishes in menu order, reordered by dragging a dish's handle (mouse, pen or a finger on
 * the tablet) or from the keyboard (Space on the handle, the arrow keys, Space again), with what
 * happens read out as it happens. Built on dnd-kit, which keeps the pointer, touch and keyboard ways
 * and the live announcements one mechanism; it is only in the menu editor's chunk.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Active,
  type CollisionDetection,
  type Modifier,
  type Over,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useRef, type ReactNode } from "react";
import type { Product } from "../../../contract/schemas";
import { reorderWords } from "./menu-editor-words";

/** A menu is a list: a dish moves up and down only. */
const alongTheList: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Only the dishes of the list being moved are places to put it: a dish changes category in its form. */
const sameList: CollisionDetection = (args) =>
  closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter(
      (container) => container.data.current?.sortable?.containerId === args.active.data.current?.sortable?.containerId,
    ),
  });

interface DishReorderingProps {
  /** Each list's dishes in their order, by the list's name (a category). */
  lists: Readonly<Record<string, readonly Product[]>>;
  /** A list's whole new order, and which dish went where. */
  onReorder(list: string, ids: number[], moved: Product, to: number): void;
  children: ReactNode;
}

/** Where the editor's lists are dragged: one for the screen, so one live region reads out every move. */
export function DishReordering({ lists, onReorder, children }: DishReorderingProps) {
  const sensors = useSensors(
    // A few pixels before a drag starts, so a tap on the handle is not a move.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const listOf = (item: Active | Over | null) => String(item?.data.current?.sortable?.containerId ?? "");
  const placeOf = (item: Active | Over | null) => {
    const products = lists[listOf(item)] ?? [];
    const index = products.findIndex((product) => product.id === item?.id);
    return { products, index, product: products[index] };
  };
  const announce = (active: Active, over: Over | null, words: (name: string, position: number, total: number) => string) => {
    const { product, products } = placeOf(active);
    const target = over ? placeOf(over).index : products.findIndex((p) => p.id === active.id);
    return product ? words(product.name, target + 1, products.length) : undefined;
  };
  // dnd-kit reports the dish over itself right after the pick-up: only a change of place is news.
  const placeAnnounced = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      placeAnnounced.current = active.id;
      return announce(active, null, reorderWords.pickedUp);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === placeAnnounced.current) return undefined;
      placeAnnounced.current = over.id;
      return announce(active, over, reorderWords.over);
    },
    onDragEnd: ({ active, over }) => announce(active, over, reorderWords.dropped),
    onDragCancel: ({ active }) => {
      const { product } = placeOf(active);
      return product ? reorderWords.cancelled(product.name) : undefined;
    },
  };
  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || listOf(active) !== listOf(over)) return;
    const { products, index: from, product } = placeOf(active);
    const to = placeOf(over).index;
    if (!product || to < 0) return;
    onReorder(
      listOf(active),
      arrayMove(
        products.map((p) => p.id),
        from,
        to,
      ),
      product,
      to,
    );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={sameList}
      modifiers={[alongTheList]}
      accessibility={{ announcements, screenReaderInstructions: { draggable: reorderWords.instructions } }}
      onDragEnd={drop}
    >
      {children}
    </DndContext>
  );
}

export interface ReorderableDishesProps {
  /** The list's name (DishReordering's `lists`). */
  list: string;
  /** The `<ul>`'s id. */
  id: string;
  products: readonly Product[];
  /** No dragging (a search shows part of the list, or a dish of it is open in the form). */
  locked: boolean;
  /** Whether the dish is shown (a search hides the others). */
  shows(product: Product): boolean;
  /** The dish's row; `handle` is its drag handle, null when it cannot be dragged. */
  children(product: Product, index: number, handle: ReactNode): ReactNode;
}

/** One list of dishes that can be dragged into a new order, inside DishReordering. */
export function ReorderableDishes({ list, id, products, locked, shows, children }: ReorderableDishesProps) {
  return (
    <SortableContext id={list} items={products.map((product) => product.id)} strategy={verticalListSortingStrategy} disabled={locked}>
      <ul className="menu-editor__list" id={id}>
        {products.map((product, index) =>
          shows(product) ? (
            <SortableDish key={product.id} product={product} locked={locked}>
              {(handle) => children(product, index, handle)}
            </SortableDish>
          ) : null,
        )}
      </ul>
    </SortableContext>
  );
}

function SortableDish({ product, locked, children }: { product: Product; locked: boolean; children(handle: ReactNode): ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
    disabled: locked,
  });
  const handle = locked ? null : (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="staff-button menu-editor__handle"
      {...attributes}
      {...listeners}
      // dnd-kit names it "sortable"; the words say what it does.
      aria-roledescription="drag handle"
    >
      <span aria-hidden="true" className="menu-editor__grip" />
      <span className="visually-hidden">{reorderWords.handle(product.name)}</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`menu-editor__row${isDragging ? " menu-editor__row--dragging" : ""}`}
      data-product-id={product.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
