import type { TFunction } from "i18next";
import type { Permission } from "~/platform/access/permissions";
import type { Resources } from "~/platform/i18n/resources";
import type { z } from "~/platform/lib/zod";

/**
 * An API call's contract (decision 182): what each `app/routes/api` module declares about its call,
 * one entry per method it takes. `apiRoute(contract, handlers)` answers exactly those methods, hands
 * each handler its entry (the guard reads `permission` and `ungated` from it) and carries the contract
 * on the loader and action; the OpenAPI document and the API part of the permission table are made from
 * the route table (app/routes/api/route-table.server.ts) and these contracts (app/routes/api/calls.server.ts).
 */

/** The English `t` of a namespace: what the document builds the routes' schemas with. */
export type EnglishT = <N extends keyof Resources>(namespace: N) => TFunction<N>;

/** A request schema as the route reads it: the schema itself, or made with `t` as the route makes it. */
type Schema<S extends z.ZodType> = S | ((t: EnglishT) => S);

/** A success answer: the envelope around `data` (with `pagination` when `paged`), a file, or the document itself. */
export type Answer =
  | { status: number; data: z.ZodType; paged?: boolean; description: string }
  | { status: number; file: string; description: string }
  | { status: number; document: true; description: string };

export type ApiOperation = {
  /** The group the reference shows it in. */
  tag: string;
  summary: string;
  description?: string;
  /**
   * Who may make the call: the permission of the matrix (~/platform/access/permissions) a member's role must hold,
   * and an API key's scope must grant (`scopeFor`); none for a public call.
   */
  permission?: Permission;
  /** Open to a member who must first change their password or enrol a second factor. */
  ungated?: true;
  /** The query's schema (as the route's `readQuery` gets it). */
  query?: Schema<z.ZodObject>;
  /** The body's schema (as the route's `readBody` gets it). */
  body?: Schema<z.ZodType>;
  /** The body may also be multipart/form-data (a file field). */
  multipart?: true;
  answers: Answer[];
  /** The statuses of its failures besides those every call of its kind has (see document.server.ts). */
  errors: number[];
  /** A public call that refuses past a per-client limit (429). */
  limited?: true;
  /** Cache-Control of its success, when not `no-store`. */
  cache?: string;
};

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A route module's contract: an operation per method it takes. */
export type ApiContract = Partial<Record<ApiMethod, ApiOperation>>;

/** One method of one route: its pattern as app/routes.ts mounts it (`api/v1/codes/expire/:codeId`) and its operation. */
export type ApiCall = ApiOperation & { pattern: string; method: ApiMethod };

/** 200 (or `status`) with `data` in the envelope. */
export const ok = (data: z.ZodType, description = "Done.", status = 200): Answer => ({ status, data, description });
/** 200 with one page of a list in the envelope, and `pagination`. */
export const paged = (data: z.ZodType, description = "One page of the list, newest first."): Answer => ({ status: 200, data, paged: true, description });
/** 200 with a file of this content type, streamed. */
export const file = (contentType: string, description: string): Answer => ({ status: 200, file: contentType, description });
