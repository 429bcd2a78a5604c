#!/usr/bin/env node
// Generates the original catalogue artwork (public/images/**) from a few parametric shapes:
// jars, tubes, bottles, pump bottles and soap bars in calm brand colours, with no text inside the art
// (the only mark is a language-neutral crescent). Run: node scripts/generate-artwork.mjs
// The SVGs are committed; re-run only when the artwork changes.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../public/images");

const r = (n) => Math.round(n * 10) / 10;

function svg(width, height, body, defs = "") {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;
}

function linear(id, a, b, vertical = true) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

/** Soft backdrop: gradient, an arch and a floor shadow. */
function backdrop(w, h, bgTop, bgBottom, arch, floorY) {
  const aw = w * 0.56;
  const ax = (w - aw) / 2;
  return {
    defs: linear("bg", bgTop, bgBottom),
    body: `<rect width="${w}" height="${h}" fill="url(#bg)"/><path d="M${r(ax)} ${floorY}V${r(h * 0.36)}a${r(aw / 2)} ${r(aw / 2)} 0 0 1 ${r(aw)} 0V${floorY}z" fill="${arch}"/><rect y="${floorY}" width="${w}" height="${h - floorY}" fill="${bgBottom}" opacity=".55"/>`,
  };
}

function shadow(cx, y, rx) {
  return `<ellipse cx="${r(cx)}" cy="${r(y)}" rx="${r(rx)}" ry="${r(rx * 0.12)}" fill="#2a211b" opacity=".12"/>`;
}

/** The brand mark: a crescent, language-neutral. */
function crescent(cx, cy, size, color) {
  const s = size;
  return `<path d="M${r(cx + s * 0.2)} ${r(cy - s)}a${r(s)} ${r(s)} 0 1 0 0 ${r(2 * s)}a${r(s * 0.78)} ${r(s * 0.78)} 0 1 1 0 ${r(-2 * s)}z" fill="${color}"/>`;
}

