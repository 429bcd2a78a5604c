import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from "parse-prometheus-text-format";

/** Metrics in Prometheus' text format, parsed by a Prometheus text parser (the tests of /metrics). */
export type Scraped = ParsedFamily[];

export function parseMetrics(text: string): Scraped {
  return parsePrometheusTextFormat(text);
}

/** The samples of one family whose labels include every label given. */
export function samples(scraped: Scraped, name: string, labels: Record<string, string> = {}): ParsedSample[] {
  const family = scraped.find((f) => f.name === name);
  return (family?.metrics ?? []).filter((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v));
}

/** The sum of a counter's or gauge's samples (or of a histogram's counts) matching the labels; 0 when none. */
export function total(scraped: Scraped, name: string, labels: Record<string, string> = {}): number {
  return samples(scraped, name, labels).reduce((sum, s) => sum + Number(s.value ?? s.count ?? 0), 0);
}

export function familyType(scraped: Scraped, name: string): string | undefined {
  return scraped.find((f) => f.name === name)?.type;
}
