import type { Plugin } from "vite";

type Group = { name: string; test: (id: string) => boolean; priority: number };

/**
 * The diner's first visit in as few files as the lazy boundaries allow. Left to itself the bundler
 * splits the code /order needs into fifteen files, most of them a few hundred bytes, and each file
 * costs about 1 kB of response headers besides its body. Two groups instead:
 *
 * - `app`: everything the entry (`src/main.tsx`) loads statically, plus what the order screen needs
 *   from outside `src/ordering/` (shared/, contract/, zustand, nanostores) — code every screen has
 *   or is small enough not to matter to the others.
 * - `order`: the order screen, the table's header (the frame /order sits in, a lazy chunk of the app's
 *   frames) and the ordering modules they load statically (menu, cart store, shared cart).
 * - `staff`: every staff screen in one file (a tablet loads it once and the service worker keeps it),
 *   so the router's table of which files each lazy screen needs (the preload map every first visit
 *   downloads) names one staff file instead of thirty.
 *
 * Only static imports are followed, so a dynamic `import()` (the cart page, the product panel, the
 * outbox, the service worker, other screens) stays a chunk of its own.
 */
export function firstVisitChunks(
  orderScreen = "/src/ordering/order-page.tsx",
  entry = "/src/main.tsx",
  tableFrame = "/src/ordering/table-frame/table-header.tsx",
) {
  const initial = new Set<string>();
  const order = new Set<string>();

  const plugin: Plugin = {
    name: "limitless:first-visit-chunks",
    apply: "build",
    buildEnd() {
      const closure = (start: string | undefined, into: Set<string>) => {
        const queue = start ? [start] : [];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...this.getModuleIds()];
      closure(
        ids.find((id) => id.endsWith(entry)),
        initial,
      );
      closure(
        ids.find((id) => id.endsWith(orderScreen)),
        order,
      );
      const screenOnly = order.size;
      closure(
        ids.find((id) => id.endsWith(tableFrame)),
        order,
      );
      if (initial.size === 0 || screenOnly === 0 || order.size === screenOnly)
        this.error(`first-visit-chunks: ${entry}, ${orderScreen} or ${tableFrame} is not in the build.`);
    },
  };

  const isOrdering = (id: string) => /[\\/]src[\\/]ordering[\\/]/.test(id);
  const groups: Group[] = [
    { name: "app", priority: 2, test: (id) => initial.has(id) || id.includes("rolldown/runtime") || (order.has(id) && !isOrdering(id)) },
    { name: "order", priority: 1, test: (id) => order.has(id) },
    { name: "staff", priority: 0, test: (id) => /[\\/]src[\\/]staff[\\/]/.test(id) },
  ];
  return { plugin, groups };
}