function highlight(x, y, w, h) {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="${r(w / 2)}" fill="#fff" opacity=".35"/>`;
}

function jar({ cx, base, w, h, body, lid, label, mark, open = false }) {
  const x = cx - w / 2;
  const top = base - h;
  const lidH = h * 0.28;
  const parts = [shadow(cx, base, w * 0.62)];
  if (open) {
    parts.push(`<rect x="${r(x)}" y="${r(top + lidH * 0.4)}" width="${r(w)}" height="${r(h - lidH * 0.4)}" rx="${r(w * 0.12)}" fill="${body}"/>`);
    parts.push(`<ellipse cx="${r(cx)}" cy="${r(top + lidH * 0.4)}" rx="${r(w / 2)}" ry="${r(w * 0.1)}" fill="${label}"/>`);
    parts.push(`<path d="M${r(cx - w * 0.3)} ${r(top + lidH * 0.42)}q${r(w * 0.15)} ${r(-w * 0.16)} ${r(w * 0.3)} -${r(w * 0.02)}q${r(w * 0.12)} ${r(w * 0.1)} ${r(w * 0.26)} ${r(w * 0.02)}" fill="none" stroke="#fff" stroke-width="${r(w * 0.035)}" stroke-linecap="round" opacity=".9"/>`);
    // Lid leaning beside the jar.
    parts.unshift(`<rect x="${r(cx + w * 0.2)}" y="${r(base - lidH * 0.95)}" width="${r(w * 0.95)}" height="${r(lidH * 0.9)}" rx="${r(lidH * 0.25)}" fill="${lid}"/>`);
  } else {
    parts.push(`<rect x="${r(x)}" y="${r(top + lidH * 0.9)}" width="${r(w)}" height="${r(h - lidH * 0.9)}" rx="${r(w * 0.12)}" fill="${body}"/>`);
    parts.push(`<rect x="${r(x - w * 0.02)}" y="${r(top)}" width="${r(w * 1.04)}" height="${r(lidH)}" rx="${r(lidH * 0.25)}" fill="${lid}"/>`);
    parts.push(highlight(x + w * 0.07, top + lidH * 0.2, w * 0.05, lidH * 0.6));
  }
  const bandY = top + lidH + (h - lidH) * 0.28;
  const bandH = (h - lidH) * 0.42;
  parts.push(`<rect x="${r(x)}" y="${r(bandY)}" width="${r(w)}" height="${r(bandH)}" fill="${label}"/>`);
  parts.push(crescent(cx, bandY + bandH / 2, bandH * 0.24, mark));
  parts.push(highlight(x + w * 0.08, top + lidH * 1.2, w * 0.045, (h - lidH) * 0.7));
  return parts.join("");
}

function tube({ cx, base, w, h, body, cap, label, mark, tilt = 0 }) {
  const x = cx - w / 2;
  const top = base - h;
  const capH = h * 0.16;
  const bodyBottom = base - capH;
  const narrow = w * 0.3;
  const parts = [];
  parts.push(`<path d="M${r(x - w * 0.04)} ${r(top)}h${r(w * 1.08)}v${r(h * 0.05)}h${r(-w * 1.08)}z" fill="${body}" opacity=".8"/>`);
  parts.push(`<path d="M${r(x)} ${r(top + h * 0.05)}h${r(w)}C${r(x + w)} ${r(top + h * 0.45)} ${r(cx + narrow)} ${r(bodyBottom - h * 0.18)} ${r(cx + narrow)} ${r(bodyBottom)}h${r(-2 * narrow)}C${r(cx - narrow)} ${r(bodyBottom - h * 0.18)} ${r(x)} ${r(top + h * 0.45)} ${r(x)} ${r(top + h * 0.05)}z" fill="${body}"/>`);
  parts.push(`<rect x="${r(cx - narrow * 1.05)}" y="${r(bodyBottom)}" width="${r(narrow * 2.1)}" height="${r(capH)}" rx="${r(narrow * 0.25)}" fill="${cap}"/>`);
  const bandY = top + h * 0.2;
  parts.push(`<rect x="${r(x + w * 0.12)}" y="${r(bandY)}" width="${r(w * 0.76)}" height="${r(h * 0.3)}" rx="${r(w * 0.05)}" fill="${label}"/>`);
  parts.push(crescent(cx, bandY + h * 0.15, h * 0.045, mark));
  parts.push(highlight(x + w * 0.1, top + h * 0.1, w * 0.06, h * 0.45));
  const g = parts.join("");
  return shadow(cx, base, w * 0.5) + (tilt ? `<g transform="rotate(${tilt} ${r(cx)} ${r(base)})">${g}</g>` : g);
}

function bottle({ cx, base, w, h, body, cap, label, mark, dropper = false }) {
  const x = cx - w / 2;
  const top = base - h;
  const capH = h * (dropper ? 0.3 : 0.22);
  const neckW = w * 0.42;
  const parts = [shadow(cx, base, w * 0.65)];
  parts.push(`<rect x="${r(x)}" y="${r(top + capH + h * 0.05)}" width="${r(w)}" height="${r(h - capH - h * 0.05)}" rx="${r(w * 0.2)}" fill="${body}"/>`);
  parts.push(`<rect x="${r(cx - neckW / 2)}" y="${r(top + capH - 2)}" width="${r(neckW)}" height="${r(h * 0.08)}" fill="${body}"/>`);
  if (dropper) {
    parts.push(`<rect x="${r(cx - neckW * 0.6)}" y="${r(top + capH * 0.45)}" width="${r(neckW * 1.2)}" height="${r(capH * 0.55)}" rx="${r(neckW * 0.15)}" fill="${cap}"/>`);
    parts.push(`<rect x="${r(cx - neckW * 0.38)}" y="${r(top)}" width="${r(neckW * 0.76)}" height="${r(capH * 0.5)}" rx="${r(neckW * 0.38)}" fill="${cap}" opacity=".85"/>`);
  } else {
    parts.push(`<rect x="${r(cx - neckW * 0.62)}" y="${r(top)}" width="${r(neckW * 1.24)}" height="${r(capH)}" rx="${r(neckW * 0.2)}" fill="${cap}"/>`);
  }
  const bandY = top + capH + h * 0.25;
  parts.push(`<rect x="${r(x + w * 0.1)}" y="${r(bandY)}" width="${r(w * 0.8)}" height="${r(h * 0.32)}" rx="${r(w * 0.06)}" fill="${label}"/>`);
  parts.push(crescent(cx, bandY + h * 0.16, h * 0.05, mark));
  parts.push(highlight(x + w * 0.1, top + capH + h * 0.1, w * 0.07, h * 0.5));
  return parts.join("");
}

function pump({ cx, base, w, h, body, cap, label, mark }) {
  const x = cx - w / 2;
  const top = base - h;
  const headH = h * 0.2;
  const parts = [shadow(cx, base, w * 0.65)];
  parts.push(`<rect x="${r(x)}" y="${r(top + headH + h * 0.06)}" width="${r(w)}" height="${r(h - headH - h * 0.06)}" rx="${r(w * 0.18)}" fill="${body}"/>`);
  parts.push(`<rect x="${r(cx - w * 0.2)}" y="${r(top + headH)}" width="${r(w * 0.4)}" height="${r(h * 0.08)}" rx="${r(w * 0.04)}" fill="${cap}"/>`);
  parts.push(`<rect x="${r(cx - w * 0.05)}" y="${r(top + headH * 0.45)}" width="${r(w * 0.1)}" height="${r(headH * 0.6)}" fill="${cap}"/>`);
  parts.push(`<path d="M${r(cx - w * 0.22)} ${r(top + headH * 0.2)}h${r(w * 0.44)}a${r(headH * 0.15)} ${r(headH * 0.15)} 0 0 1 0 ${r(headH * 0.3)}h${r(-w * 0.44)}z" fill="${cap}"/>`);
  parts.push(`<path d="M${r(cx - w * 0.22)} ${r(top + headH * 0.2)}h${r(-w * 0.25)}v${r(headH * 0.14)}h${r(w * 0.25)}z" fill="${cap}"/>`);
  const bandY = top + headH + h * 0.22;
  parts.push(`<rect x="${r(x + w * 0.1)}" y="${r(bandY)}" width="${r(w * 0.8)}" height="${r(h * 0.34)}" rx="${r(w * 0.06)}" fill="${label}"/>`);
  parts.push(crescent(cx, bandY + h * 0.17, h * 0.045, mark));
  parts.push(highlight(x + w * 0.1, top + headH + h * 0.12, w * 0.06, h * 0.5));
  return parts.join("");
}

function soap({ cx, base, w, h, top: topColor, side, mark, translucent = false }) {
  const d = h * 0.55;
  const x = cx - w / 2;
  const y = base - h - d;
  const parts = [shadow(cx, base, w * 0.6)];
  parts.push(`<rect x="${r(x)}" y="${r(y + d * 0.5)}" width="${r(w)}" height="${r(h + d * 0.5)}" rx="${r(h * 0.45)}" fill="${side}"/>`);
  parts.push(`<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(d + h * 0.2)}" rx="${r(h * 0.45)}" fill="${topColor}"${translucent ? ' opacity=".92"' : ""}/>`);
  parts.push(`<ellipse cx="${r(cx)}" cy="${r(y + (d + h * 0.2) / 2)}" rx="${r(w * 0.28)}" ry="${r(d * 0.3)}" fill="none" stroke="${mark}" stroke-width="${r(w * 0.012)}" opacity=".6"/>`);
  parts.push(crescent(cx, y + (d + h * 0.2) / 2, d * 0.14, mark));
  parts.push(`<rect x="${r(x + w * 0.1)}" y="${r(y + d * 0.12)}" width="${r(w * 0.3)}" height="${r(h * 0.08)}" rx="${r(h * 0.04)}" fill="#fff" opacity=".4"/>`);
  return parts.join("");
}

