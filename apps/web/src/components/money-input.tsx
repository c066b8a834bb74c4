import { TextInput, type TextInputProps } from '@mantine/core';
import { parseBrazilianNumber } from '@portal/domain';

const moneyTextFormatter = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The text a money field starts with for an amount in reais: 1234.5 → "1.234,50". */
export function formatMoneyInput(reais: number): string {
  return moneyTextFormatter.format(reais);
}

/**
 * Reads what was typed in a money field as reais with at most 2 decimals. Brazilian ("1.234,50",
 * "R$ 99,9") and plain ("1234.5") forms are accepted; blank, negative or non-numeric text is null.
 */
export function parseMoneyInput(text: string): number | null {
  const value = parseBrazilianNumber(text);
  if (value === null || value < 0) return null;
  return Math.round(value * 100) / 100;
}

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value?: string;
  onChange: (text: string) => void;
}

/**
 * A BRL amount typed the way people in Brazil write it. The field keeps the text as typed (so
 * "1.234," is not rewritten mid-typing) and tidies it to "1.234,50" when the field is left.
 */
export function MoneyInput({ value = '', onChange, onBlur, ...props }: MoneyInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection="R$"
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const parsed = parseMoneyInput(value);
        if (parsed !== null) onChange(formatMoneyInput(parsed));
        onBlur?.(event);
      }}
    />
  );
}
