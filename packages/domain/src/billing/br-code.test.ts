import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import {
  brCodeAmount,
  brCodeText,
  buildStaticBrCode,
  crc16CcittFalse,
  parseStaticBrCode,
  parseTlv,
  staticBrCodeSchema,
  tlv,
  utf8Length,
  type StaticBrCode,
} from './br-code.ts';
import { PIX_KEY_MESSAGES, pixKeyKind, pixKeySchema } from './pix-key.ts';

// AFTER-SALE.md section 3 (the example of the Banco Central's manual).
const MANUAL_PAYLOAD =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***6304';

// pixCopiaECola examples of the Banco Central's API Pix OpenAPI (bacen/pix-api): dynamic codes,
// so they check the CRC and the TLV reader, and must be refused as dynamic.
const API_PIX_EXAMPLES = [
  '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/94ed2badcbc04c15b0bb7fa35319489063047741',
  '00020101021226810014br.gov.bcb.pix2559pix.example.com/qr/v2/cobv/1e6c54d3ec9449b7a7fc53b6b0f998e75204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/3ffa640fa4f14080adccb949fa2dc0d06304A441',
  '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002630462C9',
];

/** CPF check digits, written the textbook way (weights 10..2 then 11..2), independent of pix-key. */
function cpfWithCheckDigits(nine: string): string {
  const digit = (text: string) => {
    const sum = [...text].reduce((acc, char, i) => acc + Number(char) * (text.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const ten = nine + digit(nine);
  return ten + digit(ten);
}

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const alnum = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    minLength: min,
    maxLength: max,
  });

const cpfKey = digits(9, 9)
  .filter((nine) => !/^(\d)\1{8}$/.test(nine))
  .map(cpfWithCheckDigits);
const phoneKey = fc
  .tuple(
    fc.integer({ min: 11, max: 99 }).filter((ddd) => ddd % 10 !== 0),
    digits(8, 8),
  )
  .map(([ddd, rest]) => `+55${ddd}9${rest}`);
const emailKey = fc
  .tuple(alnum(1, 20), alnum(1, 20))
  .map(([user, host]) => `${user}@${host}.com.br`.toLowerCase());
const pixKey = fc.oneof(
  cpfKey,
  phoneKey,
  emailKey,
  fc.uuid(),
  fc.constantFrom('11222333000181', '12ABC34501DE35'),
);
const printable = (min: number, max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    minLength: min,
    maxLength: max,
  });

const brCode: fc.Arbitrary<StaticBrCode> = fc.record({
  key: pixKey,
  description: fc.option(printable(1, 20), { nil: null }),
  amount: fc.option(fc.integer({ min: 1, max: 999_999_999_999 }), { nil: null }),
  merchantName: printable(1, 25),
  merchantCity: printable(1, 15),
  txid: fc.option(alnum(1, 25), { nil: null }),
});

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value and the manual example', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse(MANUAL_PAYLOAD)).toBe('1D3D');
  });

  it('agrees with the API Pix examples', () => {
    for (const code of API_PIX_EXAMPLES) {
      expect(crc16CcittFalse(code.slice(0, -4))).toBe(code.slice(-4));
      expect(parseStaticBrCode(code)).toMatchObject({ ok: false, problem: 'codigo_dinamico' });
    }
  });

  it('counts bytes, not characters', () => {
    expect(utf8Length('Tál')).toBe(4);
    expect(tlv('59', 'Tál')).toBe('5904Tál');
    expect(parseTlv('5904Tál5802BR')).toEqual([
      { id: '59', value: 'Tál' },
      { id: '58', value: 'BR' },
    ]);
    expect(parseTlv('5903Tál')).toBeNull();
  });
});

describe('buildStaticBrCode', () => {
  it('builds the manual example', () => {
    expect(
      buildStaticBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        amount: null,
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(`${MANUAL_PAYLOAD}1D3D`);
  });

  it('writes the amount and the txid, strips accents and punctuation of keys', () => {
    const code = buildStaticBrCode({
      key: '529.982.247-25',
      description: 'Parcela 1/12 – pacote',
      amount: 12345,
      merchantName: 'Clínica Estética São João',
      merchantCity: 'São Paulo',
      txid: 'PE2026000001',
    });
    expect(code).toContain('0111529982247250221Parcela 1/12 - pacote');
    expect(code).toContain('5406123.45');
    expect(code).toContain('5925Clinica Estetica Sao Joao6009Sao Paulo');
    expect(code).toContain('62160512PE2026000001');
    expect(parseStaticBrCode(code).ok).toBe(true);
  });

  it('formats amounts from centavos', () => {
    expect(brCodeAmount(1)).toBe('0.01');
    expect(brCodeAmount(100)).toBe('1.00');
    expect(brCodeAmount(999_999_999_999)).toBe('9999999999.99');
  });

  it('refuses long names and cities, bad txids and amounts, in pt-BR', () => {
    const base = { key: '+5511912345678', amount: 100, merchantName: 'A', merchantCity: 'B' };
    const messages = (input: object) => {
      const result = staticBrCodeSchema.safeParse({ ...base, ...input });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ merchantName: 'N'.repeat(26) })[0]).toMatch(/nome do recebedor/);
    expect(messages({ merchantCity: 'Cidade Com Nome Longo' })[0]).toMatch(/cidade/);
    expect(messages({ merchantCity: '   ' })[0]).toBe('Informe a cidade do recebedor.');
    expect(messages({ txid: 'com espaço' })[0]).toMatch(/txid/);
    expect(messages({ txid: 'A'.repeat(26) })[0]).toMatch(/txid/);
    expect(messages({ amount: 0 })[0]).toMatch(/centavos/);
    expect(messages({ amount: 1.5 })[0]).toMatch(/centavos/);
    expect(messages({ merchantName: '李' })[0]).toMatch(/nome do recebedor/);
    expect(
      messages({ key: `${'a'.repeat(60)}@exemplo.com`, description: 'x'.repeat(10) })[0],
    ).toMatch(/campo 26/);
    expect(messages({})).toEqual([]);
  });

  it('normalises text the way payers read it', () => {
    expect(brCodeText('  Ação   Ótica\tÇ ')).toBe('Acao Otica C');
  });
});

