import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { getDb } from "@db/db.server";
import { recordAudit, type AuditBy } from "~/platform/audit/audit.server";
import type { Batch, Database, LabelKind, RevokeReason } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { readPage, type Page } from "~/platform/lib/paging";
import { orderedId } from "~/platform/lib/ordered-id";
import { fail, ok, type Result } from "~/platform/lib/result";
import { codeSource, PACK_SERIAL_LENGTH, PIN_LENGTH } from "~/platform/codes/code-format";
import { sealedCodes, sealedPacks } from "~/platform/codes/code-store.server";
import { isGs1Lot } from "~/platform/codes/digital-link";
import type { CreateBatchError, RevokeBatchError } from "./errors";
import { isRecalled, recallOf } from "~/platform/codes/outcomes";
import type { CreateBatchValues } from "./schemas";
import type { z } from "~/platform/lib/zod";
import type { batchJsonSchema } from "./json";
import { enqueueWebhooks, kickWebhooks } from "~/features/webhooks/webhooks.server";
import { newKey, sealedTags, sealMetaKey, type TagKeys } from "~/platform/codes/tag-keys.server";

/**
 * Print runs (decision 080): a run of codes issued at once for one product and lot. The screens and
 * the API call these functions; nothing else creates or revokes a run. Counts come from the run's
 * own columns, which triggers on `codes` keep exact (migrations/2026-11-23_10_print_runs_and_sealed_codes.ts).
 */

export type NewBatch = {
  productId: string;
  quantity: number;
  lot: string;
  manufacturedOn?: string | undefined;
  bestBefore?: string | undefined;
  market?: string | undefined;
  note?: string | undefined;
  /** `single` (one code per pack; the default here and in the API), `two_part` (a public serial and a secret PIN per pack) or `nfc` (a tag per pack). */
  label?: LabelKind | undefined;
  /** An NFC run's tags (their keys made here when absent) and its meta-read key (made here when absent); `quantity` is their number. */
  tags?: readonly { uid: string; fileReadKey?: string | undefined }[] | undefined;
  metaReadKey?: string | undefined;
  /** The admin's id. */
  createdBy: string;
};

/** A run to create from its validated input (screen or API) and the admin who asks for it. */
export function newBatchOf(input: CreateBatchValues, createdBy: string): NewBatch {
  return {
    productId: input.product_id,
    quantity: input.quantity ?? input.uids?.length ?? input.tags?.length ?? 0,
    lot: input.lot,
    manufacturedOn: input.manufactured_on,
    bestBefore: input.best_before,
    market: input.market,
    note: input.note,
    label: input.label,
    tags: input.uids?.map((uid) => ({ uid })) ?? input.tags?.map((tag) => ({ uid: tag.uid, fileReadKey: tag.file_read_key })),
    metaReadKey: input.meta_read_key,
    createdBy,
  };
}

/** A UID of the new run is a tag of another run already (the unique index on `pack_serial` decided). */
class UidTaken extends Error {}

/** An NFC run's tags as stored (decision 195): UIDs and keys upper case, each missing key drawn at random; its meta-read key sealed. */
function nfcRun(input: NewBatch): { tags: TagKeys[]; metaKeyEnc: string } {
  const tags = (input.tags ?? []).map((tag) => ({ uid: tag.uid.toUpperCase(), fileReadKey: (tag.fileReadKey ?? newKey()).toUpperCase() }));
  return { tags, metaKeyEnc: sealMetaKey(input.metaReadKey ?? newKey()) };
}

/** Rows per INSERT: eleven columns each, well under SQLite's and PostgreSQL's limits on parameters. */
const INSERT_ROWS = 500;
/** Rounds of drawing again codes that collided with existing ones before giving up (each round is rarer than the last). */
const MAX_ROUNDS = 8;

const plausibleId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 64;

type CodeRow = { code_hash: string; code_enc: string; serial: number; pack_serial: string | null };

/** A run's draws: what each kind of label stores per pack, sealed in one pass. */
export type Generators = {
  /** Codes of a single run (8 characters). */
  generate?: (() => string) | undefined;
  /** Serials of a two-part run (11 characters). */
  generateSerial?: (() => string) | undefined;
  /** PINs of a two-part run (9 characters, decision 165). */
  generatePin?: (() => string) | undefined;
};

/**
 * Draws `count` packs' stored columns never drawn before in this run (`drawn` remembers them): a code
 * each for a single run; for a two-part run a serial (public, unique) and a PIN (secret; two packs may
 * share one, their hashes never collide since the serial is part of what is hashed).
 */
