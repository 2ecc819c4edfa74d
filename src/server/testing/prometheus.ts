import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Scrape = {
  families: PrometheusFamily[];
  samples: Sample[];
  /** The sum of the samples of this name whose labels include these (0 when none has them). */
  value(name: string, labels?: Record<string, string>): number;
  /** The samples of this name whose labels include these. */
  find(name: string, labels?: Record<string, string>): Sample[];
};

const hasLabels = (sample: Sample, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => sample.labels[k] === v);

/**
 * Reads Prometheus text (the exposition format) with parse-prometheus-text-format, which throws on a line
 * that is not of the format. It folds a histogram's series of all label sets into one (losing the labels), so
 * the samples are read a second time with histograms declared untyped: each `_bucket`, `_sum` and `_count`
 * line is then a sample of its own with its labels.
 */
export function parsePrometheusText(text: string): Scrape {
  const families = parsePrometheusTextFormat(text);
  const flat = parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) (histogram|summary)$/gm, '# TYPE $1 untyped'));
  const samples = flat.flatMap((family) =>
    family.metrics.map((m) => ({ name: family.name, labels: m.labels ?? {}, value: Number(m.value) })),
  );
  const find = (name: string, labels: Record<string, string> = {}) => samples.filter((s) => s.name === name && hasLabels(s, labels));
  return { families, samples, find, value: (name, labels) => find(name, labels).reduce((sum, s) => sum + s.value, 0) };
}
