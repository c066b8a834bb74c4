/**
 * Demo procedures (apps/api/src/db/seed/demo-catalogue.ts) grouped by what they are, written by
 * hand from the catalogue's texts: the expected answers of the assistant tests, independent of
 * the lexicon the server reads.
 */

export const TOXINS = [
  'Toxina Botulínica - Terço Superior',
  'Toxina Botulínica - Full Face',
  'Toxina Botulínica - Bruxismo',
];
export const FILLERS = [
  'Preenchimento Labial',
  'Preenchimento de Olheiras',
  'Preenchimento de Mandíbula',
];
export const THREADS = [
  'Fios de PDO - Lisos',
  'Fios de PDO - Espiculados',
  'Fios de PDO - Sobrancelha',
];
export const NEEDLES = [
  ...TOXINS,
  ...FILLERS,
  ...THREADS,
  'Bioestimulador de Colágeno',
  'Skinbooster',
  'Intradermoterapia Corporal',
  'Aplicação de Enzimas - Abdômen',
  'Lipo de Papada Enzimática',
  'Harmonização Facial',
  'Rinomodelação',
  'Microagulhamento',
  'Radiofrequência Microagulhada',
  'Carboxiterapia',
  'Protocolo Glow Premium',
];
export const BODY_FAT = [
  'Criolipólise - Abdômen',
  'Criolipólise - Flancos',
  'Criolipólise - Culote',
  'Aplicação de Enzimas - Abdômen',
  'Intradermoterapia Corporal',
  'Massagem Modeladora',
];
export const LASERS = ['Laser Lavieen', 'Laser CO2 Fracionado', 'Protocolo Glow Premium'];
export const SPOTS = [
  'Peeling Químico',
  'Peeling de Diamante',
  'Laser Lavieen',
  'Luz Intensa Pulsada',
];
export const WRINKLES = [
  'Laser CO2 Fracionado',
  'Radiofrequência Microagulhada',
  ...TOXINS.slice(0, 2),
  'Skinbooster',
];
/** Pregnancy: no injectables, needles, lasers, light, acids, cold or deep heat. */
export const NOT_IN_PREGNANCY = [
  ...NEEDLES,
  ...LASERS,
  'Luz Intensa Pulsada',
  'Peeling Químico',
  'Criolipólise - Abdômen',
  'Criolipólise - Flancos',
  'Criolipólise - Culote',
  'Criolipólise - Papada',
  'Radiofrequência Facial',
  'Radiofrequência Corporal',
  'Ultrassom Microfocado',
];

/** What each exclusion a client may write must rule out of the demo catalogue. */
export const RULED_OUT_BY: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['sem injetáveis', NEEDLES.filter((n) => !THREADS.includes(n) && n !== 'Microagulhamento')],
  ['sem agulhas', NEEDLES],
  ['nada de agulha', NEEDLES],
  [
    'Não quero toxina botulínica nem preenchimento',
    [...TOXINS, ...FILLERS, 'Harmonização Facial', 'Rinomodelação'],
  ],
  ['sem laser', LASERS],
  ['sem ácidos', ['Peeling Químico']],
  ['nada de enzimas', ['Aplicação de Enzimas - Abdômen', 'Lipo de Papada Enzimática']],
  ['sem fios', THREADS],
  ['evitar luz pulsada', ['Luz Intensa Pulsada']],
  ['não gosto de agulhas', NEEDLES],
  [
    'tenho medo de injeção',
    NEEDLES.filter((n) => !THREADS.includes(n) && n !== 'Microagulhamento'),
  ],
  [
    'é alérgica a ácido hialurônico',
    [
      ...FILLERS,
      'Skinbooster',
      'Hidratação Facial Profunda',
      'Harmonização Facial',
      'Rinomodelação',
      'Protocolo Glow Premium',
    ],
  ],
  ['sem peeling', ['Peeling Químico', 'Peeling de Diamante']],
  ['sem microagulhamento', ['Microagulhamento', 'Radiofrequência Microagulhada']],
  [
    'sem radiofrequência',
    ['Radiofrequência Facial', 'Radiofrequência Corporal', 'Radiofrequência Microagulhada'],
  ],
  [
    'sem criolipólise',
    [
      'Criolipólise - Abdômen',
      'Criolipólise - Flancos',
      'Criolipólise - Culote',
      'Criolipólise - Papada',
    ],
  ],
  ['não quero cirurgia', []],
];