function drawer(label: LabelKind, gen: Generators): (count: number) => Omit<CodeRow, "serial">[] {
  const drawn = new Set<string>();
  const unique = (next: () => string) => {
    for (;;) {
      const value = next();
      if (!drawn.has(value)) {
        drawn.add(value);
        return value;
      }
    }
  };
  if (label === "two_part") {
    const serialOf = gen.generateSerial ?? codeSource(PACK_SERIAL_LENGTH);
    const pinOf = gen.generatePin ?? codeSource(PIN_LENGTH);
    return (count) => {
      const packs = Array.from({ length: count }, () => ({ serial: unique(serialOf), pin: pinOf() }));
      return sealedPacks(packs).map((sealed, i) => ({ ...sealed, pack_serial: packs[i]!.serial }));
    };
  }
  const codeOf = gen.generate ?? codeSource();
  return (count) => sealedCodes(Array.from({ length: count }, () => unique(codeOf))).map((sealed) => ({ ...sealed, pack_serial: null }));
}

/**
 * Creates a run and its `quantity` codes in one transaction: the whole run exists or nothing does.
 * Codes are made as single codes are (cryptographic, uniform, the label alphabet, 8 characters) and
 * are unique across every code: one that collides with an existing code (the unique index on its
 * keyed hash decides, also against a concurrent writer) is drawn again for the same serial. A
 * two-part run's packs are made the same way, a serial (11 characters) and a PIN (9, decision 165) each, the serial
 * unique across the table (its unique index decides the same way); its lot must be one GS1 can carry
 * in the pack's Digital Link (AI 10: `lot_not_gs1`).
 * Sealing (the CPU work) happens before the transaction, so the write lock is held only for inserts.
 * `generate` (and `generateSerial`, `generatePin`) are the sources (tests pass scripted ones to force
 * collisions); `by`, who asked (the audit trail records the run once it exists).
 */
export async function createBatch(
  input: NewBatch,
  { by, ...gen }: Generators & { by?: AuditBy | undefined } = {},
): Promise<Result<Batch, CreateBatchError>> {
  if (!getProduct(input.productId)) return fail("unknown_product");
  const label = input.label ?? "single";
  if (label !== "single" && !isGs1Lot(input.lot)) return fail("lot_not_gs1");
  // An NFC run's rows are its tags, given (never drawn): a UID already in another run fails the run.
  const nfc = label === "nfc" ? nfcRun(input) : null;
  const draw = nfc ? () => [] : drawer(label, gen);
  const rows: CodeRow[] = (nfc ? sealedTags(nfc.tags) : draw(input.quantity)).map((sealed, i) => ({ ...sealed, serial: i + 1 }));
  const quantity = nfc ? rows.length : input.quantity;

  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const db = await getDb();
  const created = db.transaction().execute(async (trx) => {
    await trx
      .insertInto("batches")
      .values({
        id,
        product_id: input.productId,
        lot: input.lot,
        quantity,
        label_kind: label,
        pin_length: label === "two_part" ? PIN_LENGTH : null,
        nfc_meta_key_enc: nfc?.metaKeyEnc ?? null,
        manufactured_on: input.manufacturedOn ?? null,
        best_before: input.bestBefore ?? null,
        market: input.market ?? null,
        note: input.note ?? null,
        status: "active",
        revoked_reason: null,
        revoked_note: null,
        revoked_at: null,
        revoked_by: null,
        created_by: input.createdBy,
        created_at: createdAt,
        active_count: 0,
        used_count: 0,
        expired_count: 0,
        revoked_count: 0,
      })
      .execute();
    let pending = rows;
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_ROUNDS) throw new Error(`Could not draw ${pending.length} unique codes for batch ${id}`);
      const collided: CodeRow[] = [];
      for (let i = 0; i < pending.length; i += INSERT_ROWS) {
        const chunk = pending.slice(i, i + INSERT_ROWS);
        const inserted = await insertCodes(trx, { id, productId: input.productId, createdAt }, chunk);
        if (inserted < chunk.length) collided.push(...(await notInserted(trx, id, chunk)));
      }
      if (nfc && collided.length > 0) throw new UidTaken();
      // Same places in the run, new codes (or new serials and PINs).
      pending = draw(collided.length).map((sealed, i) => ({ ...sealed, serial: collided[i]!.serial }));
    }
    return announce(trx, "batch.created", id);
  });
  const queued = await created.catch((error: unknown) => (error instanceof UidTaken ? null : Promise.reject(error)));
  if (queued === null) return fail("uid_taken");
  if (queued > 0) kickWebhooks();
  const batch = (await getBatch(id))!;
  if (by) await recordAudit({ ...by, action: "batch.created", target: `batch:${batch.lot}`, detail: { id, product_id: batch.product_id, quantity: batch.quantity, label } });
  return ok(batch);
}

/**
 * Inserts a chunk of codes; a code whose hash (or a pack whose serial) already exists is skipped: the
 * conflict names no column, so either unique index skips the row. Returns how many were inserted.
 */
