import { PNG } from "pngjs";
import { readFileSync, writeFileSync } from "node:fs";
const [file, y0, h, out] = process.argv.slice(2);
const src = PNG.sync.read(readFileSync(file));
const height = Math.min(Number(h), src.height - Number(y0));
const dst = new PNG({ width: src.width, height });
PNG.bitblt(src, dst, 0, Number(y0), src.width, height, 0, 0);
writeFileSync(out, PNG.sync.write(dst));
