/** The public menu (shape, caching) and the sold-out toggle (API.md "Menu"). */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLERGENS, CATEGORY_KEYS, DIETS } from "../../contract/menu";
import type { Menu, Product } from "../../contract/schemas";
import {
  BAD_JSON_BODIES,
  EVIL_ORIGIN,
  call,
  csvForm,
  expectApiError,
  expiredToken,
  productNamed,
  readMenu,
  revokedToken,
} from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
});
afterAll(() => server.dispose());

const PRICE = /^\d+\.\d{2}$/;

const menuCall = (query: string, headers: Record<string, string> = {}) =>
  call<Menu>(server, "GET", `/api/products_by_category${query}`, { headers });

function expectProductShape(product: Product, category: string) {
  const keys = [
    "id",
    "name",
    "description",
    "price",
    "happy_hour_price",
    "available",
    ...(category === "special" ? ["weekday"] : []),
    "customizations",
    "allergens",
    "diet",
    "prep_station",
    "prep_minutes",
    "stock",
    // The seed menu is translated throughout.
    "translations",
    // Null: the test servers' seed has no photos (the demo's drawn ones are `npm start`'s).
    "photo",
  ];
  expect(Object.keys(product).sort()).toEqual(keys.sort());
  expect(product.photo).toBeNull();
  expect(product.allergens.every((a) => (ALLERGENS as readonly string[]).includes(a))).toBe(true);
  expect(product.diet.every((d) => (DIETS as readonly string[]).includes(d))).toBe(true);
  expect(["kitchen", "bar"]).toContain(product.prep_station);
  expect(product.happy_hour_price === null || /^\d+\.\d{2}$/.test(product.happy_hour_price!)).toBe(true);
  if (category === "drink") expect(product.prep_station).toBe("bar");
  expect(Number.isInteger(product.prep_minutes) && product.prep_minutes >= 0).toBe(true);
  expect(product.stock === null || (Number.isInteger(product.stock) && product.stock >= 0)).toBe(true);
  expect(Object.keys(product.translations!).sort()).toEqual(["fil", "zh"]);
  for (const translation of Object.values(product.translations!)) expect(Object.keys(translation).sort()).toEqual(["description", "name"]);
  expect(Number.isInteger(product.id) && product.id > 0).toBe(true);
  expect(product.name.length).toBeGreaterThan(0);
  expect(typeof product.description).toBe("string");
  expect(product.price).toMatch(PRICE);
  expect(typeof product.available).toBe("boolean");
  if (category === "special") expect(product.weekday).toBeGreaterThanOrEqual(1);
  if (category === "special") expect(product.weekday).toBeLessThanOrEqual(7);
  for (const group of Object.values(product.customizations)) {
    // The seed menu names every group and option in Filipino and Chinese too.
    expect(Object.keys(group)).toEqual(["exclusive", "required", "options", "translations"]);
    expect(Object.keys(group.translations!).sort()).toEqual(["fil", "zh"]);
    expect(typeof group.exclusive).toBe("boolean");
    expect(typeof group.required).toBe("boolean");
    expect(group.options.length).toBeGreaterThan(0);
    for (const option of group.options) {
      expect(Object.keys(option)).toEqual(["id", "name", "price", "translations"]);
      expect(Object.keys(option.translations!).sort()).toEqual(["fil", "zh"]);
      expect(Number.isInteger(option.id)).toBe(true);
      expect(option.price).toMatch(PRICE);
    }
  }
}