// ---- Props --------------------------------------------------------------------------------------

function sun(cx, cy, radius, color, rays = true) {
  let s = `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${color}"/>`;
  if (rays) {
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      const x1 = cx + Math.cos(a) * radius * 1.25;
      const y1 = cy + Math.sin(a) * radius * 1.25;
      const x2 = cx + Math.cos(a) * radius * 1.55;
      const y2 = cy + Math.sin(a) * radius * 1.55;
      s += `<line x1="${r(x1)}" y1="${r(y1)}" x2="${r(x2)}" y2="${r(y2)}" stroke="${color}" stroke-width="${r(radius * 0.12)}" stroke-linecap="round"/>`;
    }
  }
  return s;
}

function leaf(x, y, len, angle, color) {
  return `<path d="M0 0C${r(len * 0.3)} ${r(-len * 0.28)} ${r(len * 0.75)} ${r(-len * 0.22)} ${r(len)} 0C${r(len * 0.7)} ${r(len * 0.22)} ${r(len * 0.3)} ${r(len * 0.24)} 0 0z" fill="${color}" transform="translate(${r(x)} ${r(y)}) rotate(${angle})"/>`;
}

function sprig(x, y, len, angle, color) {
  let s = `<g transform="translate(${r(x)} ${r(y)}) rotate(${angle})"><line x1="0" y1="0" x2="${r(len)}" y2="0" stroke="${color}" stroke-width="4" stroke-linecap="round"/>`;
  for (let i = 1; i <= 5; i++) {
    const px = (len * i) / 6;
    s += `<ellipse cx="${r(px)}" cy="-10" rx="14" ry="6" fill="${color}" transform="rotate(-30 ${r(px)} -10)"/><ellipse cx="${r(px)}" cy="10" rx="14" ry="6" fill="${color}" transform="rotate(30 ${r(px)} 10)"/>`;
  }
  return `${s}</g>`;
}

