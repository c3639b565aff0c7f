import type { Plugin } from "vite";

/** `.vite/chunk-modules.json`: for each built JavaScript file, the modules in it and their minified sizes. */
export const CHUNK_MODULES_FILE = ".vite/chunk-modules.json";

export type ChunkModules = Record<string, { module: string; bytes: number }[]>;

/**
 * Writes which source modules ended up in which chunk, so the bundle budget (scripts/check-bundle-budget.ts)
 * can say what a phone downloads and why, and its test can refuse staff or public-site code in the
 * diner's first visit by module, not by guessing from file names. The server never serves dot-folders.
 */
export function chunkModules(): Plugin {
  return {
    name: "limitless:chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const root = `${process.cwd()}/`;
      const chunks: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = Object.entries(output.modules)
          .map(([id, info]) => ({
            module: id
              .replace(/\0/g, "")
              .replace(/^.*\/node_modules\//, "node_modules/")
              .replace(root, ""),
            bytes: info.renderedLength,
          }))
          .filter((entry) => entry.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes);
      }
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}
