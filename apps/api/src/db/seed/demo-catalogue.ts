import {
  demoClinicalTraits,
  packageCreateSchema,
  serviceCreateSchema,
  synergyRelationCreateSchema,
  type PackageCreate,
  type ServiceBlock,
} from '@portal/domain';
import type { AppTx } from '../client.ts';
import { packagesService } from '../../modules/catalogue/packages/service.ts';
import { relationsService } from '../../modules/catalogue/services-relations/service.ts';
import { servicesService } from '../../modules/catalogue/services/service.ts';

export interface DemoService {
  name: string;
  block: ServiceBlock;
  value: number;
  cost: number;
  minMargin: number;
  /** 0 = no per-procedure limit. */
  sessions: number;
  description: string;
  mainFunction: string;
  benefits: [string, string, string];
  status?: 'inactive';
}

/*
 * About 40 procedures of a Brazilian clinic, blocks A (entry and facial care) to D (premium).
 * Several names share their first 4 letters (CRIO, TOXI, PREE, PEEL, RADI, FIOS) so the builder
 * shows collapsible groups.
 */
export const DEMO_SERVICES: DemoService[] = [
  // Block A: entry and facial care.
  {
    name: 'Limpeza de Pele Profunda',
    block: 'A',
    value: 180,
    cost: 45,
    minMargin: 30,
    sessions: 6,
    description: 'Higienização, esfoliação e extração de cravos e impurezas com máscara calmante.',
    mainFunction: 'Acne',
    benefits: ['Desobstrui os poros', 'Controla a oleosidade', 'Pele mais uniforme'],
  },
  {
    name: 'Peeling de Diamante',
    block: 'A',
    value: 150,
    cost: 35,
    minMargin: 30,
    sessions: 8,
    description:
      'Microdermoabrasão com ponteira diamantada que renova a camada superficial da pele.',
    mainFunction: 'Manchas',
    benefits: ['Renovação celular', 'Suaviza manchas leves', 'Textura mais lisa'],
  },
  {
    name: 'Peeling Químico',
    block: 'A',
    value: 250,
    cost: 60,
    minMargin: 35,
    sessions: 4,
    description: 'Aplicação de ácidos em concentração controlada para clarear e renovar a pele.',
    mainFunction: 'Manchas',
    benefits: ['Clareia manchas', 'Reduz marcas de acne', 'Estimula colágeno'],
  },
  {
    name: 'Peeling de Cristal',
    block: 'A',
    value: 140,
    cost: 30,
    minMargin: 25,
    sessions: 8,
    description: 'Esfoliação mecânica com microcristais para uma pele mais luminosa.',
    mainFunction: 'Hidratação e viço',
    benefits: ['Pele luminosa', 'Melhora a absorção de ativos', 'Afina a textura'],
    status: 'inactive',
  },
  {
    name: 'Drenagem Linfática',
    block: 'A',
    value: 160,
    cost: 40,
    minMargin: 25,
    sessions: 10,
    description: 'Massagem manual suave que estimula o sistema linfático e reduz o inchaço.',
    mainFunction: 'Celulite',
    benefits: [
      'Reduz retenção de líquidos',
      'Sensação de leveza',
      'Potencializa tratamentos corporais',
    ],
  },
  {
    name: 'Hidratação Facial Profunda',
    block: 'A',
    value: 170,
    cost: 40,
    minMargin: 30,
    sessions: 6,
    description: 'Protocolo com ácido hialurônico de uso tópico e máscara de alta hidratação.',
    mainFunction: 'Hidratação e viço',
    benefits: ['Repõe a água da pele', 'Viço imediato', 'Fortalece a barreira cutânea'],
  },
  {
    name: 'Massagem Modeladora',
    block: 'A',
    value: 170,
    cost: 40,
    minMargin: 25,
    sessions: 10,
    description: 'Manobras vigorosas que ativam a circulação e ajudam a modelar a silhueta.',
    mainFunction: 'Gordura localizada',
    benefits: ['Modela o contorno corporal', 'Ativa a circulação', 'Auxilia na redução de medidas'],
  },
  {
    name: 'Microagulhamento',
    block: 'A',
    value: 390,
    cost: 90,
    minMargin: 35,
    sessions: 4,
    description: 'Microperfurações controladas que induzem a produção de colágeno.',
    mainFunction: 'Acne',
    benefits: ['Atenua cicatrizes de acne', 'Melhora poros dilatados', 'Estimula colágeno'],
  },
  {
    name: 'Revitalização com Vitamina C',
    block: 'A',
    value: 220,
    cost: 55,
    minMargin: 30,
    sessions: 6,
    description: 'Aplicação de vitamina C estabilizada com ativos antioxidantes.',
    mainFunction: 'Hidratação e viço',
    benefits: ['Efeito antioxidante', 'Uniformiza o tom', 'Pele radiante'],
  },
  {
    name: 'LED Terapia Facial',
    block: 'A',
    value: 130,
    cost: 25,
    minMargin: 20,
    sessions: 10,
    description: 'Fototerapia com LEDs azul e vermelho para ação anti-inflamatória e regeneradora.',
    mainFunction: 'Acne',
    benefits: ['Reduz a inflamação da acne', 'Acelera a cicatrização', 'Indolor e sem pausa'],
  },
  {
    name: 'Dermaplaning',
    block: 'A',
    value: 200,
    cost: 40,
    minMargin: 30,
    sessions: 6,
    description: 'Esfoliação com lâmina que remove células mortas e a penugem facial.',
    mainFunction: 'Hidratação e viço',
    benefits: ['Pele macia', 'Maquiagem com melhor acabamento', 'Maior absorção de ativos'],
  },
  // Block B: technology.
  {
    name: 'Radiofrequência Facial',
    block: 'B',
    value: 350,
    cost: 80,
    minMargin: 35,
    sessions: 8,
    description: 'Aquecimento controlado das camadas profundas que contrai e estimula o colágeno.',
    mainFunction: 'Flacidez',
    benefits: ['Firmeza facial', 'Efeito lifting gradual', 'Sem tempo de recuperação'],
  },
  {
    name: 'Radiofrequência Corporal',
    block: 'B',
    value: 380,
    cost: 90,
    minMargin: 35,
    sessions: 10,
    description: 'Radiofrequência para abdômen, braços e coxas com foco em firmeza.',
    mainFunction: 'Flacidez',
    benefits: ['Pele mais firme', 'Melhora o aspecto da celulite', 'Contorno definido'],
  },
  {
    name: 'Radiofrequência Microagulhada',
    block: 'B',
    value: 900,
    cost: 220,
    minMargin: 40,
    sessions: 3,
    description: 'Microagulhas que entregam radiofrequência em profundidade para remodelar a pele.',
    mainFunction: 'Rugas e linhas de expressão',
    benefits: ['Suaviza rugas', 'Reduz poros e cicatrizes', 'Remodelação do colágeno'],
  },
  {
    name: 'Criolipólise - Abdômen',
    block: 'B',
    value: 1200,
    cost: 320,
    minMargin: 35,
    sessions: 3,
    description: 'Resfriamento controlado que elimina células de gordura do abdômen.',
    mainFunction: 'Gordura localizada',
    benefits: ['Reduz a gordura localizada', 'Não invasivo', 'Resultados progressivos'],
  },
  {
    name: 'Criolipólise - Flancos',
    block: 'B',
    value: 1100,
    cost: 300,
    minMargin: 35,
    sessions: 3,
    description: 'Aplicação de criolipólise nos flancos para afinar a cintura.',
    mainFunction: 'Gordura localizada',
    benefits: ['Cintura mais definida', 'Não invasivo', 'Sem tempo de recuperação'],
  },
  {
    name: 'Criolipólise - Culote',
    block: 'B',
    value: 1100,
    cost: 300,
    minMargin: 35,
    sessions: 3,
    description: 'Criolipólise na região lateral das coxas.',
    mainFunction: 'Gordura localizada',
    benefits: ['Reduz o culote', 'Melhora o contorno das coxas', 'Procedimento confortável'],
  },
  {
    name: 'Criolipólise - Papada',
    block: 'B',
    value: 900,
    cost: 250,
    minMargin: 35,
    sessions: 2,
    description: 'Aplicador submentoniano que reduz a gordura da papada.',
    mainFunction: 'Contorno facial',
    benefits: ['Define o ângulo do queixo', 'Reduz a papada', 'Sem cortes'],
  },
  {
    name: 'Ultrassom Microfocado',
    block: 'B',
    value: 2200,
    cost: 600,
    minMargin: 40,
    sessions: 1,
    description: 'Energia ultrassônica focada que promove efeito lifting sem cirurgia.',
    mainFunction: 'Flacidez',
    benefits: ['Efeito lifting', 'Sessão única', 'Resultado por até 1 ano'],
  },
  {
    name: 'Laser Lavieen',
    block: 'B',
    value: 1300,
    cost: 330,
    minMargin: 40,
    sessions: 4,
    description: 'Laser de túlio que melhora textura, poros e manchas (efeito BB Laser).',
    mainFunction: 'Manchas',
    benefits: ['Clareia manchas', 'Reduz poros', 'Pele com efeito glow'],
  },
  {
    name: 'Luz Intensa Pulsada',
    block: 'B',
    value: 450,
    cost: 110,
    minMargin: 35,
    sessions: 5,
    description: 'Luz pulsada de amplo espectro para manchas solares e vasinhos.',
    mainFunction: 'Manchas',
    benefits: ['Atenua manchas solares', 'Reduz vermelhidão', 'Uniformiza o tom'],
  },
  {
    name: 'Endermologia',
    block: 'B',
    value: 220,
    cost: 55,
    minMargin: 30,
    sessions: 10,
    description: 'Sucção e rolos motorizados que mobilizam o tecido e ativam a circulação.',
    mainFunction: 'Celulite',
    benefits: ['Suaviza a celulite', 'Drena o excesso de líquidos', 'Pele mais lisa'],
  },
  {
    name: 'Carboxiterapia',
    block: 'B',
    value: 250,
    cost: 60,
    minMargin: 30,
    sessions: 8,
    description: 'Infusão de gás carbônico medicinal que melhora a oxigenação dos tecidos.',
    mainFunction: 'Olheiras',
    benefits: ['Clareia olheiras vasculares', 'Melhora a circulação', 'Auxilia na celulite'],
  },
  // Block C: injectables.
  {
    name: 'Toxina Botulínica - Terço Superior',
    block: 'C',
    value: 1400,
    cost: 450,
    minMargin: 35,
    sessions: 2,
    description: 'Aplicação na testa, glabela e pés de galinha.',
    mainFunction: 'Rugas e linhas de expressão',
    benefits: ['Suaviza linhas de expressão', 'Previne novas rugas', 'Aspecto descansado'],
  },
  {
    name: 'Toxina Botulínica - Full Face',
    block: 'C',
    value: 2200,
    cost: 700,
    minMargin: 35,
    sessions: 2,
    description: 'Protocolo completo de toxina para o rosto inteiro.',
    mainFunction: 'Rugas e linhas de expressão',
    benefits: ['Rejuvenescimento global', 'Equilíbrio facial', 'Resultado natural'],
  },
  {
    name: 'Toxina Botulínica - Bruxismo',
    block: 'C',
    value: 1500,
    cost: 480,
    minMargin: 30,
    sessions: 2,
    description: 'Aplicação no masseter para aliviar o bruxismo e afinar o rosto.',
    mainFunction: 'Contorno facial',
    benefits: ['Alivia o bruxismo', 'Afina o terço inferior', 'Reduz dores de cabeça'],
  },
  {
    name: 'Preenchimento Labial',
    block: 'C',
    value: 1600,
    cost: 520,
    minMargin: 35,
    sessions: 1,
    description: 'Ácido hialurônico para volume, contorno e hidratação dos lábios.',
    mainFunction: 'Contorno facial',
    benefits: ['Lábios definidos', 'Hidratação profunda', 'Resultado imediato'],
  },
  {
    name: 'Preenchimento de Olheiras',
    block: 'C',
    value: 1800,
    cost: 560,
    minMargin: 35,
    sessions: 1,
    description: 'Ácido hialurônico no sulco lacrimal para corrigir a olheira profunda.',
    mainFunction: 'Olheiras',
    benefits: ['Disfarça olheiras profundas', 'Olhar descansado', 'Resultado imediato'],
  },
  {
    name: 'Preenchimento de Mandíbula',
    block: 'C',
    value: 2400,
    cost: 800,
    minMargin: 35,
    sessions: 1,
    description: 'Projeção e definição do contorno mandibular com ácido hialurônico.',
    mainFunction: 'Contorno facial',
    benefits: ['Mandíbula marcada', 'Perfil harmonioso', 'Efeito lifting'],
  },
  {
    name: 'Bioestimulador de Colágeno',
    block: 'C',
    value: 2600,
    cost: 900,
    minMargin: 40,
    sessions: 3,
    description: 'Injetável que estimula a produção natural de colágeno.',
    mainFunction: 'Flacidez',
    benefits: ['Firmeza duradoura', 'Melhora a qualidade da pele', 'Resultado progressivo'],
  },
  {
    name: 'Skinbooster',
    block: 'C',
    value: 1500,
    cost: 480,
    minMargin: 35,
    sessions: 3,
    description: 'Microinjeções de ácido hialurônico para hidratação profunda.',
    mainFunction: 'Hidratação e viço',
    benefits: ['Hidratação de dentro para fora', 'Viço e luminosidade', 'Suaviza linhas finas'],
  },
  {
    name: 'Intradermoterapia Corporal',
    block: 'C',
    value: 350,
    cost: 80,
    minMargin: 30,
    sessions: 10,
    description: 'Microinjeções de ativos lipolíticos e drenantes no corpo.',
    mainFunction: 'Gordura localizada',
    benefits: ['Reduz medidas', 'Melhora a celulite', 'Ação localizada'],
  },
  {
    name: 'Aplicação de Enzimas - Abdômen',
    block: 'C',
    value: 600,
    cost: 150,
    minMargin: 30,
    sessions: 6,
    description: 'Enzimas injetáveis que quebram a gordura localizada do abdômen.',
    mainFunction: 'Gordura localizada',
    benefits: ['Reduz a gordura localizada', 'Sem cortes', 'Complementa a criolipólise'],
  },
  // Block D: premium.
  {
    name: 'Fios de PDO - Lisos',
    block: 'D',
    value: 2400,
    cost: 700,
    minMargin: 40,
    sessions: 1,
    description: 'Fios absorvíveis que formam uma malha de sustentação e colágeno.',
    mainFunction: 'Flacidez',
    benefits: ['Estimula colágeno', 'Melhora a textura', 'Firmeza gradual'],
  },
  {
    name: 'Fios de PDO - Espiculados',
    block: 'D',
    value: 3800,
    cost: 1200,
    minMargin: 40,
    sessions: 1,
    description: 'Fios com garras que reposicionam os tecidos e promovem lifting.',
    mainFunction: 'Flacidez',
    benefits: ['Efeito lifting imediato', 'Reposiciona o contorno', 'Sem cirurgia'],
  },
  {
    name: 'Fios de PDO - Sobrancelha',
    block: 'D',
    value: 2800,
    cost: 850,
    minMargin: 40,
    sessions: 1,
    description: 'Fios para elevar a cauda da sobrancelha e abrir o olhar.',
    mainFunction: 'Contorno facial',
    benefits: ['Olhar mais aberto', 'Sobrancelha elevada', 'Resultado natural'],
  },
  {
    name: 'Lipo de Papada Enzimática',
    block: 'D',
    value: 2900,
    cost: 900,
    minMargin: 40,
    sessions: 3,
    description: 'Enzimas injetáveis e tecnologia para eliminar a gordura submentoniana.',
    mainFunction: 'Contorno facial',
    benefits: ['Elimina a papada', 'Define o pescoço', 'Sem cortes'],
  },
  {
    name: 'Harmonização Facial',
    block: 'D',
    value: 6500,
    cost: 2200,
    minMargin: 45,
    sessions: 1,
    description: 'Planejamento completo com preenchedores e toxina para equilibrar o rosto.',
    mainFunction: 'Contorno facial',
    benefits: ['Proporção e simetria', 'Realça os traços naturais', 'Plano personalizado'],
  },
  {
    name: 'Rinomodelação',
    block: 'D',
    value: 2500,
    cost: 750,
    minMargin: 40,
    sessions: 1,
    description: 'Correção do dorso e da ponta do nariz com ácido hialurônico.',
    mainFunction: 'Contorno facial',
    benefits: ['Nariz harmonioso', 'Sem cirurgia', 'Resultado imediato'],
  },
  {
    name: 'Protocolo Glow Premium',
    block: 'D',
    value: 4200,
    cost: 1400,
    minMargin: 40,
    sessions: 0,
    description: 'Combinação de Laser Lavieen, Skinbooster e LED em um plano anual.',
    mainFunction: 'Hidratação e viço',
    benefits: ['Pele de vidro', 'Manchas e poros tratados', 'Acompanhamento contínuo'],
  },
  {
    name: 'Laser CO2 Fracionado',
    block: 'D',
    value: 3200,
    cost: 950,
    minMargin: 45,
    sessions: 2,
    description: 'Laser ablativo fracionado para rugas, cicatrizes e renovação intensa.',
    mainFunction: 'Rugas e linhas de expressão',
    benefits: ['Renovação profunda', 'Suaviza rugas e cicatrizes', 'Efeito duradouro'],
  },
];