describe('pix keys', () => {
  it('recognises each kind and normalises punctuation', () => {
    expect(pixKeySchema.parse('529.982.247-25')).toBe('52998224725');
    expect(pixKeyKind('52998224725')).toBe('cpf');
    expect(pixKeySchema.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(pixKeyKind('11222333000181')).toBe('cnpj');
    // The Receita Federal's alphanumeric CNPJ example.
    expect(pixKeyKind('12ABC34501DE35')).toBe('cnpj');
    expect(pixKeySchema.parse('Financeiro@Clinica.com.br')).toBe('financeiro@clinica.com.br');
    expect(pixKeySchema.parse('+55 (11) 91234-5678')).toBe('+5511912345678');
    expect(pixKeyKind('+5511912345678')).toBe('telefone');
    expect(pixKeySchema.parse('123E4567-E89B-12D3-A456-426614174000')).toBe(
      '123e4567-e89b-12d3-a456-426614174000',
    );
  });

  it('refuses each kind with its own pt-BR message', () => {
    const message = (key: unknown) => {
      const result = pixKeySchema.safeParse(key);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(message('529.982.247-26')).toBe(PIX_KEY_MESSAGES.cpfInvalid);
    expect(message('111.111.111-11')).toBe(PIX_KEY_MESSAGES.cpfInvalid);
    expect(message('11.222.333/0001-82')).toBe(PIX_KEY_MESSAGES.cnpjInvalid);
    expect(message('+1 202 555 0100')).toBe(PIX_KEY_MESSAGES.phoneInvalid);
    expect(message('+5511812345678')).toBe(PIX_KEY_MESSAGES.phoneInvalid);
    expect(message('sem-arroba@')).toBe(PIX_KEY_MESSAGES.emailInvalid);
    expect(message(`${'a'.repeat(70)}@abc.com.br`)).toBe(PIX_KEY_MESSAGES.emailInvalid);
    expect(message('123e4567-e89b-12d3-a456-42661417400')).toBe(PIX_KEY_MESSAGES.evpInvalid);
    expect(message('qualquer coisa')).toBe(PIX_KEY_MESSAGES.invalid);
    expect(message('')).toBe(PIX_KEY_MESSAGES.required);
    expect(message(undefined)).toBe(PIX_KEY_MESSAGES.required);
  });
});

describe('parseStaticBrCode', () => {
  it('reads the manual example', () => {
    expect(parseStaticBrCode(`${MANUAL_PAYLOAD}1D3D`)).toEqual({
      ok: true,
      code: {
        key: '123e4567-e12b-12d1-a456-426655440000',
        description: null,
        amount: null,
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        txid: null,
      },
    });
  });

  it('names what is wrong', () => {
    expect(parseStaticBrCode(`${MANUAL_PAYLOAD}1D3E`)).toMatchObject({ problem: 'crc_invalido' });
    expect(parseStaticBrCode(`${MANUAL_PAYLOAD}1d3d`)).toMatchObject({
      problem: 'formato_invalido',
    });
    expect(parseStaticBrCode('')).toMatchObject({ problem: 'formato_invalido' });
    expect(parseStaticBrCode('0002016304')).toMatchObject({ problem: 'formato_invalido' });
    const withoutCurrency = MANUAL_PAYLOAD.replace('5303986', '5303840');
    expect(parseStaticBrCode(withoutCurrency + crc16CcittFalse(withoutCurrency))).toMatchObject({
      problem: 'moeda_invalida',
      message: 'O código Pix não está em reais (moeda 986).',
    });
  });

  it('reads back whatever it builds', () => {
    fc.assert(
      fc.property(brCode, (code) => {
        expect(parseStaticBrCode(buildStaticBrCode(code))).toEqual({ ok: true, code });
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('refuses a code with any single character changed', () => {
    fc.assert(
      fc.property(
        brCode,
        fc.nat(),
        fc.integer({ min: 0x20, max: 0x7e }),
        (code, where, replacement) => {
          const text = buildStaticBrCode(code);
          const chars = [...text];
          const at = where % chars.length;
          const char = String.fromCharCode(replacement);
          fc.pre(chars[at] !== char);
          chars[at] = char;
          expect(parseStaticBrCode(chars.join('')).ok).toBe(false);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});
