import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/test-utils';
import { formatMoneyInput, MoneyInput, parseMoneyInput } from './money-input';

describe('parseMoneyInput', () => {
  it.each([
    ['1.234,50', 1234.5],
    ['1234,5', 1234.5],
    ['R$ 99,90', 99.9],
    ['1234.5', 1234.5],
    ['1.500', 1500],
    ['0', 0],
    ['10,555', 10.56],
  ])('reads %s as %d reais', (text, reais) => {
    expect(parseMoneyInput(text)).toBe(reais);
  });

  it.each(['', '   ', 'abc', '-5', '1,2,3'])('refuses %j', (text) => {
    expect(parseMoneyInput(text)).toBe(null);
  });

  it('formats reais the Brazilian way for the field', () => {
    expect(formatMoneyInput(1234.5)).toBe('1.234,50');
    expect(formatMoneyInput(0)).toBe('0,00');
  });
});

function Harness() {
  const [text, setText] = useState('');
  return (
    <>
      <MoneyInput label="Valor" value={text} onChange={setText} />
      <output>{String(parseMoneyInput(text))}</output>
    </>
  );
}

describe('MoneyInput', () => {
  it('keeps comma decimals as typed and tidies the text when the field is left', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Valor' });
    await user.type(input, '1234,5');
    expect(input).toHaveValue('1234,5');
    expect(screen.getByRole('status')).toHaveTextContent('1234.5');
    await user.tab();
    expect(input).toHaveValue('1.234,50');
    expect(screen.getByRole('status')).toHaveTextContent('1234.5');
  });

  it('leaves text it cannot read alone', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Valor' });
    await user.type(input, '12a');
    await user.tab();
    expect(input).toHaveValue('12a');
    expect(screen.getByRole('status')).toHaveTextContent('null');
  });
});