export interface DemoPackage extends Omit<PackageCreate, 'procedures' | 'restricted_procedures'> {
  /** Manual selection by service name (allow_all_procedures false). */
  allowedNames?: string[];
  restrictedNames?: string[];
  /**
   * The full selection a professional typically sells with this plan (procedure name, sessions):
   * every block at its limit. The price is set so that this selection saves the client 10–25 %
   * against the sessions bought one by one, as clinics price their plans; demo-catalogue.test.ts
   * checks it with the domain's formulas. `discount_percent` is that saving, rounded.
   */
  typicalSelection: Array<[name: string, sessions: number]>;
}

/** Five yearly plans: the builder shows the digits of the name as the package number. */
export const DEMO_PACKAGES: DemoPackage[] = [
  {
    // Facial care: 2.060 standalone for 1.800 (R$ 150,00 a month).
    name: 'Pacote Essencial 1',
    annual_value: 1800,
    discount_percent: 13,
    block_limits: { a: 8, b: 2, c: 0, d: 0 },
    typicalSelection: [
      ['Limpeza de Pele Profunda', 4],
      ['Hidratação Facial Profunda', 2],
      ['Peeling de Diamante', 2],
      ['Radiofrequência Facial', 2],
    ],
  },
  {
    // 3.790 standalone for 3.240 (R$ 270,00 a month).
    name: 'Pacote Bem-Estar 2',
    annual_value: 3240,
    discount_percent: 15,
    block_limits: { a: 6, b: 3, c: 1, d: 0 },
    restrictedNames: ['Ultrassom Microfocado', 'Laser CO2 Fracionado'],
    typicalSelection: [
      ['Limpeza de Pele Profunda', 2],
      ['Hidratação Facial Profunda', 2],
      ['Revitalização com Vitamina C', 2],
      ['Radiofrequência Facial', 2],
      ['Luz Intensa Pulsada', 1],
      ['Skinbooster', 1],
    ],
  },
  {
    // Body contour: 6.500 standalone for 5.400 (R$ 450,00 a month).
    name: 'Pacote Contorno Corporal 3',
    annual_value: 5400,
    discount_percent: 17,
    block_limits: { a: 2, b: 3, c: 1, d: 1 },
    allowedNames: [
      'Drenagem Linfática',
      'Massagem Modeladora',
      'Limpeza de Pele Profunda',
      'Radiofrequência Corporal',
      'Criolipólise - Abdômen',
      'Criolipólise - Flancos',
      'Criolipólise - Culote',
      'Criolipólise - Papada',
      'Endermologia',
      'Intradermoterapia Corporal',
      'Aplicação de Enzimas - Abdômen',
      'Lipo de Papada Enzimática',
    ],
    typicalSelection: [
      ['Drenagem Linfática', 2],
      ['Criolipólise - Abdômen', 1],
      ['Criolipólise - Flancos', 1],
      ['Radiofrequência Corporal', 1],
      ['Aplicação de Enzimas - Abdômen', 1],
      ['Lipo de Papada Enzimática', 1],
    ],
  },
  {
    // Rejuvenation: 17.220 standalone for 14.400 (R$ 1.200,00 a month).
    name: 'Pacote Rejuvenescimento 4',
    annual_value: 14400,
    discount_percent: 16,
    block_limits: { a: 4, b: 3, c: 4, d: 2 },
    typicalSelection: [
      ['Microagulhamento', 2],
      ['Hidratação Facial Profunda', 2],
      ['Radiofrequência Facial', 2],
      ['Ultrassom Microfocado', 1],
      ['Toxina Botulínica - Terço Superior', 2],
      ['Bioestimulador de Colágeno', 2],
      ['Fios de PDO - Lisos', 1],
      ['Fios de PDO - Sobrancelha', 1],
    ],
  },
  {
    // 29.870 standalone for 24.000 (R$ 2.000,00 a month).
    name: 'Pacote Premium 5',
    annual_value: 24000,
    discount_percent: 20,
    status: 'inactive',
    block_limits: { a: 4, b: 4, c: 4, d: 3 },
    typicalSelection: [
      ['Microagulhamento', 2],
      ['Revitalização com Vitamina C', 2],
      ['Ultrassom Microfocado', 1],
      ['Laser Lavieen', 2],
      ['Radiofrequência Facial', 1],
      ['Toxina Botulínica - Full Face', 2],
      ['Bioestimulador de Colágeno', 2],
      ['Harmonização Facial', 1],
      ['Protocolo Glow Premium', 1],
      ['Laser CO2 Fracionado', 1],
    ],
  },
];

