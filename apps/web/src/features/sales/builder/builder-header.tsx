import { Box, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { CLIENT_NAME_MAX_LENGTH, type BuilderStep } from '@portal/domain';
import { IconArrowLeft, IconPlus, IconSearch, IconSparkles, IconUser } from '@tabler/icons-react';
import type { PickedClient } from '../../crm/components/client-picker';
import { ClientPickerSlot } from '../../crm/components/client-picker-slot';
import { ClientModeSwitch } from '../../../lib/client-mode';

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
  /** 'Nome da cliente' (optional), printed on both PDFs. */
  clientName: string;
  onClientNameChange: (name: string) => void;
  /**
   * The registered client the sale is for (optional): the procedures that meet the client's
   * allergies or contraindications are marked as they are added.
   */
  client: PickedClient | null;
  onClientChange: (client: PickedClient | null) => void;
  clientMode: boolean;
  onClientModeChange: (on: boolean) => void;
  /** Forgets the package, the sessions and the name kept for this sale. */
  onNewSale: () => void;
}

/**
 * The step title, the client's name, 'Modo cliente', the name search (DESIGN 7.9) and the
 * 'Personalizar' entry of the assistant.
 */
export function BuilderHeader({
  step,
  search,
  onSearchChange,
  hasPackage,
  onPersonalize,
  onChangePackage,
  clientName,
  onClientNameChange,
  client,
  onClientChange,
  clientMode,
  onClientModeChange,
  onNewSale,
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
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Box w={{ base: '100%', xs: 280 }}>
          <ClientPickerSlot
            label="Cliente cadastrado"
            placeholder="Opcional: nome, telefone ou CPF"
            value={client}
            onChange={onClientChange}
          />
        </Box>
        {client ? null : (
          <TextInput
            label="Nome da cliente"
            placeholder="Opcional"
            autoComplete="off"
            leftSection={<IconUser size={16} aria-hidden />}
            value={clientName}
            maxLength={CLIENT_NAME_MAX_LENGTH}
            onChange={(event) => onClientNameChange(event.currentTarget.value)}
            w={{ base: '100%', xs: 280 }}
          />
        )}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onNewSale}
        >
          Nova venda
        </Button>
        <ClientModeSwitch checked={clientMode} onChange={onClientModeChange} />
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
