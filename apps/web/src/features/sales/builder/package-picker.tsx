import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  INSTALMENTS_PER_YEAR,
  PACKAGE_MESSAGES,
  SERVICE_BLOCKS,
  blockLimitsFor,
  formatBRL,
  normalizeForComparison,
  reaisToCentavos,
  type Package,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import classes from './builder.module.css';

export interface PackagePickerProps {
  /** The active packages, as the builder page reads them (its arrival drawn as a transition). */
  packagesQuery: UseQueryResult<Package[]>;
  selectedId: number | null;
  /** The header search; it narrows the cards by name too. */
  search: string;
  onPick: (pkg: Package) => void;
}

/** Annual value / 12, to the centavo. */
export function monthlyValueText(pkg: Pick<Package, 'annual_value'>): string {
  return formatBRL(Math.round(reaisToCentavos(pkg.annual_value) / INSTALMENTS_PER_YEAR));
}

/** SPEC 'Package picker grid': active packages as cards with monthly value and block limits. */
export function PackagePicker({ packagesQuery, selectedId, search, onPick }: PackagePickerProps) {
  if (packagesQuery.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} aria-busy="true" aria-label="Carregando pacotes">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (packagesQuery.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{PACKAGE_MESSAGES.pickerLoadFailed}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void packagesQuery.refetch()}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (packagesQuery.data.length === 0) return <EmptyState title={PACKAGE_MESSAGES.noActive} />;

  const query = normalizeForComparison(search);
  const shown = query
    ? packagesQuery.data.filter((pkg) => normalizeForComparison(pkg.name).includes(query))
    : packagesQuery.data;
  if (shown.length === 0) return <EmptyState title="Nada encontrado" />;

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
      {shown.map((pkg) => {
        const limits = blockLimitsFor(pkg);
        return (
          <UnstyledButton
            key={pkg.id}
            onClick={() => onPick(pkg)}
            aria-pressed={pkg.id === selectedId}
            className={classes.packageButton}
          >
            <Card withBorder radius="md" padding="lg" h="100%" className={classes.packageCard}>
              <Stack gap="sm">
                <Text fw={700} size="lg">
                  {pkg.name}
                </Text>
                <div>
                  <Text fz={26} fw={700} lh={1.2}>
                    {monthlyValueText(pkg)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    por mês (12x)
                  </Text>
                </div>
                <Group gap={6}>
                  {SERVICE_BLOCKS.map((block) => (
                    <Badge key={block} variant="light" size="lg">
                      {block}: {limits[block]}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
