import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { formatReais, type Service } from '@portal/domain';
import {
  IconAlertCircle,
  IconChevronDown,
  IconChevronRight,
  IconInfoCircle,
  IconPhoto,
  IconSearch,
} from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ProcedureDetailDialog } from '../../components/procedure-detail-dialog';
import { useLongPress } from '../../components/use-long-press';
import { usePageTitle } from '../../components/use-page-title';
import { useSession } from '../../lib/use-session';
import { useServicesQuery } from '../../api/services';
import { FunctionFilter } from './function-filter';
import {
  groupByFunction,
  listFunctions,
  procedureCountLabel,
  type FunctionGroup,
} from './function-groups';
import { PhotoEditorModal } from './photo-editor-modal';

/** DESIGN section 5: admins and managers edit photos; professionals only look. */
const PHOTO_EDITOR_PROFILES = new Set(['admin', 'manager']);

export default function EditServicesPage() {
  usePageTitle('Edição de Procedimentos');
  const proceduresQuery = useServicesQuery();
  const { user } = useSession();
  const canEditPhotos = user !== null && PHOTO_EDITOR_PROFILES.has(user.profile.toLowerCase());

  const [search, setSearch] = useState('');
  const [functions, setFunctions] = useState<string[]>([]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [detailService, setDetailService] = useState<Service | null>(null);
  const [photoService, setPhotoService] = useState<Service | null>(null);

  const services = useMemo(() => proceduresQuery.data ?? [], [proceduresQuery.data]);
  const functionOptions = useMemo(() => listFunctions(services), [services]);
  const groups = useMemo(
    () => groupByFunction(services, { search, functions }),
    [services, search, functions],
  );

  const toggleGroup = (name: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  let content;
  if (proceduresQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando procedimentos...</Text>
        </Group>
      </Center>
    );
  } else if (proceduresQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Não foi possível carregar os procedimentos.</Text>
          <Button size="xs" variant="default" onClick={() => void proceduresQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (groups.length === 0) {
    content = (
      <Paper withBorder radius="md">
        <EmptyState title="Nenhum procedimento encontrado." />
      </Paper>
    );
  } else {
    content = (
      <Stack gap="md">
        {groups.map((group) => (
          <ProcedureGroup
            key={group.name}
            group={group}
            expanded={!collapsed.has(group.name)}
            onToggle={() => toggleGroup(group.name)}
            canEditPhotos={canEditPhotos}
            onShowDetails={setDetailService}
            onEditPhotos={setPhotoService}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Edição de Procedimentos
      </Title>
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label="Pesquisar função"
          placeholder="Pesquisar função"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <FunctionFilter options={functionOptions} value={functions} onChange={setFunctions} />
      </Group>
      {content}
      <ProcedureDetailDialog procedure={detailService} onClose={() => setDetailService(null)} />
      <PhotoEditorModal service={photoService} onClose={() => setPhotoService(null)} />
    </Stack>
  );
}

interface ProcedureGroupProps {
  group: FunctionGroup;
  expanded: boolean;
  onToggle: () => void;
  canEditPhotos: boolean;
  onShowDetails: (service: Service) => void;
  onEditPhotos: (service: Service) => void;
}

function ProcedureGroup({
  group,
  expanded,
  onToggle,
  canEditPhotos,
  onShowDetails,
  onEditPhotos,
}: ProcedureGroupProps) {
  const panelId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={panelId}
        w="100%"
        py={4}
      >
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {expanded ? (
              <IconChevronDown size={18} aria-hidden />
            ) : (
              <IconChevronRight size={18} aria-hidden />
            )}
            <Title order={2} size="h4">
              {group.name}
            </Title>
          </Group>
          <Badge variant="default" tt="none">
            {procedureCountLabel(group.services.length)}
          </Badge>
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} id={panelId}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} mt="sm">
          {group.services.map((service) => (
            <ProcedureCard
              key={service.id}
              service={service}
              canEditPhotos={canEditPhotos}
              onShowDetails={onShowDetails}
              onEditPhotos={onEditPhotos}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </Paper>
  );
}

interface ProcedureCardProps {
  service: Service;
  canEditPhotos: boolean;
  onShowDetails: (service: Service) => void;
  onEditPhotos: (service: Service) => void;
}

/** A 2-second press opens the details; the info button does the same for keyboard users. */
function ProcedureCard({
  service,
  canEditPhotos,
  onShowDetails,
  onEditPhotos,
}: ProcedureCardProps) {
  const longPress = useLongPress(() => onShowDetails(service));
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="procedure-card"
      {...longPress}
      // No text selection or system menu while a finger rests on the card.
      style={{ userSelect: 'none', WebkitTouchCallout: 'none', touchAction: 'manipulation' }}
    >
      <Stack gap={6} h="100%" justify="space-between">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} lh={1.3}>
            {service.name}
          </Text>
          <Tooltip label="Ver detalhes">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Ver detalhes de ${service.name}`}
              onClick={() => onShowDetails(service)}
            >
              <IconInfoCircle size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{formatReais(service.value)}</Text>
          <Group gap={4} wrap="nowrap">
            <IconPhoto size={16} aria-hidden />
            <Text size="sm">
              <VisuallyHidden>Fotos: </VisuallyHidden>
              {service.photos_count}/{service.photos_limit}
            </Text>
          </Group>
        </Group>
        {service.status === 'inactive' ? (
          <Badge variant="dot" color="gray" w="fit-content">
            Inativo
          </Badge>
        ) : null}
        {canEditPhotos ? (
          <Button
            size="xs"
            variant="light"
            aria-label={`Editar Fotos de ${service.name}`}
            onClick={() => onEditPhotos(service)}
          >
            Editar Fotos
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
