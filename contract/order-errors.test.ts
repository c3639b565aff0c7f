import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";
import { isBranchId, branchName } from "./menu";
import { isNotTodayDetail, isPriceChangedDetail, namesIn } from "./order-errors";

describe("order refusal details", () => {
  it("reads price_changed details only when they carry a line index and a price", () => {
    const detail = { index: 0, product_id: 3, name: "Sisig", sent_price: "12.99", price: "13.99", message: "Sisig now costs 13.99." };
    expect([detail, { index: "0", price: "1" }, null, "text", { index: 1 }].filter(isPriceChangedDetail)).toEqual([detail]);
  });

  it("reads not_available_today details only when they carry a name and a weekday 1–7", () => {
    const detail = { index: 0, product_id: 4, name: "Tuesday Pork Chop with Rice", weekday: 2, message: "Only on Tuesdays." };
    expect([detail, { name: "X", weekday: 8 }, { name: "X", weekday: "2" }, { weekday: 2 }, null].filter(isNotTodayDetail)).toEqual([detail]);
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
