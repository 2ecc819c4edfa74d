// The parser's own package has no types; this is what src/server/testing/prometheus.ts uses of it.
declare module 'parse-prometheus-text-format' {
  export type PrometheusSample = {
    value?: string;
    labels?: Record<string, string>;
    count?: string;
    sum?: string;
    buckets?: Record<string, string>;
  };
  export type PrometheusFamily = { name: string; help: string; type: string; metrics: PrometheusSample[] };
  /** Throws on a line that is not Prometheus text. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
