/**
 * The public site as a crawler or a link preview reads it, with no JavaScript (docs/decisions/0027):
 * every page in every language holds its content in the HTML as sent (the live menu's dishes and
 * prices, both branches' addresses, phones and hours), its own title, description, canonical URL,
 * hreflang alternates, Open Graph and Twitter tags; the JSON-LD parses and says what a search engine
 * needs; a menu change is in the next HTML; unknown paths are 404; sitemap.xml lists every page in
 * every language. On SQLite and PostgreSQL (the two instances: site-instances.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu } from "../../contract/schemas";
import { call, expectSecurityHeaders, productNamed, readMenu } from "../support/api-helpers";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

const PAGES = ["/", "/menu", "/menu2", "/about", "/reserve"] as const;
const LANGUAGES = [
  { code: "en", prefix: "", lang: "en-CA", hreflang: "en" },
  { code: "fil", prefix: "/fil", lang: "fil", hreflang: "fil" },
  { code: "zh", prefix: "/zh", lang: "zh-Hans", hreflang: "zh-Hans" },
] as const;
const ORIGIN = "https://limitless.example";

const pathIn = (page: string, prefix: string) => (prefix ? `${prefix}${page}` : page);
const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
/** The page's text as read (tags, scripts and styles dropped, white space collapsed). */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  );
const bodyText = (html: string) => textOf(html.slice(html.indexOf("<body")));
const meta = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"\/>/g)]
    .filter(([, name]) => name === key)
    .map(([, , content]) => decode(content!));
const links = (html: string, rel: string) =>
  [...html.matchAll(/<link ([^>]*)\/>/g)]
    .map(([, attributes]) =>
      Object.fromEntries([...attributes!.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), decode(value!)])),
    )
    .filter((link) => link.rel === rel);
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as { "@context": string; "@graph": Record<string, unknown>[] },
  );

let server: TestServer;
const clock = new TestClock();

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await call(server, "GET", path, { headers });
  return { ...response, html: response.text };
}

beforeAll(async () => {
  server = await startTestServer({ config: { publicOrigin: ORIGIN }, server: { clock } });
});
afterAll(async () => {
  await server?.dispose();
});

