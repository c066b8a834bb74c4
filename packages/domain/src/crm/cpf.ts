/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, the last two check digits computed from the first
 * nine (mod 11). Stored as digits only; shown as 000.000.000-00.
 */

/** The digits of a CPF typed with or without dots and dash. */
export function cpfDigits(text: string): string {
  return text.replace(/\D/g, '');
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let index = 0; index < length; index += 1) {
    sum += Number(digits[index]) * (length + 1 - index);
  }
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True when the text holds a CPF whose check digits are right ("111.111.111-11" is not one). */
export function isValidCpf(text: string): boolean {
  const digits = cpfDigits(text);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return (
    checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10])
  );
}

/** "52998224725" → "529.982.247-25" (anything not 11 digits is returned as given). */
export function formatCpf(text: string): string {
  const digits = cpfDigits(text);
  if (digits.length !== 11) return text;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** A valid CPF built from nine digits (tests and demo data). */
export function cpfFromBase(nineDigits: string): string {
  const base = cpfDigits(nineDigits).padStart(9, '0').slice(0, 9);
  const tenth = checkDigit(`${base}0`, 9);
  const withTenth = `${base}${tenth}`;
  return `${withTenth}${checkDigit(`${withTenth}0`, 10)}`;
}
