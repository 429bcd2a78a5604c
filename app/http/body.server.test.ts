import { describe, expect, it } from "vitest";
import { BodyTooLarge, FormOverLimits, MULTIPART_LIMITS, readMultipartForm, UnreadableBody } from "./body.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://localhost/verify/result/x/report", { method: "POST", body, headers });

/** A raw multipart body of `count` tiny text parts (boundary "x"). */
const tinyParts = (count: number) => Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n'.repeat(count) + "--x--\r\n");
const raw = (body: Buffer) => post(new Uint8Array(body), { "content-type": "multipart/form-data; boundary=x" });

describe("readMultipartForm", () => {
  it("reads a browser's form with its fields and one file", async () => {
    const form = new FormData();
    for (const name of ["seller", "city", "country", "purchased_on", "contact", "consent"]) form.set(name, `${name} value`);
    form.set("photo", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: "image/jpeg" }), "pack.jpg");
    const read = await readMultipartForm(post(form));
    expect(read.get("city")).toBe("city value");
    expect((read.get("photo") as File).size).toBe(6);
  });

  it(`takes ${MULTIPART_LIMITS.parts} parts and refuses one more, counted before parsing`, async () => {
    expect([...(await readMultipartForm(raw(tinyParts(MULTIPART_LIMITS.parts)))).keys()]).toHaveLength(MULTIPART_LIMITS.parts);
    await expect(readMultipartForm(raw(tinyParts(MULTIPART_LIMITS.parts + 1)))).rejects.toBeInstanceOf(FormOverLimits);
    // (How fast is measured by tests/hardening/uploads.mjs against the server.)
    await expect(readMultipartForm(raw(tinyParts(85_000)))).rejects.toBeInstanceOf(FormOverLimits);
  });

  it("refuses a second file and a field over 64 KB (413, not the photo's size message)", async () => {
    const twoFiles = new FormData();
    twoFiles.append("photo", new Blob(["a"]), "a.jpg");
    twoFiles.append("photo", new Blob(["b"]), "b.jpg");
    await expect(readMultipartForm(post(twoFiles))).rejects.toBeInstanceOf(FormOverLimits);
    const longField = new FormData();
    longField.set("seller", "s".repeat(MULTIPART_LIMITS.fieldBytes + 1));
    await expect(readMultipartForm(post(longField))).rejects.toBeInstanceOf(FormOverLimits);
    const over = readMultipartForm(raw(tinyParts(3)), 64);
    await expect(over).rejects.toBeInstanceOf(BodyTooLarge);
    await expect(over).rejects.not.toBeInstanceOf(FormOverLimits);
  });

  it("refuses a body without a boundary or that is not multipart as unreadable", async () => {
    await expect(readMultipartForm(post("a=b", { "content-type": "multipart/form-data" }))).rejects.toBeInstanceOf(UnreadableBody);
    await expect(readMultipartForm(raw(Buffer.from("--x\r\nContent-Disposition: form-data; name=\"code\"\r\n\r\nABCD")))).rejects.toBeInstanceOf(UnreadableBody);
  });
});