interface DemoRelation {
  first: string;
  second: string;
  category: string;
  boost: number;
  rationale: string;
  narrative: string;
}

const DEMO_RELATIONS: DemoRelation[] = [
  {
    first: 'Criolipólise - Abdômen',
    second: 'Drenagem Linfática',
    category: 'gordura_localizada',
    boost: 15,
    rationale: 'A drenagem acelera a eliminação das células de gordura destruídas pelo frio.',
    narrative:
      'Depois da criolipólise, sessões de drenagem ajudam o corpo a eliminar a gordura tratada e reduzem o inchaço.',
  },
  {
    first: 'Criolipólise - Flancos',
    second: 'Massagem Modeladora',
    category: 'gordura_localizada',
    boost: 10,
    rationale: 'A massagem ativa a circulação e complementa a redução de medidas.',
    narrative:
      'A combinação afina a cintura: o frio reduz a gordura e a massagem modela o contorno.',
  },
  {
    first: 'Criolipólise - Culote',
    second: 'Endermologia',
    category: 'gordura_localizada',
    boost: 12,
    rationale: 'A endermologia mobiliza o tecido e melhora a textura da pele na região tratada.',
    narrative:
      'Culote reduzido e pele mais lisa: a endermologia potencializa o resultado da criolipólise.',
  },
  {
    first: 'Ultrassom Microfocado',
    second: 'Bioestimulador de Colágeno',
    category: 'flacidez',
    boost: 20,
    rationale:
      'O ultrassom contrai as camadas profundas e o bioestimulador reforça o colágeno na derme.',
    narrative:
      'Lifting sem cirurgia que atua em duas camadas: sustentação profunda e qualidade da pele.',
  },
  {
    first: 'Radiofrequência Facial',
    second: 'Fios de PDO - Lisos',
    category: 'flacidez',
    boost: 18,
    rationale: 'O calor da radiofrequência potencializa o colágeno induzido pelos fios.',
    narrative:
      'Os fios criam a malha de sustentação e a radiofrequência mantém a firmeza ao longo do ano.',
  },
  {
    first: 'Radiofrequência Corporal',
    second: 'Intradermoterapia Corporal',
    category: 'flacidez',
    boost: 10,
    rationale: 'Firmeza da radiofrequência somada à ação lipolítica dos ativos injetados.',
    narrative: 'Corpo mais firme e com menos medidas combinando tecnologia e ativos.',
  },
  {
    first: 'Toxina Botulínica - Terço Superior',
    second: 'Skinbooster',
    category: 'rejuvenescimento',
    boost: 15,
    rationale:
      'A toxina relaxa as rugas dinâmicas e o skinbooster hidrata e trata as linhas finas.',
    narrative: 'Expressão descansada e pele hidratada: o rejuvenescimento fica natural e completo.',
  },
  {
    first: 'Preenchimento de Olheiras',
    second: 'Carboxiterapia',
    category: 'rejuvenescimento',
    boost: 12,
    rationale:
      'O preenchimento corrige a profundidade e a carboxiterapia clareia a pigmentação vascular.',
    narrative: 'Olheiras tratadas na forma e na cor para um olhar mais descansado.',
  },
  {
    first: 'Peeling Químico',
    second: 'Luz Intensa Pulsada',
    category: 'manchas',
    boost: 14,
    rationale: 'O peeling renova a superfície e a luz pulsada atinge o pigmento mais profundo.',
    narrative: 'Manchas tratadas em diferentes profundidades para um tom uniforme.',
  },
  {
    first: 'Limpeza de Pele Profunda',
    second: 'LED Terapia Facial',
    category: 'acne',
    boost: 10,
    rationale: 'A limpeza desobstrui os poros e o LED azul reduz a bactéria da acne.',
    narrative: 'Pele limpa e com menos inflamação, sessão após sessão.',
  },
  {
    first: 'Endermologia',
    second: 'Carboxiterapia',
    category: 'celulite',
    boost: 16,
    rationale: 'Ambas melhoram a circulação local, atacando a causa da celulite.',
    narrative: 'Celulite suavizada com circulação ativada e tecido mais oxigenado.',
  },
  {
    first: 'Lipo de Papada Enzimática',
    second: 'Harmonização Facial',
    category: 'contorno_facial',
    boost: 20,
    rationale: 'Sem a papada, a harmonização define melhor o contorno da mandíbula.',
    narrative: 'Contorno facial completo: papada eliminada e traços equilibrados.',
  },
];