function flower(cx, cy, size, petal, heart) {
  let s = "";
  for (let i = 0; i < 10; i++) {
    s += `<ellipse cx="${r(cx)}" cy="${r(cy - size * 0.55)}" rx="${r(size * 0.18)}" ry="${r(size * 0.42)}" fill="${petal}" transform="rotate(${i * 36} ${r(cx)} ${r(cy)})"/>`;
  }
  return `${s}<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(size * 0.3)}" fill="${heart}"/>`;
}

function petal(cx, cy, size, angle, color) {
  return `<path d="M0 0c${r(size * 0.6)} ${r(-size * 0.5)} ${r(size * 1.1)} ${r(size * 0.2)} ${r(size * 0.5)} ${r(size * 0.8)}c${r(-size * 0.5)} ${r(-size * 0.1)} ${r(-size * 0.7)} ${r(-size * 0.4)} ${r(-size * 0.5)} ${r(-size * 0.8)}z" fill="${color}" transform="translate(${r(cx)} ${r(cy)}) rotate(${angle})"/>`;
}

function drop(cx, cy, size, color, opacity = 1) {
  return `<path d="M${r(cx)} ${r(cy - size)}C${r(cx + size * 0.7)} ${r(cy - size * 0.1)} ${r(cx + size * 0.7)} ${r(cy + size * 0.6)} ${r(cx)} ${r(cy + size * 0.6)}S${r(cx - size * 0.7)} ${r(cy - size * 0.1)} ${r(cx)} ${r(cy - size)}z" fill="${color}" opacity="${opacity}"/>`;
}

function pearl(cx, cy, radius, color) {
  return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${color}"/><circle cx="${r(cx - radius * 0.35)}" cy="${r(cy - radius * 0.35)}" r="${r(radius * 0.3)}" fill="#fff" opacity=".8"/>`;
}

function bean(cx, cy, size, angle, color) {
  return `<g transform="translate(${r(cx)} ${r(cy)}) rotate(${angle})"><ellipse rx="${r(size)}" ry="${r(size * 0.6)}" fill="${color}"/><path d="M${r(-size * 0.8)} 0q${r(size * 0.8)} ${r(-size * 0.25)} ${r(size * 1.6)} 0" stroke="#fff" stroke-opacity=".35" stroke-width="3" fill="none"/></g>`;
}

function waves(y, w, color) {
  let d = `M0 ${y}`;
  for (let x = 0; x < w; x += 100) d += `q25 -14 50 0t50 0`;
  return `<path d="${d}V${y + 200}H0z" fill="${color}"/>`;
}

/** A swirl of cream (texture close-up). */
function swirl(cx, cy, size, color, shade) {
  return `<path d="M${r(cx - size)} ${r(cy + size * 0.3)}C${r(cx - size * 0.9)} ${r(cy - size * 0.6)} ${r(cx + size * 0.2)} ${r(cy - size * 0.9)} ${r(cx + size * 0.8)} ${r(cy - size * 0.35)}C${r(cx + size * 1.2)} ${r(cy + size * 0.05)} ${r(cx + size * 0.7)} ${r(cy + size * 0.6)} ${r(cx)} ${r(cy + size * 0.5)}C${r(cx - size * 0.4)} ${r(cy + size * 0.45)} ${r(cx - size * 0.3)} ${r(cy)} ${r(cx + size * 0.1)} ${r(cy + size * 0.02)}C${r(cx + size * 0.5)} ${r(cy + size * 0.05)} ${r(cx + size * 0.4)} ${r(cy + size * 0.55)} ${r(cx - size * 0.1)} ${r(cy + size * 0.7)}C${r(cx - size * 0.6)} ${r(cy + size * 0.85)} ${r(cx - size * 1.1)} ${r(cy + size * 0.75)} ${r(cx - size)} ${r(cy + size * 0.3)}z" fill="${color}"/><path d="M${r(cx - size * 0.7)} ${r(cy - size * 0.1)}C${r(cx - size * 0.5)} ${r(cy - size * 0.55)} ${r(cx + size * 0.1)} ${r(cy - size * 0.65)} ${r(cx + size * 0.5)} ${r(cy - size * 0.4)}" stroke="${shade}" stroke-width="${r(size * 0.06)}" fill="none" stroke-linecap="round" opacity=".5"/>`;
}

