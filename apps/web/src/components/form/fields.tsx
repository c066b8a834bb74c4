import { Select, Textarea, type SelectProps, type TextareaProps } from '@mantine/core';

/**
 * A choice among a closed set (status, block, category): one is always chosen, so it cannot be
 * cleared. Bind it with `{...form.getInputProps('status')}`.
 */
export function ChoiceField(props: SelectProps) {
  return <Select allowDeselect={false} {...props} />;
}

/** A text of a few lines (descriptions, notes): it grows downwards, never sideways. */
export function LongTextField({ rows = 3, ...props }: TextareaProps) {
  return <Textarea rows={rows} resize="vertical" {...props} />;
}
