import { Badge, Group, Text } from '@mantine/core';
import { moreProceduresLabel, PACKAGE_ROW_PROCEDURES_SHOWN } from '@portal/domain';

export interface ProceduresCellProps {
  /** The package's allowed procedure ids, in the server's order. */
  ids: readonly number[];
  /** Names of the catalogue; an id not (yet) in it shows as '#id'. */
  namesById: ReadonlyMap<number, string>;
}

/** SPEC section 9: a package row shows at most 4 procedures, then '+N mais'. */
export function ProceduresCell({ ids, namesById }: ProceduresCellProps) {
  if (ids.length === 0) return <Text c="dimmed">—</Text>;
  const more = moreProceduresLabel(ids.length);
  return (
    <Group gap={4} maw={300}>
      {ids.slice(0, PACKAGE_ROW_PROCEDURES_SHOWN).map((id) => (
        // Whole names: a column pressed for room wraps the badges rather than cutting them.
        <Badge key={id} variant="default" tt="none" fw={500} miw="max-content">
          {namesById.get(id) ?? `#${id}`}
        </Badge>
      ))}
      {more ? (
        <Text size="sm" c="dimmed" component="span">
          {more}
        </Text>
      ) : null}
    </Group>
  );
}
