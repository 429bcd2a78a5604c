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

  it("keeps every byte of the file and every character of the fields, as the platform's parser does", async () => {
    const photo = new Uint8Array(200_000).map((_, i) => (i * 7919 + (i >> 7)) % 256);
    // Bytes that look like a delimiter's start inside the file, and CRLFs.
    photo.set(new TextEncoder().encode("\r\n--\r\n\r\n--"), 1000);
    const form = new FormData();
    form.set("seller", "صيدلية النور\r\nالطابق 2");
    form.set("city", "");
    form.set('odd "name"', "x");
    form.set("photo", new Blob([photo], { type: "image/jpeg" }), "صورة.jpg");
    const body = post(form);
    const expected = await body.clone().formData();
    const read = await readMultipartForm(body);
    expect([...read.keys()]).toEqual([...expected.keys()]);
    expect(read.get("seller")).toBe(expected.get("seller"));
    expect(read.get("city")).toBe("");
    expect(read.get('odd "name"')).toBe("x");
    const file = read.get("photo") as File;
    expect([file.name, file.type, file.size]).toEqual(["صورة.jpg", "image/jpeg", photo.byteLength]);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
  });

  it("reads a form without a chosen file (an empty file part) and ignores a preamble", async () => {
    const body = Buffer.from(
      'preamble\r\n--x\r\nContent-Disposition: form-data; name="seller"\r\n\r\nS\r\n--x\r\nContent-Disposition: form-data; name="photo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--x--\r\n',
    );
    const read = await readMultipartForm(raw(body));
    expect(read.get("seller")).toBe("S");
    expect((read.get("photo") as File).size).toBe(0);
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
