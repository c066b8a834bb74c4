import { TextInput, type TextInputProps } from '@mantine/core';

export interface PtBrNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The text as typed: '1.234,56', '37,5', '3'. */
  value?: string;
  onChange: (text: string) => void;
  /** Whole numbers only (limits, counts): the phone shows digits only. */
  whole?: boolean;
}

/**
 * A number typed the way people in Brazil write it. The field keeps exactly what was typed and
 * never rewrites it: the form's schema (the domain's, e.g. countField or moneyField) reads it and
 * refuses, with a pt-BR message, a decimal where a whole number is expected ('2,5' is not 25), a
 * minus sign ('-5' is not 5) or a value out of range (150 % is not 100 %). Mantine's NumberInput
 * did each of those silently: it drops characters it does not allow and clamps on blur.
 */
export function PtBrNumberInput({
  value,
  onChange,
  whole = false,
  ...props
}: PtBrNumberInputProps) {
  return (
    <TextInput
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The text a number field starts with: 37.5 → '37,5', 1234.5 → '1.234,5'. */
export function formatNumberInput(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(value);
}
