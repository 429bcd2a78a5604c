export function chromiumPath(): string | undefined;
export const chromiumFlags: string[];