describe("GET /api/products_by_category", () => {
  it("answers the branch's menu keyed by the eight categories in menu order, with the product shape of API.md", async () => {
    const response = await menuCall("?branch_id=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(response.body)).toEqual(["special", "starter", "fries", "burger", "seafood", "main", "drink", "bucket"]);
    for (const key of CATEGORY_KEYS) {
      expect(response.body[key].length).toBeGreaterThan(0);
      for (const product of response.body[key]) expectProductShape(product, key);
    }
    // The seven specials, one per ISO weekday (Monday = 1 … Sunday = 7).
    expect(response.body.special.map((p) => p.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const burger = productNamed(response.body, "Limitless Mega Burger");
    expect(burger).toMatchObject({
      price: "13.99",
      available: true,
      customizations: {
        Side: {
          exclusive: true,
          required: true,
          options: [
            { name: "Fries", price: "0.00" },
            { name: "Coleslaw", price: "0.00" },
            { name: "Onion Rings", price: "2.00" },
          ],
        },
      },
    });
    expect(productNamed(response.body, "Lumpia Shanghai").customizations).toEqual({});
    // The menu data beyond the spec (API.md "Menu data beyond the spec").
    expect(burger).toMatchObject({
      prep_station: "kitchen",
      prep_minutes: 15,
      stock: null,
      translations: { zh: { name: "Limitless 超级汉堡" } },
    });
    expect(burger.customizations.Side).toMatchObject({
      translations: { fil: { name: "Kasama" }, zh: { name: "配菜" } },
      options: [
        { translations: { fil: { name: "Pritong patatas" }, zh: { name: "薯条" } } },
        { translations: { fil: { name: "Ensaladang repolyo" }, zh: { name: "凉拌卷心菜" } } },
        { translations: { fil: { name: "Pritong sibuyas" }, zh: { name: "洋葱圈" } } },
      ],
    });
    expect(burger.allergens).toContain("wheat");
    expect(productNamed(response.body, "Sisig").diet).toEqual(["contains_pork", "spicy"]);
    expect(productNamed(response.body, "Lechon Kawali").stock).toBe(3);
    expect(productNamed(response.body, "Red Horse").prep_station).toBe("bar");
  });

  it("gives each branch its own products (ids differ between branches)", async () => {
    const [one, two] = [await readMenu(server, 1), await readMenu(server, 2)];
    const ids = (menu: Menu) => CATEGORY_KEYS.flatMap((k) => menu[k].map((p) => p.id));
    expect(ids(one).filter((id) => ids(two).includes(id))).toEqual([]);
  });

  it.each([
    ["missing", ""],
    ["empty", "?branch_id="],
    ["not a number", "?branch_id=abc"],
    ["zero", "?branch_id=0"],
    ["negative", "?branch_id=-1"],
    ["fractional", "?branch_id=1.5"],
    ["hexadecimal", "?branch_id=0x1"],
    ["in exponent form", "?branch_id=1e0"],
  ])("answers 400 invalid_query when branch_id is %s", async (_name, query) => {
    const error = expectApiError(await menuCall(query), 400, "invalid_query");
    expect(error.details?.[0]?.path).toBe("branch_id");
  });

  it("answers 404 unknown_branch for a branch that does not exist", async () => {
    expectApiError(await menuCall("?branch_id=3"), 404, "unknown_branch");
    expectApiError(await menuCall("?branch_id=999999"), 404, "unknown_branch");
  });

  it("is cacheable: a strong ETag, 304 on If-None-Match (also inside a list), 200 on a stale tag", async () => {
    const first = await menuCall("?branch_id=1");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("vary")).toMatch(/accept-encoding/i);
    // Compressed or not, it is the same menu under the same tag.
    const identity = await menuCall("?branch_id=1", { "Accept-Encoding": "identity" });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(identity.text).toBe(first.text);
    expect(identity.headers.get("etag")).toBe(etag);

    const again = await menuCall("?branch_id=1");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.text).toBe(first.text);

    const notModified = await menuCall("?branch_id=1", { "If-None-Match": etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);

    expect((await menuCall("?branch_id=1", { "If-None-Match": `"stale", ${etag}` })).status).toBe(304);
    // If-None-Match compares weakly (RFC 9110): a proxy that compresses the answer turns the tag weak.
    expect((await menuCall("?branch_id=1", { "If-None-Match": `W/${etag}` })).status).toBe(304);
    const stale = await menuCall("?branch_id=1", { "If-None-Match": '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
    // Another branch has another menu, so another tag.
    expect((await menuCall("?branch_id=2")).headers.get("etag")).not.toBe(etag);
  });

  it("always lists all eight keys, with an empty list for a category that has no products", async () => {
    const csv =
      "category,product,description,price,available,weekday,group,exclusive,required,option,option_price\r\ndrink,Water,,1.00,yes,,,,,,\r\n";
    const upload = await call(server, "POST", "/api/products/upload_csv?branch_id=2", { token, body: csvForm(csv) });
    expect(upload.status).toBe(200);

    const menu = await readMenu(server, 2);
    expect(Object.keys(menu)).toEqual([...CATEGORY_KEYS]);
    for (const key of CATEGORY_KEYS) expect(menu[key]).toEqual(key === "drink" ? [expect.objectContaining({ name: "Water" })] : []);
  });
});

/** The bytes as sent (fetch would undo the compression). */
function rawMenu(query: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${server.url}/api/products_by_category${query}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the cached menu's bytes", () => {
  it("sends the same JSON as brotli, gzip or plain, each with its own length and encoding, under one tag", async () => {
    const plain = await rawMenu("?branch_id=1", { "Accept-Encoding": "identity" });
    const gzip = await rawMenu("?branch_id=1", { "Accept-Encoding": "gzip" });
    const brotli = await rawMenu("?branch_id=1", { "Accept-Encoding": "gzip, deflate, br" });
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(await readMenu(server, 1));
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    for (const [answer, encoding] of [
      [plain, undefined],
      [gzip, "gzip"],
      [brotli, "br"],
    ] as const) {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.vary).toBe("Accept-Encoding");
    }
  });

  it("answers 304 with the tag and no body or length, whatever encoding is asked for", async () => {
    const { headers } = await rawMenu("?branch_id=1");
    for (const encoding of ["identity", "gzip", "br"]) {
      const answer = await rawMenu("?branch_id=1", { "Accept-Encoding": encoding, "If-None-Match": headers.etag! });
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(headers.etag);
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["content-length"]).toBeUndefined();
      expect(answer.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("answers HEAD with the GET's headers and no body", async () => {
    const get = await rawMenu("?branch_id=1", { "Accept-Encoding": "gzip" });
    const head = await rawMenu("?branch_id=1", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("once cached, still validates every other way of writing branch_id", async () => {
    const canonical = await menuCall("?branch_id=2");
    expect(canonical.status).toBe(200);
    // The same branch written otherwise is the same menu.
    for (const query of ["?branch_id=02", "?branch_id=%32", "?branch_id=2&branch_id=1", "?lang=fil&branch_id=2"]) {
      const answer = await menuCall(query);
      expect(answer.status, query).toBe(200);
      expect(answer.text, query).toBe(canonical.text);
    }
    for (const query of ["?branch_id=2.0", "?branch_id=2%20", "?branch_id=+2", "?branch_id="]) {
      expectApiError(await menuCall(query), 400, "invalid_query");
    }
    expectApiError(await menuCall("?branch_id=7"), 404, "unknown_branch");
  });
});

describe("PATCH /api/products/:id (sold out / back on)", () => {
  const patch = (id: number | string, options: Parameters<typeof call>[3]) =>
    call<Product>(server, "PATCH", `/api/products/${id}`, options);

  it("marks a product sold out and back on; the menu and its ETag follow", async () => {
    const before = await menuCall("?branch_id=1");
    const etagBefore = before.headers.get("etag");
    const poutine = productNamed(before.body, "Poutine");

    const soldOut = await patch(poutine.id, { token, json: { available: false } });
    expect(soldOut.status).toBe(200);
    expect(soldOut.body).toEqual({ ...poutine, available: false });

    const after = await menuCall("?branch_id=1", { "If-None-Match": etagBefore! });
    expect(after.status).toBe(200); // the old tag no longer matches
    expect(after.headers.get("etag")).not.toBe(etagBefore);
    expect(productNamed(after.body, "Poutine").available).toBe(false);
    // Nothing else moved.
    expect({ ...after.body, fries: after.body.fries.map((p) => ({ ...p, available: true })) }).toEqual(before.body);

    const backOn = await patch(poutine.id, { token, json: { available: true } });
    expect(backOn.status).toBe(200);
    expect(backOn.body).toEqual(poutine);
    const restored = await menuCall("?branch_id=1");
    expect(restored.body).toEqual(before.body);
    // The tag is a hash of the content, so the same menu has the same tag again.
    expect(restored.headers.get("etag")).toBe(etagBefore);
  });

  it("only changes the branch the product belongs to", async () => {
    const two = await menuCall("?branch_id=2");
    const one = await readMenu(server, 1);
    const nachos = productNamed(one, "Nachos");
    expect((await patch(nachos.id, { token, json: { available: false } })).status).toBe(200);
    const twoAfter = await menuCall("?branch_id=2");
    expect(twoAfter.text).toBe(two.text);
    expect(twoAfter.headers.get("etag")).toBe(two.headers.get("etag"));
    expect((await patch(nachos.id, { token, json: { available: true } })).status).toBe(200);
  });

  it.each([
    ["an unknown numeric id", "999999"],
    ["a non-numeric id", "abc"],
    ["a UUID", "3f0c5a52-8a0c-4c36-9a43-2c1f6f3c9d1e"],
    ["a negative id", "-1"],
    ["a fractional id", "1.5"],
    ["an overlong id", "9".repeat(40)],
  ])("answers 404 product_not_found for %s and changes nothing", async (_name, id) => {
    const before = await menuCall("?branch_id=1");
    expectApiError(await patch(id, { token, json: { available: false } }), 404, "product_not_found");
    expect((await menuCall("?branch_id=1")).text).toBe(before.text);
  });

  it.each([
    ["an empty body", {}],
    ["available as a string", { available: "false" }],
    ["available as a number", { available: 0 }],
    ["available null", { available: null }],
    ["another field only", { price: "0.01" }],
    ["an array", [{ available: false }]],
    ["a negative stock", { stock: -1 }],
    ["a fractional stock", { stock: 1.5 }],
    ["stock as a string", { stock: "3" }],
    ["a stock over 9999", { stock: 10_000 }],
    ["available with a stock of 0", { available: true, stock: 0 }],
  ])("answers 400 invalid_body for %s and changes nothing", async (_name, body) => {
    const menu = await readMenu(server, 1);
    const before = await menuCall("?branch_id=1");
    expectApiError(await patch(productNamed(menu, "Sisig").id, { token, json: body }), 400, "invalid_body");
    expect((await menuCall("?branch_id=1")).text).toBe(before.text);
  });

  it("ignores a price sent along with the toggle (only availability can change here)", async () => {
    const sisig = productNamed(await readMenu(server, 1), "Sisig");
    const response = await patch(sisig.id, { token, json: { available: true, price: "0.01", name: "Free Sisig" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(sisig);
  });

  it.each(BAD_JSON_BODIES)("answers $status $code to $name and changes nothing", async ({ headers, body, status, code }) => {
    const before = await menuCall("?branch_id=1");
    const id = productNamed(before.body, "Sisig").id;
    expectApiError(await patch(id, { token, headers, body }), status, code);
    expect((await menuCall("?branch_id=1")).text).toBe(before.text);
  });

  it("answers 401 without a session, with an expired one and with a signed-out one, and changes nothing", async () => {
    const before = await menuCall("?branch_id=1");
    const id = productNamed(before.body, "Sisig").id;
    const expired = await expiredToken(server);
    const revoked = await revokedToken(server);
    for (const auth of [{}, { token: expired }, { cookie: expired }, { token: revoked }, { cookie: revoked }]) {
      expectApiError(await patch(id, { ...auth, json: { available: false } }), 401, "unauthenticated");
    }
    expect((await menuCall("?branch_id=1")).text).toBe(before.text);
  });

  it("refuses the cookie from another site (403) but accepts it from the own origin, and a bearer token from anywhere", async () => {
    const before = await menuCall("?branch_id=1");
    const id = productNamed(before.body, "Sisig").id;
    expectApiError(await patch(id, { cookie: token, origin: EVIL_ORIGIN, json: { available: false } }), 403, "cross_origin_refused");
    expect((await menuCall("?branch_id=1")).text).toBe(before.text);

    expect((await patch(id, { cookie: token, origin: server.url, json: { available: false } })).status).toBe(200);
    expect((await patch(id, { token, origin: EVIL_ORIGIN, json: { available: true } })).status).toBe(200);
    expect((await menuCall("?branch_id=1")).text).toBe(before.text);
  });
});
