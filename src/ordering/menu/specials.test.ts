import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/schemas";
import { specialsForToday } from "./specials";

const special = (name: string, weekday?: number) => ({ name, ...(weekday ? { weekday } : {}) }) as Product;
const week = [1, 2, 3, 4, 5, 6, 7].map((day) => special(`day ${day}`, day));

describe("today's special first", () => {
  it.each([1, 2, 3, 4, 5, 6, 7])("on weekday %i: today's, then any day's, then the other days from tomorrow on", (today) => {
    const names = specialsForToday([...week, special("any day")], today).map((product) => product.name);
    const following = [1, 2, 3, 4, 5, 6].map((ahead) => `day ${((today - 1 + ahead) % 7) + 1}`);
    expect(names).toEqual([`day ${today}`, "any day", ...following]);
  });
});
