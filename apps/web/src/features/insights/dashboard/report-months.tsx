import { Button, Group, TextInput } from '@mantine/core';
import { addMonths, liabilityQuerySchema, saoPauloDate } from '@portal/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../../components/admin/notify';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { saveBlob } from '../../../components/save-blob';

/**
 * What the month reports of /gestao share (liability, cash, commissions): their months kept in
 * the address, checked with the server's own rules before asking it, the two month fields, and
 * the CSV button.
 */

/** The last twelve São Paulo months, the reports' default period. */
export function defaultMonths(now = new Date()): { from: string; to: string } {
  const month = saoPauloDate(now).slice(0, 7);
  return { from: addMonths(`${month}-01`, -11).slice(0, 7), to: month };
}

export interface ReportMonths {
  from: string;
  to: string;
  /** The pt-BR reason the period cannot be asked for, or null. */
  periodError: string | null;
  setMonth: (which: 'from' | 'to', value: string) => void;
}

/** A report's months in the address, as `{key}_de` and `{key}_ate` ('passivo_de', …). */
export function useReportMonths(key: string, defaults: { from: string; to: string }): ReportMonths {
  const [params, setParams] = useSearchParams();
  const from = params.get(`${key}_de`) ?? defaults.from;
  const to = params.get(`${key}_ate`) ?? defaults.to;
  // The server's own rules (format, order, at most 36 months), checked before asking it.
  const parsed = liabilityQuerySchema.safeParse({ from, to });
  const periodError =
    !from || !to
      ? 'Informe os dois meses do período.'
      : parsed.success
        ? null
        : (parsed.error.issues[0]?.message ?? 'Período inválido.');
  const setMonth = (which: 'from' | 'to', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(`${key}_${which === 'from' ? 'de' : 'ate'}`, value);
        return next;
      },
      { replace: true },
    );
  return { from, to, periodError, setMonth };
}

/** 'De (mês)' and 'Até (mês)'. */
export function ReportMonthFields({ months }: { months: ReportMonths }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="month"
        label="De (mês)"
        value={months.from}
        onChange={(event) => months.setMonth('from', event.currentTarget.value)}
        w={{ base: '47%', xs: 170 }}
      />
      <TextInput
        type="month"
        label="Até (mês)"
        value={months.to}
        onChange={(event) => months.setMonth('to', event.currentTarget.value)}
        w={{ base: '47%', xs: 170 }}
      />
    </Group>
  );
}

/** The report's CSV: one download at a time, a pt-BR notice when it fails. */
export function ReportCsvButton({
  report,
  months,
  fetchCsv,
  fileName,
}: {
  /** The report's title, for the button's accessible name ('Exportar CSV: Caixa'). */
  report: string;
  months: ReportMonths;
  fetchCsv: () => Promise<Blob>;
  fileName: string;
}) {
  const guard = useSubmitGuard();
  const [exporting, setExporting] = useState(false);
  const exportCsv = () =>
    guard(async () => {
      setExporting(true);
      try {
        saveBlob(await fetchCsv(), fileName);
      } catch (error) {
        notifyError(error, { fallback: 'Não foi possível exportar o CSV.' });
      } finally {
        setExporting(false);
      }
    });
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={exportCsv}
      loading={exporting}
      disabled={months.periodError !== null}
      aria-label={`Exportar CSV: ${report}`}
    >
      CSV
    </Button>
  );
}
