// at: db/fixture-seed.ts
import { listBatches } from "~/features/batches/batches.server";

export const count = listBatches.length;
