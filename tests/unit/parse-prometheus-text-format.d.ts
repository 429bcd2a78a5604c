// The parser ships no types: what tests/unit/prometheus.ts uses of its output (prom2json's shape).
declare module "parse-prometheus-text-format" {
  export type ParsedSample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type ParsedFamily = { name: string; help: string; type: string; metrics: ParsedSample[] };
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
