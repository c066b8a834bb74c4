import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import type { BuilderStep } from '@portal/domain';
import { IconArrowLeft, IconSearch, IconSparkles } from '@tabler/icons-react';

export const STEP_TITLES: Record<BuilderStep, string> = {
  packages: 'Selecione o Pacote',
  services: 'Selecione os Procedimentos',
};

export interface BuilderHeaderProps {
  step: BuilderStep;
  search: string;
  onSearchChange: (text: string) => void;
  /** 'Personalizar' is enabled only once a package is chosen. */
  hasPackage: boolean;
  /** Opens the AI package assistant (composed in by the page). */
  onPersonalize: () => void;
  /** Back to the package grid (procedures step only). */
  onChangePackage: () => void;
}

/** The step title, the name search (DESIGN 7.9) and the 'Personalizar' entry of the assistant. */
export function BuilderHeader({
  step,
  search,
  onSearchChange,
  hasPackage,
  onPersonalize,
  onChangePackage,
}: BuilderHeaderProps) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {STEP_TITLES[step]}
        </Title>
        <Group gap="xs" wrap="wrap">
          {step === 'services' ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={onChangePackage}
            >
              Trocar pacote
            </Button>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconSparkles size={16} aria-hidden />}
            disabled={!hasPackage}
            onClick={onPersonalize}
          >
            Personalizar
          </Button>
        </Group>
      </Group>
      <TextInput
        type="search"
        aria-label={step === 'services' ? 'Buscar procedimento' : 'Buscar pacote'}
        placeholder={
          step === 'services' ? 'Buscar procedimento pelo nome' : 'Buscar pacote pelo nome'
        }
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        maw={480}
      />
    </Stack>
  );
}
