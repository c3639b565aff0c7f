import js from "@eslint/js";
import vitest from "@vitest/eslint-plugin";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const FEATURES = ["ordering", "site", "staff"];

/** The architecture, as import rules: who may depend on whom (see src/README.md and contract/README.md). */
const layerZones = [
  { target: "./src", from: "./api", message: "The web app imports only contract/, never api/." },
  // Tests that cross-check the two sides live in tests/ (tests/unit/cart-pricing.property.test.ts).
  { target: "./api", from: "./src", message: "The server never imports the web app." },
  { target: "./contract", from: ["./api", "./src"], message: "contract/ is what both sides import; it imports neither." },
  {
    target: "./src/shared",
    from: ["./src/app", ...FEATURES.map((f) => `./src/${f}`)],
    message: "src/shared/ serves every feature and knows none.",
  },
  ...FEATURES.map((feature) => ({
    target: `./src/${feature}`,
    from: FEATURES.filter((other) => other !== feature).map((other) => `./src/${other}`),
    message: "A feature imports src/shared/ and contract/, never another feature.",
  })),
  {
    target: "./api/**/*-repository.ts",
    from: "./api/**/routes.ts",
    message: "Repositories are below routes: a route calls a repository, never the other way.",
  },
];

export default tseslint.config(
  { ignores: ["dist/", "dist-server/", "node_modules/", "api/db/migrations/", "coverage/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-non-null-assertion": "off",
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/*.test.{ts,tsx}"],
    plugins: { vitest },
    rules: {
      // A test passes only by checking something: expect(), or a helper that calls it.
      "vitest/expect-expect": ["error", { assertFunctionNames: ["expect", "expect.*", "expect*", "verifyExactlyOnce"] }],
    },
  },
  {
    files: ["api/**/*.ts", "scripts/**/*.{ts,mjs,js}", "tests/**/*.ts", "*.config.{ts,js}"],
    languageOptions: { globals: globals.node },
  },
);
