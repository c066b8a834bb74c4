import { normalizeForComparison, type ContentSection, type TrainingCategory } from '@portal/domain';
import type { AppTx } from '../client.ts';
import { insertTraining, searchTextOf } from '../../modules/people/trainings/repository.ts';

/**
 * The video ids are placeholders in YouTube's format (the clinic network uploads its own
 * videos); they exercise the thumbnail and embed paths. One training uses a CC0 MP4 from MDN to
 * show the native player, and one has no video.
 */
interface DemoTraining {
  title: string;
  description: string;
  category: TrainingCategory;
  videoUrl: string | null;
  /** Published this many days before the seed runs, so the library looks current. */
  daysAgo: number;
  sections: ContentSection[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

const DEMO_TRAININGS: DemoTraining[] = [
  {
    title: 'Protocolo de limpeza de pele profunda',
    description:
      'Etapas da limpeza de pele profunda: higienização, esfoliação, emoliência, extração e máscara calmante.',
    category: 'skincare',
    videoUrl: 'https://www.youtube.com/watch?v=pE1LimpPele',
    daysAgo: 2,
    sections: [
      {
        title: 'Preparação',
        text: 'Higienize com sabonete adequado ao tipo de pele e faça a anamnese antes de começar.',
      },
      {
        title: 'Extração',
        text: 'Use luvas, gaze e movimentos suaves; evite pressionar lesões inflamadas.',
      },
      {
        title: 'Finalização',
        text: 'Aplique máscara calmante e protetor solar. Oriente a cliente sobre os cuidados em casa.',
      },
    ],
  },
  {
    title: 'Peeling químico: indicações e contraindicações',
    description:
      'Como escolher o ácido certo, avaliar o fototipo e orientar a cliente antes e depois do peeling.',
    category: 'skincare',
    videoUrl: 'https://youtu.be/pE2PeelingQ',
    daysAgo: 9,
    sections: [
      {
        title: 'Indicações',
        text: 'Manchas, linhas finas, acne ativa leve e textura irregular.',
      },
      {
        title: 'Contraindicações',
        text: 'Gestantes, pele com lesões abertas, uso recente de isotretinoína e exposição solar intensa.',
      },
    ],
  },
  {
    title: 'Drenagem linfática corporal',
    description:
      'Sequência de manobras da drenagem linfática manual, pressão adequada e sentido do fluxo.',
    category: 'body',
    videoUrl: 'https://www.youtube.com/watch?v=pE3Drenagem',
    daysAgo: 4,
    sections: [
      {
        title: 'Evacuação',
        text: 'Comece pelos linfonodos terminais antes de drenar as extremidades.',
      },
      {
        title: 'Captação e reabsorção',
        text: 'Movimentos lentos, rítmicos e com pressão leve, sempre no sentido dos linfonodos.',
      },
    ],
  },
  {
    title: 'Tratamento de gordura localizada',
    description:
      'Combinação de criolipólise, radiofrequência e drenagem para abdômen e flancos, com plano de sessões.',
    category: 'body',
    videoUrl: 'https://www.youtube.com/shorts/pE4Gordura_',
    daysAgo: 16,
    sections: [
      {
        title: 'Avaliação',
        text: 'Registre medidas, fotos e bioimpedância na primeira sessão para acompanhar a evolução.',
      },
      {
        title: 'Plano de sessões',
        text: 'Intercale os protocolos semanalmente e reavalie a cada quatro semanas.',
      },
    ],
  },
  {
    title: 'Radiofrequência: operação segura do equipamento',
    description:
      'Configuração de potência, uso do termômetro e cuidados para evitar queimaduras na radiofrequência.',
    category: 'equipment',
    videoUrl: 'https://www.youtube.com/embed/pE5RadioFrq',
    daysAgo: 6,
    sections: [
      {
        title: 'Antes de ligar',
        text: 'Confira cabos, ponteira e gel condutor; teste a temperatura na sua própria mão.',
      },
      {
        title: 'Durante a sessão',
        text: 'Mantenha a ponteira em movimento e a temperatura da pele entre 40 °C e 42 °C.',
      },
      {
        title: 'Higienização',
        text: 'Limpe a ponteira com álcool 70% e registre a sessão no prontuário.',
      },
    ],
  },
  {
    title: 'Criolipólise: posicionamento da manopla',
    description:
      'Escolha da manopla, proteção com manta anticongelante e massagem pós-procedimento.',
    category: 'equipment',
    videoUrl: 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4',
    daysAgo: 21,
    sections: [
      {
        title: 'Posicionamento',
        text: 'A prega deve preencher a manopla sem tensão excessiva na pele.',
      },
    ],
  },
  {
    title: 'Como apresentar o pacote anual',
    description:
      'Roteiro de apresentação do pacote anual: diagnóstico, proposta de valor e parcelamento em 12 vezes.',
    category: 'sales',
    videoUrl: 'https://www.youtube.com/watch?v=pE7PacoteAn',
    daysAgo: 1,
    sections: [
      {
        title: 'Diagnóstico',
        text: 'Pergunte sobre objetivos, rotina e tratamentos anteriores antes de falar de preço.',
      },
      {
        title: 'Proposta',
        text: 'Mostre o valor avulso, o valor do pacote e a economia gerada.',
      },
      {
        title: 'Fechamento',
        text: 'Apresente o valor mensal e confirme a agenda da primeira sessão.',
      },
      {
        title: 'Pós-venda',
        text: 'Envie o resumo do pacote e o PDF de cuidados no mesmo dia.',
      },
    ],
  },
  {
    title: 'Contorno de objeções de preço',
    description: 'Respostas para as objeções mais comuns sobre preço, tempo e resultado.',
    category: 'sales',
    videoUrl: 'https://youtu.be/pE8Objecoes',
    daysAgo: 12,
    sections: [
      {
        title: '"Está caro"',
        text: 'Compare com o valor avulso das sessões e destaque o acompanhamento incluído.',
      },
      {
        title: '"Vou pensar"',
        text: 'Pergunte o que falta para decidir e ofereça uma sessão de avaliação.',
      },
    ],
  },
  {
    title: 'Biossegurança na clínica',
    description:
      'Higienização de superfícies, descarte de perfurocortantes e uso correto de EPIs no dia a dia.',
    category: 'other',
    videoUrl: 'https://www.youtube.com/watch?v=pE9Biosseg-',
    daysAgo: 30,
    sections: [
      {
        title: 'EPIs',
        text: 'Luvas, máscara e óculos em todo procedimento com risco de respingos.',
      },
      {
        title: 'Descarte',
        text: 'Perfurocortantes em caixa própria, nunca no lixo comum.',
      },
    ],
  },
  {
    title: 'Atendimento humanizado na recepção',
    description:
      'Como receber a cliente, confirmar agendamentos e registrar preferências para a próxima visita.',
    category: 'other',
    videoUrl: null,
    daysAgo: 45,
    sections: [
      {
        title: 'Boas-vindas',
        text: 'Chame a cliente pelo nome e ofereça água ou chá enquanto ela aguarda.',
      },
    ],
  },
];

/** Demo trainings across the five categories, with videos, sections and published dates. */
export async function seedDemoTrainings(tx: AppTx): Promise<void> {
  const now = Date.now();
  for (const demo of DEMO_TRAININGS) {
    await insertTraining(tx, {
      title: demo.title,
      titleKey: normalizeForComparison(demo.title),
      description: demo.description,
      category: demo.category,
      videoUrl: demo.videoUrl,
      publishedAt: new Date(now - demo.daysAgo * DAY_MS),
      contentSections: demo.sections,
      active: true,
      searchText: searchTextOf(demo.title, demo.description),
    });
  }
}
