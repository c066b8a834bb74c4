import { normalizeForComparison, type NoticeCategory } from '@portal/domain';
import type { AppTx } from '../client.ts';
import { insertNotice } from '../../modules/people/notices/repository.ts';

interface DemoNotice {
  title: string;
  text: string;
  category: NoticeCategory;
  active: boolean;
}

/** Promotional notices across the four categories; one inactive so the admin filters show something. */
const DEMO_NOTICES: readonly DemoNotice[] = [
  {
    title: 'Semana da Criolipólise: 20% off no pacote',
    text: 'Até sexta-feira, clientes que fecharem o pacote anual com criolipólise ganham 20% de desconto. Ofereça na consulta!',
    category: 'urgent',
    active: true,
  },
  {
    title: 'Últimas vagas para Ultraformer em março',
    text: 'Restam poucas vagas na agenda do Ultraformer deste mês. Priorize clientes que já demonstraram interesse em flacidez.',
    category: 'scarcity',
    active: true,
  },
  {
    title: 'Condição exclusiva para clientes VIP',
    text: 'Clientes com mais de dois anos de casa ganham uma sessão de peeling de diamante ao renovar o pacote.',
    category: 'exclusive',
    active: true,
  },
  {
    title: 'Nova compra: bioestimulador de colágeno',
    text: 'Quem comprou um pacote nos últimos 30 dias pode incluir uma sessão de bioestimulador com 15% de desconto.',
    category: 'new_purchase',
    active: true,
  },
  {
    title: 'Campanha de verão encerrada',
    text: 'A campanha de verão de depilação a laser terminou. Mantida aqui apenas como histórico.',
    category: 'urgent',
    active: false,
  },
];

export async function seedDemoNotices(tx: AppTx): Promise<void> {
  // Inserted oldest first: the list is newest first, so the banner opens with the first notice.
  for (const notice of [...DEMO_NOTICES].reverse()) {
    await insertNotice(tx, {
      ...notice,
      titleKey: normalizeForComparison(notice.title),
      imageUrl: null,
    });
  }
}
