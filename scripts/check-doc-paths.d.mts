// Types of scripts/check-doc-paths.mjs, for its test.
export function checkDocPaths(root: string): { file: string; line: number; path: string }[];
export function conflictMarkers(root: string): { file: string; line: number }[];
