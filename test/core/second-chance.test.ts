/**
 * The rendered answers' map (`server/engine/cache/second-chance.ts`): bounded in bytes, oldest
 * out first unless read since the eviction last passed it.
 */
import { describe, expect, it } from "vitest";
import { SecondChanceMap } from "../../server/engine/cache/second-chance.ts";

const bytesOf = (value: string) => value.length;

describe("SecondChanceMap", () => {
  it("keeps what fits, and drops the oldest unread entries first", () => {
    const map = new SecondChanceMap<string>(30, bytesOf);
    for (const key of ["a", "b", "c"]) map.set(key, key.repeat(10));
    expect(map.bytes).toBe(30);
    map.set("d", "d".repeat(10));
    expect([map.get("a"), map.get("b")?.[0], map.get("d")?.[0]]).toEqual([undefined, "b", "d"]);
    expect(map.size).toBe(3);
    expect(map.bytes).toBe(30);
  });

  it("gives an entry read since it was last passed (or new since) a second chance, once", () => {
    const map = new SecondChanceMap<string>(30, bytesOf);
    for (const key of ["a", "b", "c"]) map.set(key, key.repeat(10));
    map.set("d", "d".repeat(10)); // all new: one pass clears them, then the oldest goes
    expect(map.get("a")).toBeUndefined();
    map.get("b");
    map.set("e", "e".repeat(10)); // b was read: c, the oldest unread, goes
    expect(map.get("c")).toBeUndefined();
    map.set("f", "f".repeat(10)); // b was passed and not read since; d is older
    expect(map.get("d")).toBeUndefined();
    expect([map.get("b")?.[0], map.get("e")?.[0], map.get("f")?.[0]]).toEqual(["b", "e", "f"]);
  });

  it("when every entry was read, drops the oldest after one pass, and always ends", () => {
    const map = new SecondChanceMap<string>(1000, bytesOf);
    for (let i = 0; i < 100; i++) map.set(`k${i}`, "x".repeat(10));
    for (let i = 0; i < 100; i++) map.get(`k${i}`);
    map.set("big", "y".repeat(500));
    expect(map.bytes).toBeLessThanOrEqual(1000);
    expect(map.get("k0")).toBeUndefined();
    expect(map.get("k99")).toBe("x".repeat(10));
    expect(map.get("big")).toBe("y".repeat(500));
  });

  it("replaces an entry in place of its bytes, deletes, and never keeps a value over the bound", () => {
    const map = new SecondChanceMap<string>(100, bytesOf);
    map.set("a", "x".repeat(40));
    map.set("a", "x".repeat(60));
    expect([map.size, map.bytes]).toEqual([1, 60]);
    map.set("huge", "z".repeat(101));
    expect(map.get("huge")).toBeUndefined();
    expect(map.get("a")).toBe("x".repeat(60));
    expect(map.delete("a")).toBe(true);
    expect([map.size, map.bytes, map.delete("a")]).toEqual([0, 0, false]);
  });
});