/**
 * The demo catalogue: services, packages and synergy relations, created through each module's
 * service (so the seed obeys the same rules as the API) inside the caller's transaction.
 */
/** Techniques and ingredients of the demo procedures, held against clients' allergies (issue 13). */
const DEMO_TRAITS: Record<string, string[]> = {
  'Limpeza de Pele Profunda': ['extração manual', 'vapor de ozônio'],
  'Peeling de Diamante': ['abrasão mecânica'],
  'Peeling Químico': ['ácidos', 'ácido glicólico'],
  'Peeling de Cristal': ['abrasão mecânica', 'óxido de alumínio'],
  'Drenagem Linfática': ['massagem manual'],
  'Hidratação Facial Profunda': ['ácido hialurônico tópico', 'máscara'],
  'Massagem Modeladora': ['massagem manual'],
  Microagulhamento: ['agulha', 'anestésico tópico', 'látex'],
  'Revitalização com Vitamina C': ['vitamina C', 'ácidos'],
  'LED Terapia Facial': ['luz LED'],
  Dermaplaning: ['lâmina'],
  'Radiofrequência Facial': ['radiofrequência', 'calor'],
  'Radiofrequência Corporal': ['radiofrequência', 'calor'],
  'Radiofrequência Microagulhada': ['radiofrequência', 'agulha', 'anestésico tópico'],
  'Criolipólise - Abdômen': ['frio intenso', 'vácuo'],
  'Criolipólise - Flancos': ['frio intenso', 'vácuo'],
  'Criolipólise - Culote': ['frio intenso', 'vácuo'],
  'Criolipólise - Papada': ['frio intenso', 'vácuo'],
  'Ultrassom Microfocado': ['ultrassom', 'calor'],
  'Laser Lavieen': ['laser', 'calor'],
  'Luz Intensa Pulsada': ['luz pulsada', 'calor'],
  Endermologia: ['vácuo', 'massagem mecânica'],
  Carboxiterapia: ['injetável', 'agulha', 'gás carbônico'],
  'Toxina Botulínica - Terço Superior': ['injetável', 'agulha', 'toxina botulínica'],
  'Toxina Botulínica - Full Face': ['injetável', 'agulha', 'toxina botulínica'],
  'Toxina Botulínica - Bruxismo': ['injetável', 'agulha', 'toxina botulínica'],
  'Preenchimento Labial': ['injetável', 'agulha', 'ácido hialurônico', 'lidocaína'],
  'Preenchimento de Olheiras': ['injetável', 'cânula', 'ácido hialurônico', 'lidocaína'],
  'Preenchimento de Mandíbula': ['injetável', 'cânula', 'ácido hialurônico', 'lidocaína'],
  'Bioestimulador de Colágeno': ['injetável', 'cânula', 'ácido polilático'],
  Skinbooster: ['injetável', 'agulha', 'ácido hialurônico'],
  'Intradermoterapia Corporal': ['injetável', 'agulha'],
  'Aplicação de Enzimas - Abdômen': ['injetável', 'agulha', 'enzimas'],
  'Fios de PDO - Lisos': ['agulha', 'fios de polidioxanona', 'anestésico local'],
  'Fios de PDO - Espiculados': ['agulha', 'fios de polidioxanona', 'anestésico local'],
  'Fios de PDO - Sobrancelha': ['agulha', 'fios de polidioxanona', 'anestésico local'],
  'Lipo de Papada Enzimática': ['injetável', 'agulha', 'enzimas'],
  'Harmonização Facial': ['injetável', 'agulha', 'ácido hialurônico', 'toxina botulínica', 'látex'],
  Rinomodelação: ['injetável', 'ácido hialurônico'],
  'Protocolo Glow Premium': ['ácidos', 'luz LED', 'ácido hialurônico tópico'],
  'Laser CO2 Fracionado': ['laser', 'calor', 'anestésico tópico'],
};

