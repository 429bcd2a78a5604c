// at: db/fixture.server.ts
// db/ never imports migrations/: the start-up hands it the list.
import { migrations } from "@migrations/index";

export const list = migrations;
