import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { addressBlock, cameOverHttps, clientAddress, requestOrigin, trustedProxyList } from "./client-address";

/** Asks a tiny app what it makes of a request from `peer` (as @hono/node-server would pass the socket). */
async function seen(trustedProxies: string[], peer: string, headers: Record<string, string> = {}, url = "http://limitless.example/") {
  const app = new Hono();
  app.get("/", (c) =>
    c.json({
      address: clientAddress(c, trustedProxies),
      https: cameOverHttps(c, trustedProxies),
      origin: requestOrigin(c, trustedProxies) ?? null,
    }),
  );
  const response = await app.request(
    url,
    { headers: { Host: new URL(url).host, ...headers } },
    { incoming: { socket: { remoteAddress: peer } } },
  );
  return (await response.json()) as { address: string; https: boolean; origin: string | null };
}

describe("clientAddress / cameOverHttps", () => {
  it("believes nothing a client says when no proxy is trusted", async () => {
    expect(await seen([], "203.0.113.5", { "X-Forwarded-For": "198.51.100.1", "X-Forwarded-Proto": "https" })).toEqual({
      address: "203.0.113.5",
      https: false,
      origin: "http://limitless.example",
    });
  });

  it("ignores the headers when the peer is not one of the trusted proxies", async () => {
    const result = await seen(["10.0.0.1"], "203.0.113.5", { "X-Forwarded-For": "198.51.100.1", "X-Forwarded-Proto": "https" });
    expect(result).toMatchObject({ address: "203.0.113.5", https: false });
  });

  it("takes the right-most hop that is not a trusted proxy, whatever the client prepended", async () => {
    const proxies = ["10.0.0.0/8", "::1"];
    expect((await seen(proxies, "10.0.0.2", { "X-Forwarded-For": "6.6.6.6, 198.51.100.1, 10.0.0.9" })).address).toBe("198.51.100.1");
    expect((await seen(proxies, "::ffff:10.0.0.2", { "X-Forwarded-For": "198.51.100.1:4711" })).address).toBe("198.51.100.1");
    expect((await seen(proxies, "::1", { "X-Forwarded-For": "[2001:db8::7]:4711" })).address).toBe("2001:db8::7");
    // Nothing but proxies: the left-most proxy is the client we can vouch for.
    expect((await seen(proxies, "10.0.0.2", { "X-Forwarded-For": "10.0.0.3" })).address).toBe("10.0.0.3");
    // A junk hop names nobody: the last hop we could vouch for stands.
    expect((await seen(proxies, "10.0.0.2", { "X-Forwarded-For": "198.51.100.1, not-an-ip" })).address).toBe("10.0.0.2");
    // No header at all: the proxy itself.
    expect((await seen(proxies, "10.0.0.2")).address).toBe("10.0.0.2");
  });

  it("believes a trusted proxy's X-Forwarded-Proto, first entry of a list, and says https in the request's origin", async () => {
    expect(await seen(["127.0.0.1"], "127.0.0.1", { "X-Forwarded-Proto": "HTTPS, http" })).toMatchObject({
      https: true,
      origin: "https://limitless.example",
    });
    expect(await seen(["127.0.0.1"], "127.0.0.1", { "X-Forwarded-Proto": "http" })).toMatchObject({
      https: false,
      origin: "http://limitless.example",
    });
  });

  it("knows a direct HTTPS connection and keeps a non-default port in the origin", async () => {
    expect(await seen([], "203.0.113.5", {}, "https://limitless.example:8443/")).toMatchObject({
      https: true,
      origin: "https://limitless.example:8443",
    });
  });
});

describe("trustedProxyList", () => {
  it.each(["localhost", "10.0.0.0/33", "10.0.0.1/", "1.2.3.4/8/9", "::1/129", ""])("refuses %j", (entry) => {
    expect(() => trustedProxyList([entry])).toThrow(/TRUSTED_PROXIES/);
  });
});

describe("addressBlock", () => {
  it("keeps IPv4 addresses and groups IPv6 ones by /64", () => {
    expect(addressBlock("192.0.2.1")).toBe("192.0.2.1");
    expect(addressBlock("2001:db8:1:2:3:4:5:6")).toBe(addressBlock("2001:db8:1:2::9"));
    expect(addressBlock("2001:db8:1:2::9")).toBe("2001:0db8:0001:0002::/64");
    expect(addressBlock("2001:db8:1:3::9")).not.toBe(addressBlock("2001:db8:1:2::9"));
    expect(addressBlock("::1")).toBe("0000:0000:0000:0000::/64");
  });
});