export async function seedDemoCatalogue(tx: AppTx): Promise<void> {
  const idByName = new Map<string, number>();
  for (const demo of DEMO_SERVICES) {
    const created = await servicesService.create(
      tx,
      serviceCreateSchema.parse({
        name: demo.name,
        description: demo.description,
        block: demo.block,
        value: demo.value,
        cost: demo.cost,
        min_margin_percent: demo.minMargin,
        session_limit: demo.sessions,
        status: demo.status ?? 'active',
        benefits: {
          main_function: demo.mainFunction,
          benefit1: demo.benefits[0],
          benefit2: demo.benefits[1],
          benefit3: demo.benefits[2],
        },
        traits: DEMO_TRAITS[demo.name] ?? [],
        // Issue 26: the clinical check's traits, sourced in packages/domain (demo-traits.ts).
        clinical_traits: demoClinicalTraits(demo.name),
      }),
    );
    idByName.set(demo.name, created.id);
  }
  const idOf = (name: string): number => {
    const id = idByName.get(name);
    if (id === undefined) throw new Error(`demo service ${name} missing`);
    return id;
  };

  for (const {
    allowedNames,
    restrictedNames,
    typicalSelection: _typical,
    ...demo
  } of DEMO_PACKAGES) {
    await packagesService.create(
      tx,
      packageCreateSchema.parse({
        ...demo,
        allow_all_procedures: allowedNames === undefined,
        procedures: allowedNames?.map(idOf) ?? [],
        restricted_procedures: restrictedNames?.map(idOf) ?? [],
      }),
    );
  }

  for (const relation of DEMO_RELATIONS) {
    await relationsService.create(
      tx,
      synergyRelationCreateSchema.parse({
        service_id_1: idOf(relation.first),
        service_id_2: idOf(relation.second),
        category: relation.category,
        boost_percent: relation.boost,
        rationale: relation.rationale,
        base_narrative: relation.narrative,
      }),
    );
  }
}
