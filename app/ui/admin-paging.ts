import { z } from "zod";

/** Page size of every admin list (codes, contacts) and of their API. */
export const PAGE_SIZE = 10;

export type Pagination = { page: number; total_pages: number; total_count: number };

/** `?page=` as a positive integer; anything else (missing, junk, 0, negative, huge) falls back to 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 ? page : 1;
}

/** `?page=` of the list API, which refuses what the pages quietly read as 1: a whole number from 1. */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);

export function paginate(totalCount: number, page: number): Pagination {
  return { page, total_pages: Math.max(1, Math.ceil(totalCount / PAGE_SIZE)), total_count: totalCount };
}

export function offsetOf(page: number): number {
  return (page - 1) * PAGE_SIZE;
}
