import type { LabelLayoutId } from "../batches/schemas";

/**
 * Avery A4 label sheets (decision 082), in millimetres from the sheet's top-left corner. The pitch is
 * the distance from one label's edge to the next one's (label plus gap). The figures are the maker's
 * templates as reproduced by the Avery A4 template tables of LibreOffice and gLabels (the maker's own
 * pages list the same sheets; see the decision for the sources and the arithmetic that checks them).
 */
export type SheetLayout = {
  id: LabelLayoutId;
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  topMargin: number;
  leftMargin: number;
  pitchX: number;
  pitchY: number;
  /** White space kept inside each label's die-cut edge. */
  padding: number;
};

export const LAYOUTS: Record<LabelLayoutId, SheetLayout> = {
  // Mini labels, 65 per sheet (5 × 13), 38.1 × 21.2 mm (Avery's dies: 1.5 × 0.8333 in, pitch 1.6 in).
  L7651: {
    id: "L7651",
    pageWidth: 210,
    pageHeight: 297,
    columns: 5,
    rows: 13,
    labelWidth: 38.1,
    labelHeight: 21.17,
    topMargin: 10.9,
    leftMargin: 4.67,
    pitchX: 40.64,
    pitchY: 21.17,
    padding: 1.2,
  },
  // Address labels, 21 per sheet (3 × 7), 63.5 × 38.1 mm (pitch 66.04 mm across: a 2.54 mm gap).
  L7160: {
    id: "L7160",
    pageWidth: 210,
    pageHeight: 297,
    columns: 3,
    rows: 7,
    labelWidth: 63.5,
    labelHeight: 38.1,
    topMargin: 15.15,
    leftMargin: 7.21,
    pitchX: 66.04,
    pitchY: 38.1,
    padding: 2,
  },
};

export function isLayout(value: unknown): value is LabelLayoutId {
  return typeof value === "string" && Object.hasOwn(LAYOUTS, value);
}

export const labelsPerSheet = (layout: SheetLayout) => layout.columns * layout.rows;

export type LabelBox = { page: number; column: number; row: number; x: number; y: number; width: number; height: number };

/** Where the `index`-th label of a print (0-based) sits: its sheet (0-based), and its box in mm. */
export function labelBox(layout: SheetLayout, index: number): LabelBox {
  const per = labelsPerSheet(layout);
  const slot = index % per;
  const column = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  return {
    page: Math.floor(index / per),
    column,
    row,
    x: layout.leftMargin + column * layout.pitchX,
    y: layout.topMargin + row * layout.pitchY,
    width: layout.labelWidth,
    height: layout.labelHeight,
  };
}

/** The QR's square inside a label (quiet zone included): as tall as the label allows, at its start. */
export function qrBox(layout: SheetLayout, box: LabelBox): { x: number; y: number; size: number } {
  const size = box.height - 2 * layout.padding;
  return { x: box.x + layout.padding, y: box.y + layout.padding, size };
}