describe("every public page in every language, as sent", () => {
  const cases = PAGES.flatMap((page) => LANGUAGES.map((language) => ({ page, ...language, path: pathIn(page, language.prefix) })));

  it.each(cases)(
    "$path: 200, complete HTML in its language, with its title, description, canonical, alternates and preview tags",
    async ({ page: name, path, lang, prefix }) => {
      const { status, headers, html } = await page(path);
      expect(status).toBe(200);
      expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(headers.get("cache-control")).toBe("no-cache");
      expectSecurityHeaders({ headers });
      expect(html.startsWith("<!doctype html>")).toBe(true);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(titleOf(html)).toContain("Limitless Bar & Grill");
      const [description] = meta(html, "description");
      expect(description!.length).toBeGreaterThan(50);

      const url = `${ORIGIN}${path}`;
      expect(links(html, "canonical").map((link) => link.href)).toEqual([url]);
      const alternates = Object.fromEntries(links(html, "alternate").map((link) => [link.hreflang, link.href]));
      expect(alternates).toEqual({
        en: `${ORIGIN}${name}`,
        fil: `${ORIGIN}/fil${name}`,
        "zh-Hans": `${ORIGIN}/zh${name}`,
        "x-default": `${ORIGIN}${name}`,
      });
      expect(meta(html, "og:url")).toEqual([url]);
      expect(meta(html, "og:title")).toEqual([titleOf(html)]);
      expect(meta(html, "og:description")).toEqual([description]);
      expect(meta(html, "og:type")).toEqual(["website"]);
      expect(meta(html, "og:image")).toEqual([`${ORIGIN}/images/og-image.jpg`]);
      expect(meta(html, "og:image:width")).toEqual(["1200"]);
      expect(meta(html, "twitter:card")).toEqual(["summary_large_image"]);
      expect(meta(html, "twitter:title")).toEqual([titleOf(html)]);
      expect(meta(html, "robots")).toEqual([]);

      // Every branch's address and phone, in the footer of every page.
      const text = bodyText(html);
      for (const expected of ["7600 Yonge St", "(905) 555-0123", "2200 Brock Rd Unit A1", "(905) 555-0187"])
        expect(text).toContain(expected);
      // The language picker links this page in each language.
      for (const other of LANGUAGES) expect(html).toContain(`href="${pathIn(name, other.prefix)}" hrefLang="${other.lang}"`);
      // The page's own script and styles, from the build.
      expect(html).toMatch(/<style>[^<]*\.site-header\{[^<]*<\/style>/); // its styles in the page: no round trip before the first paint
      expect(html).toMatch(/<script type="module" src="\/assets\/site-[\w-]+\.js"><\/script>/);
      if (prefix === "") expect(text.replace("中文", "")).not.toMatch(/[\u4e00-\u9fff]/u); // no Chinese on an English page but the picker's own name
    },
  );

  it("gives each page its own title and description, in each language", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of cases) {
      const { html } = await page(path);
      titles.add(titleOf(html));
      descriptions.add(meta(html, "description")[0]!);
    }
    expect(titles.size).toBe(cases.length);
    expect(descriptions.size).toBe(cases.length);
    expect(titleOf((await page("/zh/menu")).html)).toBe("Thornhill店菜单 — Limitless Bar & Grill");
    expect(titleOf((await page("/fil/menu2")).html)).toBe("Menu ng Pickering — Limitless Bar & Grill");
  });

  it("says the page's words in its language: navbar, headings, hours", async () => {
    const zh = bodyText((await page("/zh/")).html);
    for (const expected of [
      "跳到主要内容",
      "订座",
      "关于我们",
      "尝尝我们的新菜",
      "营业时间与联系方式",
      "星期一–星期六",
      "11:30 – 02:00",
      "欢乐时光",
    ])
      expect(zh).toContain(expected);
    const fil = bodyText((await page("/fil/about")).html);
    for (const expected of ["Tungkol sa amin", "Kumain nang sulit", "abot-kayang presyo", "I-email kami"]) expect(fil).toContain(expected);
    const en = bodyText((await page("/")).html);
    for (const expected of [
      "Monday–Saturday",
      "11:30 a.m. – 2 a.m.",
      "Sunday",
      "11:30 a.m. – 12 a.m.",
      "Happy hour",
      "Monday–Friday, 2–6 p.m.",
    ])
      expect(en).toContain(expected);
  });
});

