import { List, Text } from '@mantine/core';
import type { AuditChanges } from '@portal/domain';
import { auditChangeLines } from './audit-format';

/** An entry's changed fields, one line each: "Valor: R$ 300,00 → R$ 350,50". */
export function AuditChanges({ before, after }: { before: AuditChanges; after: AuditChanges }) {
  const lines = auditChangeLines(before, after);
  if (lines.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {lines.map((line) => (
        <List.Item key={line.label}>
          <Text span fw={500}>
            {line.label}:
          </Text>{' '}
          {line.before !== null && line.after !== null
            ? `${line.before} → ${line.after}`
            : (line.after ?? line.before)}
        </List.Item>
      ))}
    </List>
  );
}