/** A ribbon of lotion (fluid texture close-up). */
function ribbon(cx, cy, size, color, shade) {
  return `<path d="M${r(cx - size * 1.2)} ${r(cy)}c${r(size * 0.4)} ${r(-size * 0.7)} ${r(size * 0.9)} ${r(size * 0.7)} ${r(size * 1.3)} 0s${r(size * 0.8)} ${r(size * 0.7)} ${r(size * 1.1)} ${r(-size * 0.1)}" stroke="${color}" stroke-width="${r(size * 0.38)}" fill="none" stroke-linecap="round"/><path d="M${r(cx - size * 1.1)} ${r(cy - size * 0.1)}c${r(size * 0.35)} ${r(-size * 0.55)} ${r(size * 0.8)} ${r(size * 0.5)} ${r(size * 1.2)} ${r(-size * 0.05)}" stroke="${shade}" stroke-width="${r(size * 0.06)}" fill="none" stroke-linecap="round" opacity=".6"/>`;
}

// ---- Compositions ------------------------------------------------------------------------------

const W = 800;
const FLOOR = 640;

function scene(palette, content) {
  const b = backdrop(W, W, palette.bgTop, palette.bgBottom, palette.arch, FLOOR);
  return svg(W, W, `${b.body}<g transform="translate(400 ${FLOOR}) scale(1.12) translate(-400 -${FLOOR})">${content}</g>`, b.defs);
}

/** Texture close-up: the product's colour fills the frame so a white cream reads clearly. */
function closeUp(palette, content) {
  return svg(W, W, `<rect width="${W}" height="${W}" fill="url(#bg)"/>${content}`, linear("bg", palette.closeTop, palette.closeBottom));
}