describe("content without JavaScript", () => {
  it("the landing page holds both branches' hours and contact, the new items, the menus and the live highlights with prices", async () => {
    const text = bodyText((await page("/")).html);
    for (const expected of [
      "Thornhill Location Menu 7600 Yonge St, Thornhill, ON",
      "Pickering Location Menu 2200 Brock Rd Unit A1, Pickering, ON",
      "Sisig $12.99",
      "Stir Fry Beef $17.99",
      "Thornhill Location 7600 Yonge St Thornhill, ON L4J 1V9 Phone: (905) 555-0123",
      "Pickering Location 2200 Brock Rd Unit A1 Pickering, ON L1X 2R2 Phone: (905) 555-0187",
      "Domestic Bucket $30.00",
      "Limitless Mega Burger $13.99",
      "Domestic Beer $4.49",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it.each([
    ["/menu", 1, "Thornhill Location", "(905) 555-0123"],
    ["/menu2", 2, "Pickering Location", "(905) 555-0187"],
  ] as const)(
    "%s holds its branch's whole live menu, its phone, hours, booking link and documents",
    async (path, branchId, heading, phone) => {
      const { html } = await page(path);
      const text = bodyText(html);
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(text).toContain(`Phone: ${phone}`);
      expect(text).toContain("Monday–Saturday 11:30 a.m. – 2 a.m.");
      const menu = await readMenu(server, branchId);
      const headings = [...html.matchAll(/<h3 id="menu-\w+" data-category="\w+">([^<]+)<\/h3>/g)].map(([, title]) => title);
      expect(headings).toEqual(["Specials", "Starters", "Fries", "Burgers", "Seafood", "Mains", "Drinks", "Buckets"]);
      for (const products of Object.values(menu)) {
        for (const product of products) expect(text).toContain(`${decode(product.name)} $${product.price}`);
      }
      expect(text).toContain("Size: 16oz / 64oz (+$13.00)");
      const booking = path === "/menu" ? "limitless-bar-and-grill-thornhill" : "limitless-bar-and-grill-pickering";
      expect(html).toMatch(new RegExp(`<a class="button" href="https://www.opentable.ca/r/${booking}" target="_blank"`));
    },
  );

  it("highlights the special of the restaurant's day, by the server's clock (Sunday too)", async () => {
    clock.set("2024-12-15T23:30:00-05:00"); // Sunday 23:30 in Toronto, Monday in UTC
    const sunday = (await page("/menu")).html;
    expect(
      [...sunday.matchAll(/<li class="menu-item is-today"[^>]*><div class="menu-item-head"><h4 class="menu-item-name">([^<]+)</g)].map(
        ([, name]) => name,
      ),
    ).toEqual(["Sunday Cocktails"]);
    expect(bodyText(sunday)).toContain("Today is Sunday");
    expect(bodyText(sunday)).toContain("Happy Sunday!");
    clock.set("2024-12-16T12:00:00-05:00");
    const monday = (await page("/menu")).html;
    expect(monday).toMatch(/class="menu-item is-today"[^>]*><div class="menu-item-head"><h4 class="menu-item-name">Monday Wings</);
    clock.reset();
  });

  it("reserve lets the diner pick the branch: each its own booking page and phone", async () => {
    const { html } = await page("/reserve");
    expect(html).toContain("https://www.opentable.ca/r/limitless-bar-and-grill-thornhill");
    expect(html).toContain("https://www.opentable.ca/r/limitless-bar-and-grill-pickering");
    expect(bodyText(html)).toContain("Thornhill: (905) 555-0123");
    expect(bodyText(html)).toContain("Pickering: (905) 555-0187");
  });

  it("names the dishes' options in the page's language, from the menu data", async () => {
    const zh = (await page("/zh/menu")).html;
    expect(zh).toContain('<p class="menu-item-options">加料：五花肉 (+$3.00) / 炸鸡柳 (+$4.00)</p>');
    const fil = (await page("/fil/menu")).html;
    expect(fil).toContain('<p class="menu-item-options">Palaman: Manok / Baka (+$3.00)</p>');
    // An option group left untranslated keeps its English name, marked as English.
    const token = await staffToken(server);
    const tacos = productNamed(await readMenu(server, 1), "Tacos");
    const filling = { ...tacos.customizations.Filling!, translations: {} };
    const plain = await call(server, "PUT", `/api/products/${tacos.id}`, { token, json: { customizations: { Filling: filling } } });
    expect(plain.status, plain.text).toBe(200);
    expect((await page("/fil/menu")).html).toMatch(/<p class="menu-item-options" lang="en">Filling: [^<]*<\/p>/);
  });

  it("the navbar's Menu offers both branches, in the page's language", async () => {
    const { html } = await page("/fil/about");
    expect(html).toContain('<a href="/fil/menu">Menu ng Thornhill</a>');
    expect(html).toContain('<a href="/fil/menu2">Menu ng Pickering</a>');
    expect(html).toContain('<a href="/fil/about" aria-current="page">Tungkol sa Amin</a>');
  });
});

describe("schema.org data", () => {
  type Restaurant = Record<string, unknown> & {
    address: Record<string, string>;
    geo: Record<string, number>;
    openingHoursSpecification: { dayOfWeek: string[]; opens: string; closes: string }[];
    hasMenu: {
      url: string;
      hasMenuSection?: { name: string; hasMenuItem: { name: string; offers?: { price: string; priceCurrency: string } }[] }[];
    };
  };
  const restaurants = async (path: string) => {
    const blocks = jsonLdOf((await page(path)).html);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!["@context"]).toBe("https://schema.org");
    return blocks[0]!["@graph"] as Restaurant[];
  };
  const expectRestaurant = (restaurant: Restaurant, street: string, telephone: string) => {
    expect(restaurant["@type"]).toBe("Restaurant");
    expect(restaurant.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: street,
      addressRegion: "ON",
      addressCountry: "CA",
    });
    expect(restaurant.telephone).toBe(telephone);
    expect(restaurant.geo).toMatchObject({ "@type": "GeoCoordinates", latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(restaurant.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "11:30",
        closes: "02:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "11:30", closes: "00:00" },
    ]);
    expect(restaurant.servesCuisine).toEqual(expect.arrayContaining(["Filipino", "Chinese"]));
    expect(restaurant.priceRange).toBe("$$");
    expect(restaurant.acceptsReservations).toMatch(/^https:\/\//);
  };

  it("the landing page names both branches as restaurants, each with its menu's address", async () => {
    const [thornhill, pickering] = await restaurants("/");
    expectRestaurant(thornhill!, "7600 Yonge St", "+19055550123");
    expectRestaurant(pickering!, "2200 Brock Rd Unit A1", "+19055550187");
    expect(thornhill!.hasMenu.url).toBe(`${ORIGIN}/menu`);
    expect(pickering!.hasMenu.url).toBe(`${ORIGIN}/menu2`);
  });

  it.each([
    ["/menu", 1, "7600 Yonge St", "+19055550123"],
    ["/zh/menu2", 2, "2200 Brock Rd Unit A1", "+19055550187"],
  ] as const)("%s carries its branch with the whole menu: sections, dishes, prices in CAD", async (path, branchId, street, telephone) => {
    const graph = await restaurants(path);
    expect(graph).toHaveLength(1);
    const restaurant = graph[0]!;
    expectRestaurant(restaurant, street, telephone);
    const menu: Menu = await readMenu(server, branchId);
    const sections = restaurant.hasMenu.hasMenuSection!;
    expect(sections.reduce((count, section) => count + section.hasMenuItem.length, 0)).toBe(Object.values(menu).flat().length);
    // The buckets, last on the menu: the first is the domestic one (its name in the page's language).
    const bucket = sections.at(-1)!.hasMenuItem[0]!;
    expect(bucket.name).toBe(path.startsWith("/zh") ? productNamed(menu, "Domestic Bucket").translations?.zh?.name : "Domestic Bucket");
    expect(bucket.offers).toMatchObject({ "@type": "Offer", price: "30.00", priceCurrency: "CAD" });
    if (path.startsWith("/zh"))
      expect(sections.map((section) => section.name)).toEqual(["特价菜", "前菜小吃", "薯条", "汉堡", "海鲜", "主菜", "饮品", "啤酒桶套餐"]);
  });

  it("cannot be broken out of by menu data (a dish named </script>)", async () => {
    const token = await staffToken(server);
    const lumpia = productNamed(await readMenu(server, 1), "Lumpia Shanghai");
    const renamed = await call(server, "PUT", `/api/products/${lumpia.id}`, {
      token,
      json: { name: "Lumpia </script><script>alert(1)</script>" },
    });
    expect(renamed.status).toBe(200);
    const { html } = await page("/menu");
    expect(html).not.toContain("<script>alert(1)");
    expect(jsonLdOf(html)[0]!["@graph"][0]).toBeTruthy();
    expect(bodyText(html)).toContain("Lumpia </script><script>alert(1)</script> $5.49");
    await call(server, "PUT", `/api/products/${lumpia.id}`, { token, json: { name: "Lumpia Shanghai" } });
  });
});

describe("the live menu in the HTML", () => {
  it("shows a price change and a sold-out switch in the next HTML, and revalidates to 304 when nothing changed", async () => {
    const first = await page("/menu");
    const etag = first.headers.get("etag")!;
    expect((await page("/menu", { "If-None-Match": etag })).status).toBe(304);

    const token = await staffToken(server);
    const nachos = productNamed(await readMenu(server, 1), "Nachos");
    expect((await call(server, "PUT", `/api/products/${nachos.id}`, { token, json: { price: "12.49" } })).status).toBe(200);
    expect((await call(server, "PATCH", `/api/products/${nachos.id}`, { token, json: { available: false } })).status).toBe(200);
    const after = await page("/menu", { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.html).toMatch(
      /<li class="menu-item is-sold-out"><div class="menu-item-head"><h4 class="menu-item-name">Nachos<\/h4><span class="menu-item-price">\$12\.49</,
    );
    // The other branch's page is untouched by Thornhill's change.
    expect(bodyText((await page("/menu2")).html)).not.toContain("Nachos $12.49");
    expect((await call(server, "PATCH", `/api/products/${nachos.id}`, { token, json: { available: true } })).status).toBe(200);
  });

  it("follows a happy-hour change", async () => {
    const token = await staffToken(server);
    const windows = [{ weekdays: [6, 7], from: "15:00", to: "17:30" }];
    expect((await call(server, "PUT", "/api/branches/2/happy_hours", { token, json: windows })).status).toBe(200);
    expect(bodyText((await page("/menu2")).html)).toContain("Happy hour Saturday and Sunday, 3:00–5:30 p.m.");
  });

  it("is compressed for clients that take it", async () => {
    for (const [encoding, expected] of [
      ["br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const response = await fetch(`${server.url}/menu`, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(expected);
      expect(await response.text()).toContain("<h1>Thornhill Location</h1>");
    }
    const head = await fetch(`${server.url}/menu`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});

describe("the pages' script", () => {
  it("is one small file of its own: it imports none of the app's code", async () => {
    const manifest = JSON.parse(readFileSync(join(process.env.STATIC_DIR ?? "dist", ".vite", "manifest.json"), "utf8")) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[] }
    >;
    const entry = manifest["src/site/browser/site.ts"]!;
    expect(entry.imports ?? []).toEqual([]);
    expect(entry.dynamicImports ?? []).toEqual([]);
    const script = await fetch(`${server.url}/${entry.file}`, { headers: { "Accept-Encoding": "br" } });
    expect(script.status).toBe(200);
    expect((await script.arrayBuffer()).byteLength).toBeLessThan(8_000); // decoded: 6.4 kB, about 2.5 kB on the wire
  });
});

describe("addresses", () => {
  it.each(["/nope", "/menu/extra", "/fil/nope", "/zh/menu/extra", "/about/us", "/fil/fil/"])(
    "%s is the not-found page with status 404, not indexed",
    async (path) => {
      const { status, html, headers } = await page(path);
      expect(status).toBe(404);
      expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(meta(html, "robots")).toEqual(["noindex"]);
      expect(links(html, "canonical")).toEqual([]);
      if (path.startsWith("/zh")) expect(html).toContain("找不到您要访问的页面！");
      else if (path.startsWith("/fil")) expect(html).toContain("Hindi nahanap ang pahinang hinahanap ninyo!");
      else expect(html).toContain("The page you have requested could not be found!");
    },
  );

  it("an unknown API path stays a JSON 404", async () => {
    const response = await call(server, "GET", "/api/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("sends a page's other spellings to its one address", async () => {
    for (const [from, to] of [
      ["/menu/", "/menu"],
      ["/fil", "/fil/"],
      ["/zh", "/zh/"],
      ["/about/?ref=card", "/about?ref=card"],
    ]) {
      const response = await call(server, "GET", from!);
      expect(response.status, from).toBe(301);
      expect(
        new URL(response.headers.get("location")!, server.url).pathname + new URL(response.headers.get("location")!, server.url).search,
      ).toBe(to);
    }
  });

  it("sitemap.xml lists every page in every language with its alternates; robots.txt points to it", async () => {
    const sitemap = await call(server, "GET", "/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const urls = [...sitemap.text.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => body!);
    expect(urls).toHaveLength(PAGES.length * LANGUAGES.length);
    const locs = urls.map((body) => /<loc>([^<]+)<\/loc>/.exec(body)![1]);
    expect(new Set(locs)).toEqual(new Set(PAGES.flatMap((name) => LANGUAGES.map(({ prefix }) => `${ORIGIN}${pathIn(name, prefix)}`))));
    for (const body of urls) expect(body.match(/<xhtml:link rel="alternate" hreflang="[\w-]+" href="[^"]+"\/>/g)).toHaveLength(4);
    const robots = await call(server, "GET", "/robots.txt");
    expect(robots.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.text).toContain("Disallow: /api/");
  });

  it("without PUBLIC_ORIGIN, links are the request's own origin, and a Host header cannot write markup", async () => {
    const local = await startTestServer({ sameDatabaseAs: server });
    try {
      expect((await page("/about")).html).toContain(`${ORIGIN}/about`);
      const own = await call(local, "GET", "/about");
      expect(links(own.text, "canonical").map((link) => link.href)).toEqual([`${local.url}/about`]);
      const hostile = await fetch(`${local.url}/about`, { headers: { Host: 'evil.example"><script>x</script>' } });
      expect(await hostile.text()).not.toContain("<script>x</script>");
    } finally {
      await local.dispose();
    }
  });
});
