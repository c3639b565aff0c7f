/**
 * The rules of Prometheus's own metrics linter (`promtool check metrics`, client_golang's promlint),
 * applied to an exposition in the text format, for a test to run where promtool is not installed
 * (Debian: `apt-get install prometheus` has it). Each problem is "<metric>: <what promtool says>".
 */

/** Units promlint knows, to the base unit it wants instead. */
const UNITS: Record<string, string> = {
  amperes: "amperes",
  bytes: "bytes",
  celsius: "celsius",
  grams: "grams",
  joules: "joules",
  meters: "meters",
  metres: "metres",
  seconds: "seconds",
  volts: "volts",
  minutes: "seconds",
  hours: "seconds",
  days: "seconds",
  weeks: "seconds",
  kelvin: "celsius",
  kelvins: "celsius",
  fahrenheit: "celsius",
  rankine: "celsius",
  inches: "meters",
  yards: "meters",
  miles: "meters",
  bits: "bytes",
  calories: "joules",
  pounds: "grams",
  ounces: "grams",
};
const UNIT_PREFIXES = [
  "",
  "pico",
  "nano",
  "micro",
  "milli",
  "centi",
  "deci",
  "deca",
  "hecto",
  "kilo",
  "kibi",
  "mega",
  "mibi",
  "giga",
  "gibi",
  "tera",
  "tebi",
  "peta",
  "pebi",
];
const UNIT_ABBREVIATIONS = ["s", "ms", "us", "ns", "sec", "b", "kb", "mb", "gb", "tb", "pb", "m", "h", "d"];
const TYPES = ["counter", "gauge", "summary", "histogram"];
const CAMEL_CASE = /[a-z][A-Z]/;

interface Family {
  name: string;
  type: string;
  help: string;
  labels: Set<string>;
}

function familiesOf(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { name, type: "untyped", help: "", labels: new Set() }));
    return found;
  };
  const sampleOwner = (sample: string) => {
    for (const suffix of ["_bucket", "_sum", "_count", ""]) {
      const base = suffix ? sample.slice(0, -suffix.length) : sample;
      if (sample.endsWith(suffix) && families.has(base) && (suffix === "" || ["histogram", "summary"].includes(families.get(base)!.type)))
        return families.get(base)!;
    }
    return family(sample);
  };
  for (const line of text.split("\n")) {
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (kind === "HELP") family(name).help = rest.trim();
      else family(name).type = rest.trim();
      continue;
    }
    if (line.trim() === "" || line.startsWith("#")) continue;
    const sample = /^([^\s{]+)(?:\{(.*)\})?\s/.exec(line);
    if (!sample) continue;
    const owner = sampleOwner(sample[1]!);
    for (const [, label] of (sample[2] ?? "").matchAll(/([A-Za-z_]\w*)="/g)) owner.labels.add(label!);
  }
  return families;
}

function problemsOf({ name, type, help, labels }: Family): string[] {
  const problems: string[] = [];
  const lower = name.toLowerCase();
  const tokens = name.split("_");
  if (help === "") problems.push("no help text");
  if (type === "counter" && !name.endsWith("_total")) problems.push('counter metrics should have "_total" suffix');
  if (type !== "counter" && name.endsWith("_total")) problems.push('non-counter metrics should not have "_total" suffix');
  for (const [unit, base] of Object.entries(UNITS)) {
    const used = UNIT_PREFIXES.map((prefix) => prefix + unit).find((word) => tokens.includes(word));
    if (used && used !== base) problems.push(`use base unit "${base}" instead of "${used}"`);
  }
  if (type !== "histogram") {
    if (name.endsWith("_bucket")) problems.push('non-histogram metrics should not have "_bucket" suffix');
    if (labels.has("le")) problems.push('non-histogram metrics should not have "le" label');
  }
  if (type !== "histogram" && type !== "summary") {
    if (name.endsWith("_count")) problems.push('non-histogram and non-summary metrics should not have "_count" suffix');
    if (name.endsWith("_sum")) problems.push('non-histogram and non-summary metrics should not have "_sum" suffix');
  }
  if (type !== "summary" && labels.has("quantile")) problems.push('non-summary metrics should not have "quantile" label');
  for (const typeName of TYPES)
    if (lower.includes(`_${typeName}_`) || lower.endsWith(`_${typeName}`))
      problems.push(`metric name should not include type '${typeName}'`);
  if (name.includes(":")) problems.push("metric names should not contain ':'");
  if (CAMEL_CASE.test(name)) problems.push("metric names should be written in 'snake_case' not 'camelCase'");
  if ([...labels].some((label) => CAMEL_CASE.test(label))) problems.push("label names should be written in 'snake_case' not 'camelCase'");
  if (UNIT_ABBREVIATIONS.some((abbreviation) => lower.includes(`_${abbreviation}_`) || lower.endsWith(`_${abbreviation}`)))
    problems.push("metric names should not contain abbreviated units");
  return problems;
}

/** promtool's lint problems in `exposition`, as "<metric>: <problem>"; none: []. */
export function promlint(exposition: string): string[] {
  return [...familiesOf(exposition).values()].flatMap((family) => problemsOf(family).map((problem) => `${family.name}: ${problem}`));
}
