import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from "parse-prometheus-text-format";

/** Metrics in Prometheus' text format, parsed by a Prometheus text parser (the tests of /metrics). */
export type Scraped = ParsedFamily[];

export function parseMetrics(text: string): Scraped {
  return parsePrometheusTextFormat(text);
}

/** The samples of one family whose labels include every label given. */
export function samples(scraped: Scraped, name: string, labels: Record<string, string> = {}): ParsedSample[] {
  const families = scraped.filter((f) => f.name === name);
  return families.flatMap((f) => f.metrics).filter((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v));
}

/** The sum of a counter's or gauge's samples (or of a histogram's counts) matching the labels; 0 when none. */
export function total(scraped: Scraped, name: string, labels: Record<string, string> = {}): number {
  return samples(scraped, name, labels).reduce((sum, s) => sum + Number(s.value ?? s.count ?? 0), 0);
}

/**
 * A labelled histogram's series (`<name>_count`, `_sum`, `_bucket`) with their labels. The parser folds
 * a histogram family into one sample and drops its labels (it was written for unlabelled ones), so
 * the family's `# TYPE … histogram` line is left out and its series come back as families of their own
 * (one per run of lines of one name; `samples` and `total` read every family of a name).
 */
export function histogramSeries(text: string, name: string): Scraped {
  return parseMetrics(text.split("\n").filter((line) => line !== `# TYPE ${name} histogram`).join("\n"));
}
