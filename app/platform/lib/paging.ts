import { z } from "./zod";

/**
 * Paging of every admin list (codes, contacts, and the lists to come) and of their API: ten to a
 * page, `?page=` from 1. One rule for a page past the end (docs/decisions/068): the API answers it
 * empty, with the requested page and the real totals beside it; a screen goes to the last page.
 */
export const PAGE_SIZE = 10;

export type Pagination = { page: number; total_pages: number; total_count: number };
export type Page<T> = { items: T[]; pagination: Pagination };

/** `?page=` of a screen: missing, junk, 0, negative or huge reads as 1 (a screen never refuses a URL). */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 ? page : 1;
}

/** `?page=` of the list API, which refuses what a screen reads as 1: a whole number from 1. */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);

/** The pagination of `page` over `totalCount` items; `page` is kept even past the end. */
export function paginate(totalCount: number, page: number): Pagination {
  return { page, total_pages: Math.max(1, Math.ceil(totalCount / PAGE_SIZE)), total_count: totalCount };
}

/** Rows to skip before `page`. */
export function offsetOf(page: number): number {
  return (page - 1) * PAGE_SIZE;
}

/** True when `page` lies past the last page: nothing to read, and a screen should go to the last one. */
export function isPastEnd(pagination: Pagination): boolean {
  return pagination.page > pagination.total_pages;
}

/**
 * One page of a list whose rows are read by `read(offset, limit)`: nothing is read past the end, and
 * a page that is not a whole number from 1 reads as page 1. Each
 * list module supplies its own query (the codes list reads deep pages from the far end of its index).
 */
export async function readPage<T>(totalCount: number, page: number, read: (offset: number, limit: number) => Promise<T[]>): Promise<Page<T>> {
  const current = Number.isInteger(page) && page >= 1 ? page : 1;
  const pagination = paginate(totalCount, current);
  const offset = offsetOf(current);
  const items = offset < totalCount ? await read(offset, PAGE_SIZE) : [];
  return { items, pagination };
}

/** The URL of another page of a list: the current URL with `page` set (dropped for page 1). */
export function withPage(pathname: string, search: string, page: number, drop: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  for (const name of drop) params.delete(name);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}
