import { readdirSync } from "node:fs";
import js from "@eslint/js";
import vitest from "@vitest/eslint-plugin";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const FEATURES = ["ordering", "site", "staff"];

/** What wires the modules together, and the entry points: free to import any module. */
const API_WIRING = ["app.ts", "app-context.ts", "service-deps.ts", "server.ts", "main.ts", "static-site.ts", "cli", "seed"];
/** The shared pieces under every module. */
const API_SHARED = ["db", "lib"];
/**
 * The server's modules (api/README.md): every other folder of api/, each of routes.ts, *-service.ts,
 * *-repository.ts and plain logic. Read from the tree, so a new module is under the rules at once.
 */
const API_MODULES = readdirSync(new URL("./api", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_WIRING.includes(entry.name) && !API_SHARED.includes(entry.name))
  .map((entry) => entry.name);
/** What another module may import of a module: its services, the queries it shares, these pure functions (no database), and the staff guard. */
const API_PUBLIC = ["**/*-service.ts", "**/*-queries.ts", "**/api/orders/pricing.ts", "**/api/auth/middleware.ts"];

/** What every staff screen may use: the staff calls and common pieces, the session, the branch shown (src/README.md). */
const STAFF_SHARED = ["lib", "auth", "branch"];
/** The staff app's frame (the shell and its navigation): it shows some screens' parts on every screen (alerts, calls). */
const STAFF_FRAME = ["layout"];
/** The staff screens, each a feature of its own: every other folder of src/staff/, read from the tree like API_MODULES. */
const STAFF_FEATURES = readdirSync(new URL("./src/staff", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !STAFF_SHARED.includes(entry.name) && !STAFF_FRAME.includes(entry.name))
  .map((entry) => entry.name);
const staffPaths = (folders) => folders.map((folder) => `./src/staff/${folder}`);

/** The architecture, as import rules: who may depend on whom (see src/README.md and contract/README.md). */
const layerZones = [
  { target: "./src", from: "./api", message: "The web app imports only contract/, never api/." },
  // Tests that cross-check the two sides live in tests/ (tests/unit/cart-pricing.property.test.ts).
  // One door: the public site's renderer (src/site/server), which turns data into the HTML the server sends (docs/decisions/0027).
  {
    target: "./api",
    from: "./src",
    except: ["./site/server"],
    message: "The server never imports the web app, only src/site/server (its renderer).",
  },
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
  ...STAFF_FEATURES.map((feature) => ({
    target: `./src/staff/${feature}`,
    from: staffPaths([...STAFF_FEATURES.filter((other) => other !== feature), ...STAFF_FRAME]),
    message:
      "A staff screen imports staff's shared part (src/staff/lib, auth, branch), src/shared/ and contract/, never another staff screen or the frame: move what two screens share into src/staff/lib.",
  })),
  {
    target: staffPaths(STAFF_SHARED),
    from: staffPaths(STAFF_FEATURES),
    message: "src/staff/lib, auth and branch serve every staff screen and know none.",
  },
  {
    target: staffPaths(STAFF_SHARED),
    from: staffPaths(STAFF_FRAME),
    // The sign-in screens, drawn outside the frame, still wear its styles.
    except: ["./staff.css"],
    message: "src/staff/lib, auth and branch serve every staff screen and know none: the frame is above them.",
  },
  {
    target: "./api/**/*-repository.ts",
    from: "./api/**/routes.ts",
    message: "Repositories are below routes: a route calls a repository, never the other way.",
  },
  ...["db", "lib"].map((shared) => ({
    target: `./api/${shared}`,
    from: [...API_MODULES, ...API_WIRING].map((m) => `./api/${m}`),
    message: `api/${shared}/ serves every module and knows none: move what it needs down, or let the module hand it in.`,
  })),
  ...API_MODULES.map((module) => ({
    target: `./api/${module}`,
    from: API_MODULES.filter((other) => other !== module).map((other) => `./api/${other}/**`),
    except: API_PUBLIC,
    message:
      "A module uses another only through its *-service.ts, its *-queries.ts or its pure logic listed in API_PUBLIC (eslint.config.js), never its repository, routes or internals.",
  })),
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