const products = {
  "hydra-calm-cream": {
    closeUp: 2,
    palette: { closeTop: "#d5e5d9", closeBottom: "#b9d0c0", bgTop: "#eef4ef", bgBottom: "#dfe9e1", arch: "#f7faf7" },
    item: { body: "#a9c8b3", lid: "#f4f1ea", label: "#eef5f0", mark: "#3d6b54" },
    views: [
      (p, i) => jar({ cx: 400, base: FLOOR, w: 300, h: 250, ...i }),
      (p, i) => sprig(150, 600, 190, -70, "#c8b68d") + sprig(210, 620, 160, -58, "#d7c79e") + jar({ cx: 430, base: FLOOR, w: 280, h: 230, ...i, open: true }),
      (_p, _i) => swirl(400, 420, 230, "#fbfcfa", "#a9c8b3") + drop(640, 250, 40, "#a9c8b3", 0.7) + drop(170, 300, 26, "#a9c8b3", 0.5),
    ],
  },
  "rose-oat-soap": {
    palette: { bgTop: "#f8eeee", bgBottom: "#efdedd", arch: "#fcf6f5" },
    item: { top: "#efc7c5", side: "#dca9a7", mark: "#a25c5a" },
    views: [
      (p, i) => soap({ cx: 400, base: FLOOR - 10, w: 340, h: 90, ...i }) + petal(190, 560, 50, -20, "#e4a7a5") + petal(610, 590, 44, 40, "#d98f8d"),
      (p, i) =>
        `<ellipse cx="400" cy="600" rx="300" ry="52" fill="#fff" opacity=".85"/>` +
        soap({ cx: 400, base: 590, w: 300, h: 80, ...i }) +
        `<circle cx="300" cy="420" r="26" fill="#fff" opacity=".9"/><circle cx="338" cy="400" r="18" fill="#fff" opacity=".9"/><circle cx="480" cy="412" r="22" fill="#fff" opacity=".9"/>` +
        petal(150, 520, 56, -30, "#e4a7a5") + petal(640, 500, 50, 20, "#d98f8d") + petal(600, 300, 36, 80, "#efc7c5"),
    ],
  },
  "family-sun-lotion": {
    closeUp: 2,
    palette: { closeTop: "#f7cdb7", closeBottom: "#efa888", bgTop: "#fdf1e8", bgBottom: "#f6e0cf", arch: "#fff8f2" },
    item: { body: "#ef9f7f", cap: "#f7ede3", label: "#fff5ec", mark: "#b85a3a" },
    views: [
      (p, i) => bottle({ cx: 400, base: FLOOR, w: 210, h: 430, ...i }),
      (p, i) => sun(600, 200, 70, "#f2c26b") + `<path d="M0 600q200 -40 400 -10t400 -20V800H0z" fill="#efd8b7"/>` + bottle({ cx: 360, base: 650, w: 190, h: 390, ...i }),
      (_p, _i) => ribbon(400, 420, 210, "#fff8f1", "#ef9f7f") + sun(160, 200, 34, "#f2c26b", false),
    ],
  },
  "shea-almond-cream": {
    palette: { bgTop: "#f7f1e6", bgBottom: "#ece1cd", arch: "#fcf8f1" },
    item: { body: "#f1e4c9", lid: "#b8926a", label: "#fffaf0", mark: "#8a6540" },
    views: [
      (p, i) => jar({ cx: 400, base: FLOOR, w: 380, h: 220, ...i }),
      (p, i) =>
        jar({ cx: 360, base: FLOOR, w: 340, h: 200, ...i, open: true }) +
        `<ellipse cx="170" cy="620" rx="34" ry="18" fill="#c49a6c" transform="rotate(-20 170 620)"/><ellipse cx="120" cy="640" rx="30" ry="16" fill="#b5895c" transform="rotate(15 120 640)"/><circle cx="680" cy="612" r="30" fill="#8f6a46"/>`,
    ],
  },
  "sun-shield-spf90": {
    closeUp: 2,
    palette: { closeTop: "#f3dca2", closeBottom: "#e5bf6c", bgTop: "#fdf5e3", bgBottom: "#f5e6c4", arch: "#fffaf0" },
    item: { body: "#e3b95c", cap: "#fbf3e2", label: "#fff8e8", mark: "#9a6b12" },
    views: [
      (p, i) => tube({ cx: 400, base: FLOOR, w: 210, h: 450, ...i }),
      (p, i) => sun(400, 210, 95, "#f2c26b") + tube({ cx: 400, base: FLOOR, w: 190, h: 360, ...i, tilt: -12 }),
      (_p, _i) => swirl(400, 430, 220, "#fffaf0", "#e3b95c") + sun(640, 180, 40, "#f2c26b"),
    ],
  },
  "sun-shield-fluid": {
    closeUp: 2,
    palette: { closeTop: "#ebc7a0", closeBottom: "#d9a571", bgTop: "#fcefe0", bgBottom: "#f2dcc2", arch: "#fff7ee" },
    item: { body: "#c98b4e", cap: "#2f3a3a", label: "#fdf2e6", mark: "#8a5424" },
    views: [
      (p, i) => bottle({ cx: 400, base: FLOOR, w: 170, h: 440, ...i }),
      (p, i) => sun(250, 200, 70, "#f2c26b") + waves(560, 800, "#b9d6d8") + bottle({ cx: 480, base: 620, w: 160, h: 400, ...i }),
      (_p, _i) => drop(330, 400, 90, "#fff6ec", 0.95) + drop(480, 470, 60, "#fff6ec", 0.8) + drop(420, 300, 40, "#fff6ec", 0.65),
    ],
  },
  "invisible-sun-gel": {
    palette: { bgTop: "#ebf3f8", bgBottom: "#d8e6ef", arch: "#f6fafc" },
    item: { body: "#8fbcd6", cap: "#f4f8fa", label: "#eef6fa", mark: "#2f6584" },
    views: [
      (p, i) => tube({ cx: 400, base: FLOOR, w: 200, h: 430, ...i }),
      (p, i) => tube({ cx: 330, base: FLOOR, w: 180, h: 380, ...i, tilt: 10 }) + drop(600, 420, 80, "#cfe5f1", 0.95) + drop(620, 560, 40, "#cfe5f1", 0.8) + sun(620, 180, 40, "#f2c26b", false),
    ],
  },
  "underarm-cream": {
    closeUp: 2,
    palette: { closeTop: "#dcd1e8", closeBottom: "#c2b2d6", bgTop: "#f3eff7", bgBottom: "#e5dded", arch: "#faf8fc" },
    item: { body: "#b9a6cf", cap: "#f6f3f9", label: "#f6f2fa", mark: "#5d4780" },
    views: [
      (p, i) => tube({ cx: 400, base: FLOOR, w: 180, h: 440, ...i }),
      (p, i) => tube({ cx: 440, base: FLOOR, w: 170, h: 400, ...i }) + flower(190, 560, 70, "#fff", "#f0c75e") + flower(260, 460, 50, "#fff", "#f0c75e") + leaf(120, 640, 90, -40, "#9fb89a"),
      (_p, _i) => ribbon(400, 430, 200, "#fbf9fd", "#b9a6cf") + flower(640, 230, 40, "#fff", "#f0c75e"),
    ],
  },
  "silk-body-lotion": {
    closeUp: 2,
    palette: { closeTop: "#e6dccd", closeBottom: "#d3c4ae", bgTop: "#f4f0ea", bgBottom: "#e8e0d4", arch: "#fbf9f5" },
    item: { body: "#d9cdbb", cap: "#4f4339", label: "#fbf7f0", mark: "#7a6a58" },
    views: [
      (p, i) => pump({ cx: 400, base: FLOOR, w: 220, h: 480, ...i }),
      (p, i) =>
        `<rect x="90" y="560" width="260" height="80" rx="16" fill="#fff"/><rect x="90" y="560" width="260" height="26" rx="12" fill="#efe7dc"/>` +
        pump({ cx: 520, base: FLOOR, w: 200, h: 440, ...i }) +
        leaf(170, 520, 110, -60, "#9fb89a") + leaf(200, 530, 90, -100, "#b7cbb2"),
      (_p, _i) => ribbon(400, 420, 230, "#fdfbf7", "#d9cdbb"),
    ],
  },
  "honey-soap": {
    palette: { bgTop: "#fbf2df", bgBottom: "#f2e1bd", arch: "#fdf8ec" },
    item: { top: "#f0b84f", side: "#d99a2b", mark: "#fff3d6", translucent: true },
    views: [
      (p, i) => soap({ cx: 400, base: FLOOR - 10, w: 330, h: 100, ...i }),
      (p, i) =>
        soap({ cx: 300, base: 650, w: 260, h: 80, ...i }) +
        soap({ cx: 470, base: 560, w: 240, h: 74, ...i }) +
        `<g transform="rotate(-35 640 380)"><rect x="610" y="200" width="16" height="260" rx="8" fill="#a9794a"/><ellipse cx="618" cy="470" rx="42" ry="34" fill="#b8875a"/><path d="M578 462h80M580 478h76" stroke="#8f6238" stroke-width="6"/></g>` +
        drop(600, 600, 30, "#f0b84f"),
    ],
  },
  "cocoa-body-cream": {
    palette: { bgTop: "#f5ede6", bgBottom: "#e9dacd", arch: "#fbf7f3" },
    item: { body: "#8c5f44", lid: "#e8d8c6", label: "#f5ebe1", mark: "#6d4530" },
    views: [
      (p, i) => jar({ cx: 400, base: FLOOR, w: 320, h: 250, ...i }),
      (p, i) =>
        jar({ cx: 380, base: FLOOR, w: 300, h: 230, ...i, open: true }) +
        bean(150, 610, 40, -20, "#6d4530") + bean(210, 640, 34, 30, "#7d5238") + bean(660, 640, 36, 10, "#6d4530"),
    ],
  },
  "instant-white-cream": {
    closeUp: 2,
    palette: { closeTop: "#e6ddd1", closeBottom: "#d4c5b2", bgTop: "#f7f6f4", bgBottom: "#e9e6e2", arch: "#ffffff" },
    item: { body: "#f3f1ee", lid: "#d8c7b2", label: "#ffffff", mark: "#a48a6b" },
    views: [
      (p, i) => `<circle cx="400" cy="420" r="230" fill="#fff" opacity=".8"/>` + jar({ cx: 400, base: FLOOR, w: 300, h: 240, ...i }),
      (p, i) =>
        `<circle cx="400" cy="400" r="280" fill="#fff" opacity=".7"/><circle cx="400" cy="400" r="200" fill="#fff"/>` +
        jar({ cx: 400, base: FLOOR, w: 280, h: 220, ...i }) +
        pearl(170, 600, 26, "#ece6df") + pearl(220, 630, 20, "#f2ede7") + pearl(620, 610, 24, "#ece6df") + pearl(660, 580, 16, "#f2ede7"),
      (_p, _i) => swirl(400, 420, 220, "#ffffff", "#d8c7b2") + pearl(200, 220, 20, "#ece6df") + pearl(620, 250, 28, "#ece6df") + pearl(580, 640, 18, "#ece6df"),
    ],
  },
};

