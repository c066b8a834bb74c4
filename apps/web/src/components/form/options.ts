/** The options of a Select over a closed set of values, each with its pt-BR label. */
export function labelledOptions<V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, string>> | ((value: V) => string),
): { value: V; label: string }[] {
  const labelOf = typeof labels === 'function' ? labels : (value: V) => labels[value];
  return values.map((value) => ({ value, label: labelOf(value) }));
}
