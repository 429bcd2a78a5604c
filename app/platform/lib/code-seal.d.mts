/** Types of code-seal.mjs (plain JavaScript shared with the scripts and test suites). */
import type { KeyObject } from "node:crypto";

export type CodeKeys = { lookup: KeyObject; seal: Buffer; fingerprint: string };
export type SealedCode = { code_hash: string; code_enc: string };

export const CODES_KEY_FILE: string;
export function codeKeysFrom(secret: string | Buffer): CodeKeys;
export function readOrCreateCodesKey(dataDir: string): string;
export function codeKeysFor(source: { codesKey?: string | undefined; dataDir: string }): CodeKeys;
export function lookupHash(keys: CodeKeys, normalized: string): string;
export function sealCodes(keys: CodeKeys, codes: readonly string[]): SealedCode[];
export function sealCode(keys: CodeKeys, normalized: string, hash: string): string;
export function openCodes(keys: CodeKeys, rows: readonly SealedCode[]): string[];
export function openCode(keys: CodeKeys, sealed: string, hash: string): string;
export function sealedColumns(keys: CodeKeys, normalized: string): SealedCode;
