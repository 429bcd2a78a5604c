import { describe, expect, it } from "vitest";
import { createGate } from "./gate";

const later = () => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

describe("gate", () => {
  it("runs one task at a time in arrival order, queues a bounded number and turns the rest away", async () => {
    const gate = createGate(1, 2);
    const order: string[] = [];
    const first = later();
    const a = gate.run(async () => {
      order.push("a");
      await first.done;
      return "A";
    });
    const b = gate.run(async () => (order.push("b"), "B"));
    const c = gate.run(async () => (order.push("c"), "C"));
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    expect(await gate.run(async () => "D")).toEqual({ ran: false });
    expect(order).toEqual(["a"]);
    first.release();
    expect(await Promise.all([a, b, c])).toEqual([
      { ran: true, value: "A" },
      { ran: true, value: "B" },
      { ran: true, value: "C" },
    ]);
    expect(order).toEqual(["a", "b", "c"]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees its place when a task fails", async () => {
    const gate = createGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await gate.run(async () => 1)).toEqual({ ran: true, value: 1 });
  });
});
