import { describe, expect, it } from "vitest";
import { resources } from "./resources";
import { fixedT } from "./i18n.server";

describe("fixedT", () => {
  it("translates a plain key once per language and namespace, the same text every time", () => {
    const en = fixedT("en", "verify");
    const ar = fixedT("ar", "verify");
    expect(fixedT("en", "verify")).toBe(en);
    expect(en("form.empty")).toBe(resources.en.verify.form.empty);
    expect(en("form.empty")).toBe(resources.en.verify.form.empty);
    expect(ar("form.empty")).toBe(resources.ar.verify.form.empty);
    expect(ar("form.empty")).not.toBe(en("form.empty"));
  });

  it("still fills in a message's values on every call, and never serves one call's values to another", () => {
    const t = fixedT("en", "verify");
    const first = t("result.invalid", { code: "AAAA-1111" });
    const second = t("result.invalid", { code: "BBBB-2222" });
    expect(first).toContain("AAAA-1111");
    expect(second).toContain("BBBB-2222");
    expect(second).not.toContain("AAAA-1111");
  });
});
