import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";
import { isBranchId, branchName } from "./menu";
import { isNotTodayDetail, isPriceChangedDetail, isSoldOutDetail, namesIn } from "./order-errors";

describe("order refusal details", () => {
  it("reads price_changed details only when they carry a line index and a price", () => {
    const detail = { index: 0, product_id: 3, name: "Sisig", sent_price: "12.99", price: "13.99", message: "Sisig now costs 13.99." };
    expect([detail, { index: "0", price: "1" }, null, "text", { index: 1 }].filter(isPriceChangedDetail)).toEqual([detail]);
  });

  it("reads sold_out details, with or without how many are left", () => {
    const counted = { index: 1, product_id: 4, name: "Lechon Kawali", left: 2, message: "Only 2 Lechon Kawali left." };
    const switchedOff = { index: 0, product_id: 3, name: "Sisig", message: "Sisig is sold out." };
    const bad = [
      { ...counted, left: -1 },
      { ...counted, left: 1.5 },
      { ...counted, left: "2" },
      { ...switchedOff, name: 3 },
      { ...switchedOff, message: undefined },
      null,
      "sold out",
    ];
    expect([counted, switchedOff, ...bad].filter(isSoldOutDetail)).toEqual([counted, switchedOff]);
  });

  it("reads not_available_today details only with a weekday 1–7", () => {
    const detail = {
      index: 0,
      product_id: 9,
      name: "Tuesday Pork Chop with Rice",
      weekday: 2,
      message: "Tuesday Pork Chop with Rice is a Tuesday special.",
    };
    const bad = [
      { ...detail, weekday: 0 },
      { ...detail, weekday: 8 },
      { ...detail, weekday: "2" },
      { ...detail, weekday: undefined },
      { ...detail, index: "0" },
      [],
      2,
    ];
    expect([detail, ...bad].filter(isNotTodayDetail)).toEqual([detail]);
  });

  it("names each product once", () => {
    expect(namesIn([{ name: "Sisig" }, { name: "Sisig" }, { name: "Lumpia" }, { message: "no name" }, 7])).toEqual(["Sisig", "Lumpia"]);
  });
});

describe("ids and branches", () => {
  it("accepts a UUID in any case, nothing else", () => {
    expect(isUuid("0b7f4c1e-7c2a-4f4e-9a53-2d1e3b4c5d6e")).toBe(true);
    expect(isUuid("0B7F4C1E-7C2A-4F4E-9A53-2D1E3B4C5D6E")).toBe(true);
    expect(isUuid("0b7f4c1e-7c2a-4f4e-9a53-2d1e3b4c5d6")).toBe(false);
    expect(isUuid("../stations")).toBe(false);
  });

  it("knows the branches and names the unknown ones plainly", () => {
    expect([1, 2, 3, "1", undefined].map(isBranchId)).toEqual([true, true, false, false, false]);
    expect(branchName(2)).toBe("Pickering");
    expect(branchName(9)).toBe("Branch 9");
  });
});
