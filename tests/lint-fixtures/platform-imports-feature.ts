// at: app/platform/outbox/fixture.server.ts
// platform/ is the lowest tier: a feature above it imports it, never the reverse.
import { createBatch } from "~/features/batches/batches.server";

export const make = createBatch;
