/** The link forms the plugin accepts, and the extract code rules. */
import { describe, expect, it } from "vitest";
import { InputError } from "@music-aggregator/core";
import { parseShareLink, surlOf } from "../link.ts";

describe("parseShareLink", () => {
  it.each([
    ["https://pan.baidu.com/s/1AbC-d_E9xYz", undefined, { shortCode: "1AbC-d_E9xYz" }],
    ["http://yun.baidu.com/s/1AbCdEf?pwd=ab12", undefined, { shortCode: "1AbCdEf", pwd: "ab12" }],
    ["https://pan.baidu.com/share/init?surl=AbCdEf&pwd=Ab12", undefined, { shortCode: "1AbCdEf", pwd: "Ab12" }],
    ["https://pan.baidu.com/share/init?surl=AbCdEf/", undefined, undefined],
    ["pan.baidu.com/s/1AbCdEf", undefined, { shortCode: "1AbCdEf" }],
    ["  https://pan.baidu.com/s/1AbCdEf/  ", undefined, { shortCode: "1AbCdEf" }],
    ["https://pan.baidu.com/s/1AbCdEf#list/path=%2F", undefined, { shortCode: "1AbCdEf" }],
    ["https://Pan.Baidu.Com/s/1AbCdEf", undefined, { shortCode: "1AbCdEf" }],
    ["1AbCdEf", undefined, { shortCode: "1AbCdEf" }],
    ["AbCdEf", "zz99", { shortCode: "1AbCdEf", pwd: "zz99" }],
    ["https://pan.baidu.com/s/1AbCdEf?pwd=ab12", "cd34", { shortCode: "1AbCdEf", pwd: "cd34" }],
    ["https://pan.baidu.com/s/1AbCdEf?pwd=ab12", "", { shortCode: "1AbCdEf", pwd: "ab12" }],
  ])("%j (pwd %j) → %j", (input, pwd, expected) => {
    if (expected) expect(parseShareLink(input, pwd)).toEqual(expected);
    else expect(() => parseShareLink(input, pwd)).toThrow(InputError);
  });

  it.each([
    ["https://pan.baidu.com/s/1AbCdEf?pwd=abc", undefined],
    ["https://pan.baidu.com/s/1AbCdEf?pwd=ab%2012", undefined],
    ["1AbCdEf", "ab 1"],
    ["1AbCdEf", "abcde"],
  ])("refuses the extract code of %j / %j as a parameter error", (input, pwd) => {
    try {
      parseShareLink(input, pwd);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).kind).toBe("parameter");
      expect((error as InputError).message).toBe("pwd must be 4 letters or digits");
    }
  });

  it("the refusal never echoes the input", () => {
    const secret = "https://evil.example/s/1AbCdEf?pwd=ab12&token=s3cr3t";
    expect(() => parseShareLink(secret)).toThrow(expect.objectContaining({ kind: "parameter", message: expect.not.stringMatching(/evil|s3cr3t|ab12/) }));
  });

  it("surlOf drops the leading 1", () => {
    expect(surlOf({ shortCode: "1AbCdEf" })).toBe("AbCdEf");
  });
});
