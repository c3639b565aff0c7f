import { describe, expect, it } from "vitest";
import type { ClosedTab, Order } from "../../contract/schemas";
import { decodeEscPos, segmentsWith } from "../../tests/support/test-printer";
import { billDocument, escPos, literal, orderTicket, resentDocument } from "./ticket";

const order: Order = {
  id: "0190c0de-0000-7000-8000-000000000001",
  number: 12,
  status: "received",
  station_id: "7f0c2a59-8a55-4b7e-9d7e-2c3f4a5b6c7d",
  station_codename: "T|1",
  branch_id: 1,
  lines: [
    {
      product_id: 1,
      name: 'Pork BBQ ^ "special"',
      quantity: 2,
      unit_price: "12.99",
      options: [{ id: 5, name: "Extra rice", price: "2.00" }],
      line_total: "29.98",
      note: "no onions {please}",
      prep_station: "kitchen",
    },
    { product_id: 2, name: "Calamansi juice", quantity: 1, unit_price: "4.50", options: [], line_total: "4.50", prep_station: "bar" },
  ],
  subtotal: "34.48",
  tax: "4.48",
  total: "38.96",
  // 18:05 in Toronto: EST is UTC−5 in November.
  created_at: "2026-11-24T23:05:30.000Z",
  seen_at: null,
  bumped: [],
  estimated_ready_at: null,
};

const printed = (document: string) => decodeEscPos(escPos(document));

describe("kitchen tickets", () => {
  it("has the table, the number, the restaurant's time, and only its station's lines with options and notes", () => {
    const kitchen = printed(orderTicket(order, "kitchen"));
    expect(kitchen.text).toContain("KITCHEN");
    expect(kitchen.text).toContain("T|1");
    expect(kitchen.text).toContain("#12");
    expect(kitchen.text).toContain("Tue 24 Nov 2026 18:05");
    expect(kitchen.text).toContain('2 x Pork BBQ ^ "special"');
    expect(kitchen.text).toContain("+ Extra rice");
    expect(kitchen.text).not.toContain("Calamansi");
    expect(kitchen.cuts).toBe(1);

    const bar = printed(orderTicket(order, "bar"));
    expect(bar.text).toContain("BAR");
    expect(bar.text).toContain("1 x Calamansi juice");
    expect(bar.text).not.toContain("Pork");
    expect(bar.text).not.toContain("NOTE");
  });

  it("makes the note stand out: inverted, bold and double height", () => {
    const ticket = printed(orderTicket(order, "kitchen"));
    expect(segmentsWith(ticket, "NOTE: no onions {please}")).toEqual([expect.objectContaining({ inverted: true, bold: true, height: 2 })]);
    expect(segmentsWith(ticket, "Extra rice")[0]).toMatchObject({ inverted: false, bold: false });
  });

  it("says REPRINT on a reprint, and a resent job says it may be a duplicate", () => {
    expect(printed(orderTicket(order, "kitchen")).text).not.toContain("REPRINT");
    const reprint = printed(orderTicket(order, "kitchen", { reprint: true }));
    expect(reprint.text.match(/REPRINT/g)).toHaveLength(2);
    expect(segmentsWith(reprint, "REPRINT")[0]).toMatchObject({ inverted: true });
    expect(printed(resentDocument(orderTicket(order, "kitchen"))).text).toMatch(/^RESENT - MAY BE A DUPLICATE\n/);
  });

  it("prints the diner's text literally, markup and control characters included", () => {
    expect(literal('a|b{c}-=~_"`^\\')).toBe('a\\|b\\{c\\}\\-\\=\\~\\_\\"\\`\\^\\\\');
    expect(literal("tab\there")).toBe("tab here");
    const ticket = printed(orderTicket({ ...order, lines: [{ ...order.lines[0]!, note: "---" }] }, "kitchen"));
    expect(ticket.text).toContain("NOTE: ---");
  });
});

describe("the bill", () => {
  it("lists the tab's lines with prices, the subtotal, HST, total and payment, then cuts", () => {
    const tab: ClosedTab = {
      id: "tab",
      station_id: order.station_id,
      station_codename: "T1",
      branch_id: 1,
      orders: [order, { ...order, number: 13, status: "cancelled" }],
      subtotal: "34.48",
      tax: "4.48",
      total: "38.96",
      paid_with: "cash",
      closed_at: "2026-11-25T01:00:00.000Z",
    };
    const bill = printed(billDocument(tab));
    expect(bill.text).toContain("BILL");
    expect(bill.text).toContain("Order #12");
    expect(bill.text).not.toContain("Order #13");
    expect(bill.text).toMatch(/2 x Pork BBQ.*\$29\.98/);
    expect(bill.text).toMatch(/Subtotal\s+\$34\.48/);
    expect(bill.text).toMatch(/HST\s+\$4\.48/);
    expect(bill.text).toMatch(/TOTAL\s+\$38\.96/);
    expect(bill.text).toContain("Paid: Cash");
    expect(bill.text).toContain("Tue 24 Nov 2026 20:00");
    expect(bill.cuts).toBe(1);
  });
});