async function insertCodes(trx: Transaction<Database>, batch: { id: string; productId: string; createdAt: string }, chunk: CodeRow[]): Promise<number> {
  const result = await trx
    .insertInto("codes")
    .values(
      chunk.map((row) => ({
        id: orderedId(),
        code_hash: row.code_hash,
        code_enc: row.code_enc,
        product_id: batch.productId,
        batch_id: batch.id,
        serial: row.serial,
        pack_serial: row.pack_serial,
        status: "active" as const,
        created_at: batch.createdAt,
        expired_at: null,
        verified_at: null,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The rows of a chunk that are not in the run: their code collided with an existing one. */
async function notInserted(trx: Transaction<Database>, batchId: string, chunk: CodeRow[]): Promise<CodeRow[]> {
  const stored = await trx
    .selectFrom("codes")
    .select("serial")
    .where("batch_id", "=", batchId)
    .where(
      "serial",
      "in",
      chunk.map((row) => row.serial),
    )
    .execute();
  const have = new Set(stored.map((row) => Number(row.serial)));
  return chunk.filter((row) => !have.has(row.serial));
}

/** Queues a run's webhook event (`{"event": …, "batch": {…}}`) in the transaction that changed it, the run as it is there; how many deliveries. */
export async function announce(trx: Transaction<Database>, event: "batch.created" | "batch.revoked" | "batch.recalled", id: string): Promise<number> {
  const batch = await trx.selectFrom("batches").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return enqueueWebhooks(trx, [{ event, subjectId: id, data: { batch: presentBatch(batch) } }], new Date());
}

export async function getBatch(id: unknown): Promise<Batch | undefined> {
  if (!plausibleId(id)) return undefined;
  const db = await getDb();
  return db.selectFrom("batches").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The runs of these lots (one query), for naming them where only the lot was kept (the audit trail). */
export async function runsByLot(lots: readonly string[]): Promise<Pick<Batch, "id" | "lot" | "product_id">[]> {
  if (lots.length === 0) return [];
  const db = await getDb();
  return db.selectFrom("batches").select(["id", "lot", "product_id"]).where("lot", "in", [...new Set(lots)]).execute();
}

/** Runs, ten to a page, newest first; a page past the end is empty. */
export async function listBatches(page: number): Promise<Page<Batch>> {
  const db = await getDb();
  const { count } = await db.selectFrom("batches").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return readPage(Number(count), page, (offset, limit) =>
    db.selectFrom("batches").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

/**
 * Revokes a run: the run is marked revoked (reason, note, when, by whom) and its active codes are
 * revoked in one statement; used and expired codes keep their history. A revoked code answers
 * "counterfeit" like any code that is not active. A run under an open recall is not revoked
 * (`run_recalled`): its packs are genuine, and the recall must be lifted first (decision 153).
 */
export async function revokeBatch(
  id: unknown,
  input: { reason: RevokeReason; note?: string | undefined; revokedBy: string; by?: AuditBy },
): Promise<Result<Batch, RevokeBatchError>> {
  if (!plausibleId(id)) return fail("not_found");
  const db = await getDb();
  const now = new Date().toISOString();
  const revoked = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("batches")
      .set({ status: "revoked", revoked_reason: input.reason, revoked_note: input.note ?? null, revoked_at: now, revoked_by: input.revokedBy })
      .where("id", "=", id)
      .where("status", "=", "active")
      .where((eb) => eb.or([eb("recall_since", "is", null), eb("recall_lifted_at", "is not", null)]))
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await trx.updateTable("codes").set({ status: "revoked", expired_at: now }).where("batch_id", "=", id).where("status", "=", "active").execute();
    return { queued: await announce(trx, "batch.revoked", id) };
  });
  if (revoked && revoked.queued > 0) kickWebhooks();
  const batch = await getBatch(id);
  if (!batch) return fail("not_found");
  if (!revoked) return fail(isRecalled(batch) ? "run_recalled" : "already_revoked");
  if (input.by) await recordAudit({ ...input.by, action: "batch.revoked", target: `batch:${batch.lot}`, detail: { id: batch.id, reason: input.reason, revoked_codes: Number(batch.revoked_count) } });
  return ok(batch);
}

export type BatchCounts = { active: number; used: number; expired: number; revoked: number };

export function countsOf(batch: Batch): BatchCounts {
  return {
    active: Number(batch.active_count),
    used: Number(batch.used_count),
    expired: Number(batch.expired_count),
    revoked: Number(batch.revoked_count),
  };
}

/** A run as the API gives it (dates as YYYY-MM-DD, counts by state): its shape is `batchJsonSchema` (./json). */
export type BatchView = z.infer<typeof batchJsonSchema>;

export function presentBatch(batch: Batch): BatchView {
  const product = getProduct(batch.product_id);
  return {
    id: batch.id,
    product_id: batch.product_id,
    product: product ? { id: product.id, name: product.name, name_ar: product.nameAr, image: product.images[0] ?? null } : null,
    lot: batch.lot,
    quantity: Number(batch.quantity),
    label: batch.label_kind,
    manufactured_on: batch.manufactured_on,
    best_before: batch.best_before,
    market: batch.market,
    note: batch.note,
    status: batch.status,
    revoked_reason: batch.revoked_reason,
    revoked_note: batch.revoked_note,
    revoked_at: batch.revoked_at,
    revoked_by: batch.revoked_by,
    created_by: batch.created_by,
    created_at: batch.created_at,
    counts: countsOf(batch),
    recall: recallOf(batch),
  };
}
