import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { formatReais, type Service } from '@portal/domain';
import { IconChevronDown, IconChevronRight, IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { AdminPage } from '../../../components/admin/admin-page';
import { QueryContent } from '../../../components/admin/query-content';
import { ListToolbar } from '../../../components/admin/list-toolbar';
import { useListRequest } from '../../../components/admin/list-view';
import { ProcedureDetailDialog } from '../components/procedure-detail-dialog';
import { ServicePriceHistory } from '../components/service-price-history';
import { useLongPress } from '../../../components/use-long-press';
import { useSession } from '../../../lib/use-session';
import { useServicesQuery } from '../../../api/catalogue/services';
import { FunctionFilter } from './function-filter';
import {
  groupByFunction,
  listFunctions,
  procedureCountLabel,
  type FunctionGroup,
} from './function-groups';
import { PhotoEditorModal } from './photo-editor-modal';

/** DESIGN section 5: admins and managers edit photos and read price histories. */
const EDITOR_PROFILES = new Set(['admin', 'manager']);

/** The function filter travels in the URL as one comma list ('funcoes=Manchas,Rugas'). */
const FUNCTIONS_PARAM = 'funcoes';
const PROCEDURES_LIST = { searchLabel: 'Pesquisar função', searchPlaceholder: 'Pesquisar função' };

/** SPEC "Procedure photo editing" ('Edição de Procedimentos', /professional/editservices). */
export default function EditServicesPage() {
  const proceduresQuery = useServicesQuery();
  const { user } = useSession();
  const canEdit = user !== null && EDITOR_PROFILES.has(user.profile.toLowerCase());

  // Search and functions live in the URL: a reload, Back or a shared link shows the same groups.
  const list = useListRequest(PROCEDURES_LIST);
  const { params } = list;
  const search = params.q;
  const functionsParam = params.filter(FUNCTIONS_PARAM);
  const functions = useMemo(
    () => (functionsParam ? functionsParam.split(',') : []),
    [functionsParam],
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [detailService, setDetailService] = useState<Service | null>(null);
  const [photoService, setPhotoService] = useState<Service | null>(null);
  const cardActions: CardActions = {
    canEditPhotos: canEdit,
    onShowDetails: setDetailService,
    onEditPhotos: setPhotoService,
  };

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

  return (
    <AdminPage
      title="Edição de Procedimentos"
      panel={false}
      toolbar={
        <ListToolbar list={list}>
          <FunctionFilter
            options={functionOptions}
            value={functions}
            onChange={(chosen) => params.set({ [FUNCTIONS_PARAM]: chosen.join(',') })}
          />
        </ListToolbar>
      }
      modals={
        <>
          <ProcedureDetailDialog
            procedure={detailService}
            onClose={() => setDetailService(null)}
            more={
              canEdit
                ? (procedure) => (
                    <Stack gap="xs">
                      <Text fw={600} size="sm">
                        Histórico de preços
                      </Text>
                      <ServicePriceHistory serviceId={procedure.id} />
                    </Stack>
                  )
                : undefined
            }
          />
          <PhotoEditorModal service={photoService} onClose={() => setPhotoService(null)} />
        </>
      }
    >
      <QueryContent
        query={proceduresQuery}
        loadingText="Carregando procedimentos..."
        errorText="Não foi possível carregar os procedimentos."
        isEmpty={groups.length === 0}
        empty={{ title: 'Nenhum procedimento encontrado.' }}
      >
        <Stack gap="md">
          {groups.map((group) => (
            <ProcedureGroup
              key={group.name}
              group={group}
              expanded={!collapsed.has(group.name)}
              onToggle={() => toggleGroup(group.name)}
              cardActions={cardActions}
            />
          ))}
        </Stack>
      </QueryContent>
    </AdminPage>
  );
}

/** What every procedure card of the screen does: the same for all groups. */
interface CardActions {
  canEditPhotos: boolean;
  onShowDetails: (service: Service) => void;
  onEditPhotos: (service: Service) => void;
}

interface ProcedureGroupProps {
  group: FunctionGroup;
  expanded: boolean;
  onToggle: () => void;
  cardActions: CardActions;
}

function ProcedureGroup({ group, expanded, onToggle, cardActions }: ProcedureGroupProps) {
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
            <ProcedureCard key={service.id} service={service} {...cardActions} />
          ))}
        </SimpleGrid>
      </Collapse>
    </Paper>
  );
}

interface ProcedureCardProps extends CardActions {
  service: Service;
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