// ---- Categories (800 x 600) ---------------------------------------------------------------------

const CW = 800;
const CH = 600;
const CFLOOR = 500;

function categoryScene(palette, content) {
  const b = backdrop(CW, CH, palette.bgTop, palette.bgBottom, palette.arch, CFLOOR);
  return svg(CW, CH, b.body + content, b.defs);
}

const categories = {
  face: categoryScene(
    { bgTop: "#eef4ef", bgBottom: "#dfe9e1", arch: "#f7faf7" },
    crescent(560, 150, 56, "#c7dccd") + jar({ cx: 400, base: CFLOOR, w: 250, h: 200, body: "#a9c8b3", lid: "#f4f1ea", label: "#eef5f0", mark: "#3d6b54" }) + sprig(190, 470, 140, -70, "#c8b68d"),
  ),
  "face-and-body": categoryScene(
    { bgTop: "#f7f1e6", bgBottom: "#ece1cd", arch: "#fcf8f1" },
    bottle({ cx: 470, base: CFLOOR, w: 140, h: 320, body: "#ef9f7f", cap: "#f7ede3", label: "#fff5ec", mark: "#b85a3a" }) +
      jar({ cx: 300, base: CFLOOR, w: 220, h: 150, body: "#f1e4c9", lid: "#b8926a", label: "#fffaf0", mark: "#8a6540" }),
  ),
  sun: categoryScene(
    { bgTop: "#fdf5e3", bgBottom: "#f5e6c4", arch: "#fffaf0" },
    sun(540, 170, 70, "#f2c26b") + tube({ cx: 360, base: CFLOOR, w: 160, h: 340, body: "#e3b95c", cap: "#fbf3e2", label: "#fff8e8", mark: "#9a6b12", tilt: -8 }),
  ),
  "under-arms": categoryScene(
    { bgTop: "#f3eff7", bgBottom: "#e5dded", arch: "#faf8fc" },
    tube({ cx: 420, base: CFLOOR, w: 140, h: 340, body: "#b9a6cf", cap: "#f6f3f9", label: "#f6f2fa", mark: "#5d4780" }) + flower(250, 440, 56, "#fff", "#f0c75e") + flower(580, 460, 40, "#fff", "#f0c75e"),
  ),
  body: categoryScene(
    { bgTop: "#f4f0ea", bgBottom: "#e8e0d4", arch: "#fbf9f5" },
    pump({ cx: 340, base: CFLOOR, w: 150, h: 340, body: "#d9cdbb", cap: "#4f4339", label: "#fbf7f0", mark: "#7a6a58" }) +
      soap({ cx: 530, base: CFLOOR, w: 200, h: 60, top: "#f0b84f", side: "#d99a2b", mark: "#fff3d6" }),
  ),
  "instant-white": categoryScene(
    { bgTop: "#f7f6f4", bgBottom: "#e9e6e2", arch: "#ffffff" },
    `<circle cx="400" cy="330" r="190" fill="#fff"/>` + jar({ cx: 400, base: CFLOOR, w: 240, h: 190, body: "#f3f1ee", lid: "#d8c7b2", label: "#ffffff", mark: "#a48a6b" }) + pearl(220, 470, 22, "#ece6df") + pearl(590, 480, 18, "#ece6df"),
  ),
};

