export type BackupResult = { file: string; bytes: number; ms: number; integrity: string; removed: string[] };

export function backupName(databasePath: string, now?: Date): string;
export function listBackups(databasePath: string, dir: string): string[];
export function integrityCheck(path: string): string;
export function backupDatabase(options: { databasePath: string; dir: string; keep?: number; now?: Date }): BackupResult;
export function markRunning(dataDir: string, pid?: number): () => void;
export function runningServers(dataDir: string): number[];
export function restoreDatabase(options: { file: string; databasePath: string; dataDir: string; now?: Date }): {
  restored: string;
  previous: string | null;
};
export function scheduleBackups(options: {
  databasePath: string;
  dir: string;
  keep: number;
  logger: { info(msg: string, fields?: Record<string, unknown>): void; error(msg: string, fields?: Record<string, unknown>): void };
  firstDelayMs?: number;
  intervalMs?: number;
}): { stop(): void };