// ---- Home hero (1200 x 1000) ---------------------------------------------------------------------

function hero() {
  const w = 1200;
  const h = 1000;
  const floor = 800;
  const defs = linear("bg", "#f5efe7", "#ebe1d3") + linear("arch", "#fbf8f4", "#f3ebe0");
  const body = [
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<path d="M300 ${floor}V420a300 300 0 0 1 600 0V${floor}z" fill="url(#arch)"/>`,
    crescent(820, 230, 70, "#dccbb5"),
    `<rect y="${floor}" width="${w}" height="${h - floor}" fill="#e2d5c3"/>`,
    `<rect x="360" y="690" width="480" height="110" rx="12" fill="#f5efe7"/><rect x="360" y="690" width="480" height="22" rx="10" fill="#fbf8f4"/>`,
    pump({ cx: 470, base: 690, w: 150, h: 380, body: "#d9cdbb", cap: "#4f4339", label: "#fbf7f0", mark: "#7a6a58" }),
    bottle({ cx: 650, base: 690, w: 120, h: 300, body: "#ef9f7f", cap: "#f7ede3", label: "#fff5ec", mark: "#b85a3a" }),
    tube({ cx: 780, base: 690, w: 110, h: 250, body: "#8fbcd6", cap: "#f4f8fa", label: "#eef6fa", mark: "#2f6584" }),
    jar({ cx: 290, base: floor + 60, w: 220, h: 170, body: "#a9c8b3", lid: "#f4f1ea", label: "#eef5f0", mark: "#3d6b54" }),
    soap({ cx: 930, base: floor + 70, w: 220, h: 66, top: "#efc7c5", side: "#dca9a7", mark: "#a25c5a" }),
    leaf(120, 760, 140, -70, "#9fb89a"),
    leaf(150, 780, 110, -110, "#b7cbb2"),
    leaf(1080, 760, 120, -120, "#9fb89a"),
  ].join("");
  return svg(w, h, body, defs);
}

function write(path, content) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

for (const [slug, spec] of Object.entries(products)) {
  spec.views.forEach((view, index) => {
    const content = view(spec.palette, spec.item);
    const isCloseUp = spec.closeUp === index;
    write(`products/${slug}-${index + 1}.svg`, isCloseUp ? closeUp(spec.palette, content) : scene(spec.palette, content));
  });
}
for (const [name, content] of Object.entries(categories)) write(`categories/${name}.svg`, content);
write("hero.svg", hero());
console.log("artwork written to", root);
