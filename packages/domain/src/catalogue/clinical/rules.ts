import type { AllergenCode } from './allergens.ts';
import type { ConditionCode } from './conditions.ts';
import type { ClinicalSourceId } from './sources.ts';
import { TECHNIQUES, type Technique } from './traits.ts';

/**
 * The rules condition × technique (issue 26; design section 13), one row per group of
 * techniques sharing a grade, a rationale and sources. Grades, strongest first:
 *   A  contraindicated by a label, IFU, consensus or reference text: never recommended;
 *   P  conservative policy block (no formal contraindication, but sources say postpone or
 *      safety is not established and harm matters): treated as A, with "adiar" wording;
 *   R  relative: not recommended on its own, shown only with a strong warning;
 *   C  caution: may be recommended, with a warning or a schedule change.
 * A and P are `absolute` in the check's answer, R and C `relative`. Where sources disagree the
 * more restrictive one is kept (a Brazilian leaflet over a US label). `area` rules apply only when
 * the procedure acts where the condition is (herpes on the lip does not block the belly).
 */

export type ClinicalFinding = ConditionCode | AllergenCode;
export type RuleGrade = 'A' | 'P' | 'R' | 'C';
export type ClinicalSeverity = 'absolute' | 'relative';

export const GRADE_SEVERITY: Record<RuleGrade, ClinicalSeverity> = {
  A: 'absolute',
  P: 'absolute',
  R: 'relative',
  C: 'relative',
};

/**
 * Narrower cases inside one technique: a superficial glycolic peel in pregnancy, a medium peel
 * on isotretinoin, Dysport (milk protein) among toxins, toxin reaching the neck.
 */
export type RuleQualifier =
  | 'superficial_glycolic_peel'
  | 'not_superficial_glycolic_peel'
  | 'superficial_peel'
  | 'medium_peel'
  | 'dysport'
  | 'brand_unknown'
  | 'neck';

export interface ClinicalRule {
  finding: ClinicalFinding;
  grade: RuleGrade;
  techniques: readonly Technique[];
  /** One line, pt-BR, shown to the professional. */
  rationale: string;
  sources: readonly ClinicalSourceId[];
  scope: 'sistemica' | 'area';
  qualifier?: RuleQualifier;
}

function rule(
  finding: ClinicalFinding,
  grade: RuleGrade,
  techniques: string,
  rationale: string,
  sources: readonly ClinicalSourceId[],
  scope: 'sistemica' | 'area' = 'sistemica',
  qualifier?: RuleQualifier,
): ClinicalRule {
  const codes = techniques.split(/\s+/).filter(Boolean);
  for (const code of codes) {
    if (!(TECHNIQUES as readonly string[]).includes(code)) {
      throw new Error(`unknown technique ${code} in a ${finding} rule`);
    }
  }
  const base = { finding, grade, techniques: codes as Technique[], rationale, sources, scope };
  return qualifier ? { ...base, qualifier } : base;
}

const ALL_BUT_ANE_HID =
  'TOX AH BIO ENZ FIO MES CARB MAG RFM LAB LNA LIP LED RF HIFU CRIO ELE ACI MEC MAN MOD VAC';

export const CLINICAL_RULES: readonly ClinicalRule[] = [
  // Pregnancy, breastfeeding, trying to conceive.
  // One rule per technique, so a card reads only its own procedure's reason.
  rule(
    'GESTACAO',
    'A',
    'TOX',
    'A bula brasileira da toxina botulínica contraindica o uso na gestação.',
    ['L-BOTULIM', 'L-DYSPORT'],
  ),
  rule(
    'GESTACAO',
    'A',
    'HIFU',
    'O consenso de ultrassom microfocado contraindica o tratamento na gestação.',
    ['C-MFUV'],
  ),
  rule(
    'GESTACAO',
    'A',
    'CRIO',
    'O fabricante da criolipólise contraindica o tratamento na gestação.',
    ['D-CS'],
  ),
  rule(
    'GESTACAO',
    'P',
    'AH BIO ENZ FIO MES CARB MAG RFM LAB LNA LIP RF ELE VAC MOD',
    'Eletivo sem dados de segurança na gestação: revisões (inclusive da SBD) mandam adiar até depois do parto.',
    [
      'C-GONTIJO',
      'C-LEE2013',
      'L-JUV',
      'L-SCULP',
      'L-KYB',
      'D-EMS',
      'D-INMODE',
      'S-IPL-TRAIN',
      'S-CARB',
    ],
  ),
  rule(
    'GESTACAO',
    'P',
    'ACI',
    'Ácido salicílico, TCA e retinoides devem ser evitados na gestação; vale para peeling sem o ácido identificado.',
    ['C-TRIVEDI', 'S-PEEL'],
    'sistemica',
    'not_superficial_glycolic_peel',
  ),
  rule(
    'GESTACAO',
    'R',
    'ACI',
    'Peeling superficial de ácido glicólico é considerado seguro na gestação, só com aval do profissional e do obstetra.',
    ['C-TRIVEDI'],
    'sistemica',
    'superficial_glycolic_peel',
  ),
  rule(
    'GESTACAO',
    'R',
    'MAN',
    'Drenagem: evitar no 1º trimestre e sobre o abdome; depois, com profissional capacitado.',
    ['S-MLD', 'S-BRGEST'],
  ),
  rule(
    'GESTACAO',
    'R',
    'LED MEC ANE',
    'Sem dados na gestação; pele gestante mais reativa a manchas; anestésico tópico pede cautela em bula.',
    ['S-BRGEST', 'L-EMLA', 'S-MICRODERM'],
  ),
  rule(
    'LACTACAO',
    'A',
    'TOX',
    'Bula brasileira contraindica toxina em lactantes; a do Dysport também.',
    ['L-BOTULIM', 'L-DYSPORT'],
  ),
  rule(
    'LACTACAO',
    'P',
    'CARB',
    'Consentimento de carboxiterapia lista a amamentação como contraindicação.',
    ['S-CARB'],
  ),
  rule(
    'LACTACAO',
    'R',
    'AH BIO ENZ FIO MES MAG RFM LAB LNA LIP RF HIFU CRIO ELE VAC ACI',
    'Rótulos dizem que a segurança na lactação não foi estabelecida; as revisões divergem.',
    ['L-JUV', 'L-RESTY', 'L-SCULP', 'L-KYB', 'D-ULTH', 'D-CS', 'C-TRIVEDI'],
  ),
  rule(
    'TENTANTE',
    'R',
    'TOX',
    'A bula brasileira lista mulheres potencialmente férteis entre as contraindicações da toxina.',
    ['L-BOTULIM'],
  ),
  rule(
    'TENTANTE',
    'C',
    'AH BIO ENZ FIO CARB LAB LNA LIP RF RFM HIFU CRIO ELE ACI',
    'Confirmar que não está grávida antes; segurança não estabelecida para quem deseja engravidar.',
    ['L-RESTY', 'D-CS'],
  ),
  // Implants.
  rule(
    'CIED',
    'A',
    'RF RFM ELE',
    'Interferência eletromagnética em marca-passo/implante eletrônico: contraindicado em rótulo e consenso cardiológico.',
    ['D-EMS', 'D-INMODE', 'C-EHRA', 'D-TEMPSURE'],
  ),
  rule(
    'CIED',
    'A',
    'HIFU',
    'Ultrassom microfocado é contraindicado com marca-passo ou implante eletrônico na área.',
    ['D-ULTH'],
    'area',
  ),
  rule(
    'CIED',
    'R',
    'LIP CRIO VAC',
    'Implante eletrônico: só com liberação escrita do cardiologista.',
    ['S-IPL-CLINIC', 'D-CS'],
  ),
  rule(
    'CIED',
    'C',
    'MAN LAB LNA LED CARB',
    'Sem interferência elétrica esperada; a doença cardíaca de base pede cuidado.',
    ['S-MLD'],
  ),
  rule(
    'IMPLANTE_METAL',
    'A',
    'RF RFM HIFU',
    'Não aplicar energia sobre implante metálico (placas, parafusos, implante dentário) na área.',
    ['D-ULTH', 'D-INMODE'],
    'area',
  ),
  rule(
    'IMPLANTE_METAL',
    'R',
    'ELE LIP',
    'Corrente elétrica e luz pulsada sobre pinos ou placas pedem avaliação.',
    ['D-EMS', 'S-IPL-CLINIC'],
    'area',
  ),
  rule(
    'IMPLANTE_METAL',
    'C',
    'CRIO LAB',
    'Sem contraindicação específica encontrada; avisar o profissional.',
    ['POLICY'],
    'area',
  ),
  rule(
    'IMPLANTE_MAMA',
    'A',
    'HIFU',
    'Ultrassom microfocado não deve ser aplicado sobre implante mamário.',
    ['D-ULTH'],
    'area',
  ),
  rule(
    'IMPLANTE_MAMA',
    'R',
    'RF RFM CRIO ELE',
    'Implante na área pede avaliação antes de energia ou frio.',
    ['POLICY'],
    'area',
  ),
  rule(
    'DIU_COBRE',
    'R',
    'RF ELE',
    'Fontes divergem sobre calor/corrente com DIU de cobre: avaliar antes de tratar abdome ou pelve.',
    ['C-IUD'],
    'area',
  ),
  // Isotretinoin.
  rule(
    'ISOTRETINOINA',
    'A',
    'LAB',
    'Fabricante contraindica laser CO2 com isotretinoína nos últimos 6 a 12 meses.',
    ['D-LUMENIS', 'C-SPRING', 'C-ASDS-ISO'],
  ),
  rule(
    'ISOTRETINOINA',
    'A',
    'RFM',
    'Fabricante da radiofrequência microagulhada contraindica isotretinoína nos 6 meses anteriores.',
    ['D-INMODE'],
  ),
  rule(
    'ISOTRETINOINA',
    'A',
    'ACI',
    'Peeling médio ou profundo não é coberto pelo consenso que libera o superficial: não fazer com isotretinoína.',
    ['C-SPRING', 'C-ASDS-ISO'],
    'sistemica',
    'medium_peel',
  ),
  rule(
    'ISOTRETINOINA',
    'R',
    'ACI',
    'Bula da isotretinoína pede 6 meses; consensos de 2017 não veem evidência para adiar o peeling superficial.',
    ['C-SPRING', 'C-ASDS-ISO'],
    'sistemica',
    'superficial_peel',
  ),
  rule(
    'ISOTRETINOINA',
    'R',
    'RF LIP LNA MAG MEC',
    'Bula da isotretinoína pede 6 meses; consensos divergem para luz, laser não ablativo e abrasão.',
    ['C-SPRING', 'C-ASDS-ISO', 'S-IPL-CLINIC', 'S-MICRODERM', 'D-INMODE'],
  ),
  rule(
    'ISOTRETINOINA',
    'C',
    'TOX AH BIO ENZ FIO HIFU LED',
    'Pele fina, ressecada e mais sensível ao sol durante o uso.',
    ['BR-ROACUTAN', 'C-SPRING'],
  ),
  // Bleeding.
  rule(
    'ANTICOAG',
    'R',
    'AH BIO ENZ FIO MES CARB MAG RFM LAB HIFU CRIO VAC',
    'Anticoagulante aumenta hematoma e sangramento; a decisão sobre o remédio é só do médico que o prescreveu.',
    ['L-KYB', 'L-RESTY', 'L-SCULP', 'D-ULTH', 'D-CS', 'S-PDO', 'S-MN-CLINIC', 'S-ASDS-CAHA'],
  ),
  rule(
    'ANTICOAG',
    'C',
    'TOX LIP LNA RF ELE MAN MOD ACI MEC',
    'Roxo mais provável com anticoagulante; avisar o cliente.',
    ['S-IPL-CLINIC', 'D-EMS'],
  ),
  rule(
    'ANTIAGREGANTE',
    'C',
    'TOX AH BIO ENZ FIO MES CARB MAG RFM LAB HIFU CRIO VAC',
    'Mais roxo e hematoma; a decisão sobre AAS ou anti-inflamatório é só do médico que o prescreveu.',
    ['L-JUV', 'L-RESTY', 'L-KYB', 'S-ASDS-CAHA'],
  ),
  rule(
    'COAGULOPATIA',
    'A',
    'BIO RFM',
    'Bioestimulador (hidroxiapatita) e radiofrequência microagulhada contraindicam distúrbio de sangramento.',
    ['L-RAD', 'D-INMODE'],
  ),
  rule(
    'COAGULOPATIA',
    'P',
    'AH ENZ FIO MAG CARB VAC',
    'Distúrbio de sangramento: segurança não estabelecida ou contraindicado em IFU; adiar até liberação médica.',
    ['L-HA-EU', 'L-RESTY', 'L-KYB', 'S-PDO', 'S-MN-CLINIC', 'S-CARB', 'S-ENDERMO'],
  ),
  rule(
    'COAGULOPATIA',
    'R',
    'TOX MES LAB LIP HIFU CRIO ELE MOD MAN',
    'Distúrbio de sangramento: não avaliado ou cautela nos manuais.',
    ['D-ULTH', 'D-CS', 'D-EMS'],
  ),
  // Scarring, metabolism, infection.
  rule(
    'QUELOIDE',
    'A',
    'BIO LAB RFM',
    'História de queloide contraindica bioestimulador (PLLA), laser CO2 e radiofrequência microagulhada.',
    ['L-SCULP', 'D-LUMENIS', 'D-INMODE'],
  ),
  rule(
    'QUELOIDE',
    'R',
    'FIO MAG LIP LNA ACI AH HIFU',
    'Queloide pode se formar após agulha, fio, luz ou peeling; avaliar antes.',
    ['L-RESTY', 'L-JUV', 'D-ULTH', 'S-PDO', 'S-MN-CLINIC', 'S-IPL-TRAIN', 'S-PEEL'],
  ),
  rule(
    'DIABETES',
    'R',
    'RFM MAG CARB HIFU CRIO',
    'Diabetes: cicatrização e sensibilidade alteradas; fabricantes pedem controle glicêmico e avaliação.',
    ['D-INMODE', 'D-ULTH', 'S-MN-CLINIC', 'S-CARB', 'D-CS'],
  ),
  rule(
    'DIABETES',
    'C',
    'AH BIO FIO LAB LIP ACI VAC MAN',
    'Cicatrização mais lenta e mais risco de infecção.',
    ['L-RAD', 'S-IPL-CLINIC'],
  ),
  rule(
    'HERPES_ATIVO',
    'A',
    'TOX AH BIO FIO MES CARB MAG RFM LAB LNA LIP RF HIFU ACI MEC',
    'Lesão ativa no local: rótulos mandam não aplicar até cicatrizar.',
    ['L-BOTOXC', 'L-RESTY', 'L-SCULP', 'D-ULTH', 'D-LUMENIS', 'S-PEEL', 'S-MICRODERM', 'S-HSV'],
    'area',
  ),
  rule('HERPES_ATIVO', 'R', 'LED MAN', 'Evitar manipular a lesão de herpes.', ['POLICY'], 'area'),
  rule(
    'HERPES_RECORRENTE',
    'C',
    'AH LAB LNA LIP RFM MAG ACI',
    'Agulha, laser ou peeling perto da boca reativam herpes; o profissional avalia profilaxia.',
    ['S-HSV', 'S-CO2', 'S-PEEL', 'D-INMODE', 'L-RESTY'],
    'area',
  ),
  rule(
    'AUTOIMUNE',
    'R',
    'AH BIO FIO ENZ MAG RFM LAB LNA HIFU ACI LIP',
    'Doença autoimune: fontes divergem (um IFU contraindica, revisões não); só com doença estável e liberação.',
    ['L-JUV', 'L-HA-EU', 'C-AUTOIM', 'D-ULTH', 'L-SCULP', 'S-PDO', 'BR-UOL-2024', 'S-IPL-CLINIC'],
  ),
  rule(
    'AUTOIMUNE',
    'C',
    'TOX CRIO RF',
    'Sem contraindicação em rótulo; imprensa brasileira com médicos cita autoimunes para toxina.',
    ['BR-UOL-2025'],
  ),
  rule(
    'LUPUS',
    'A',
    'LIP',
    'Doença agravada pela luz (lúpus, porfiria) contraindica luz intensa pulsada.',
    ['S-IPL-TRAIN', 'D-HOMEIPL'],
  ),
  rule(
    'LUPUS',
    'R',
    'LAB LNA LED AH BIO FIO MAG RFM HIFU ACI',
    'Fotossensibilidade e doença autoimune: avaliar antes de luz, laser ou injetáveis.',
    ['S-LIGHTTHER', 'L-JUV', 'C-AUTOIM'],
  ),
  rule(
    'EPILEPSIA',
    'R',
    'LIP ELE CARB HIFU RF RFM',
    'Flashes e corrente podem desencadear crise; manuais pedem precaução.',
    ['S-IPL-CLINIC', 'D-HOMEIPL', 'D-EMS', 'S-CARB', 'D-ULTH', 'D-INMODE'],
  ),
  rule(
    'EPILEPSIA',
    'C',
    'AH LED',
    'Preenchedor com lidocaína pede que a epilepsia seja informada.',
    ['L-JUV'],
  ),
  rule(
    'CANCER',
    'A',
    'RFM RF ELE',
    'Câncer: manual de radiofrequência e rótulo de estimulador elétrico contraindicam.',
    ['D-INMODE', 'D-EMS'],
  ),
  rule(
    'CANCER',
    'P',
    'TOX AH BIO ENZ FIO MES CARB MAG LAB LNA LIP HIFU CRIO VAC MOD',
    'Eletivo durante tratamento oncológico só com liberação do oncologista.',
    ['S-IPL-CLINIC', 'S-MN-CLINIC', 'S-PDO', 'S-CARB', 'S-ENDERMO', 'L-RESTY', 'L-SCULP'],
  ),
  rule(
    'CANCER',
    'R',
    'MAN',
    'Drenagem no câncer ativo: fontes divergem; só com liberação escrita.',
    ['C-FOLDI', 'S-MLD'],
  ),
  rule(
    'CANCER',
    'R',
    'ACI MEC LED',
    'Pele e imunidade alteradas pelo tratamento; liberar com o médico.',
    ['POLICY'],
  ),
  rule(
    'INFECCAO_AREA',
    'A',
    'TOX AH BIO ENZ FIO MES CARB MAG RFM LAB LNA LIP RF HIFU ELE ACI MEC MAN MOD VAC',
    'Infecção ou inflamação ativa no local é contraindicação de rótulo: tratar depois de curada.',
    [
      'L-BOTOXC',
      'L-DYSPORT',
      'L-XEOMIN',
      'L-KYB',
      'L-RESTY',
      'L-SCULP',
      'L-RAD',
      'D-ULTH',
      'D-LUMENIS',
      'D-TEMPSURE',
      'D-EMS',
      'C-FOLDI',
    ],
    'area',
  ),
  rule(
    'INFECCAO_AREA',
    'P',
    'CRIO',
    'Ferida ou lesão infectada sob o aplicador: não estudado, adiar.',
    ['D-CS'],
    'area',
  ),
  rule(
    'INFECCAO_AREA',
    'C',
    'HID',
    'Produto sobre lesão ativa: avaliar a pele antes.',
    ['POLICY'],
    'area',
  ),
  rule(
    'INFECCAO_AREA',
    'C',
    'LED',
    'LED é usado justamente em acne inflamatória; avisar.',
    ['C-PBM'],
    'area',
  ),
  // Allergies.
  rule(
    'ALERGIA_ANEST',
    'A',
    'ANE',
    'Alergia a anestésico tipo amida contraindica lidocaína no produto e creme anestésico.',
    ['L-EMLA', 'L-JUV', 'L-RESTY', 'L-RAD'],
  ),
  rule(
    'ALERGIA_ANEST',
    'R',
    'AH BIO FIO ENZ MAG RFM LAB HIFU',
    'Só com produto e protocolo sem lidocaína nem creme anestésico, confirmado pelo profissional.',
    ['L-JUV', 'L-RAD'],
  ),
  rule(
    'ALERGIA_OVO',
    'C',
    'TOX',
    'A albumina das toxinas é humana, não de ovo: não é contraindicação de bula, só avisar.',
    ['L-BOTOXBR', 'L-BOTULIM', 'L-DYSPORT', 'BR-MITO-OVO'],
  ),
  rule(
    'ALERGIA_ALBUMINA_HUM',
    'A',
    'TOX',
    'Hipersensibilidade a componente (albumina humana) ou reação prévia contraindica toda toxina.',
    ['L-BOTOXC', 'L-BOTULIM', 'L-DYSPORT', 'L-XEOMIN'],
  ),
  rule(
    'ALERGIA_LEITE',
    'A',
    'TOX',
    'Dysport pode conter proteína do leite de vaca: contraindicado em alergia à proteína do leite.',
    ['L-DYSPORT'],
    'sistemica',
    'dysport',
  ),
  rule(
    'ALERGIA_LEITE',
    'R',
    'TOX',
    'Marca da toxina não informada: confirmar que não é Dysport (proteína do leite).',
    ['L-DYSPORT'],
    'sistemica',
    'brand_unknown',
  ),
  rule('ALERGIA_LATEX', 'C', ALL_BUT_ANE_HID, 'Usar luvas e materiais sem látex.', ['POLICY']),
  rule(
    'ALERGIA_AH',
    'A',
    'AH',
    'Hipersensibilidade ao ácido hialurônico ou reação prévia a preenchedor contraindica o produto.',
    ['L-JUV', 'L-RESTY'],
  ),
  rule(
    'ALERGIA_AH',
    'R',
    'BIO',
    'Reação prévia a outro preenchedor pede avaliação antes de bioestimulador.',
    ['L-JUV', 'L-RAD', 'L-SCULP'],
  ),
  rule(
    'ANAFILAXIA',
    'A',
    'AH BIO',
    'Anafilaxia ou múltiplas alergias graves contraindicam preenchedores de ácido hialurônico e hidroxiapatita.',
    ['L-JUV', 'L-RESTY', 'L-RAD'],
  ),
  rule(
    'ANAFILAXIA',
    'R',
    'TOX ENZ MES ANE',
    'Hipersensibilidade grave prévia: avaliar os componentes antes.',
    ['L-BOTOXC'],
  ),
  rule(
    'ALERGIA_ABELHA',
    'R',
    'AH',
    'A hialuronidase que dissolve o preenchedor tem reação cruzada com veneno de abelha/vespa.',
    ['C-HYAL'],
  ),
  rule(
    'ALERGIA_METAL',
    'R',
    'MAG RFM',
    'Alergia a metal aumenta o risco de reação ao microagulhamento.',
    ['C-CHU-MN'],
  ),
  rule(
    'ALERGIA_METAL',
    'C',
    'RF ELE FIO',
    'Ponteiras e eletrodos metálicos (alergia a ouro citada em manual).',
    ['D-TEMPSURE'],
  ),
  // Neuromuscular and medication.
  rule(
    'MIASTENIA',
    'A',
    'TOX',
    'Doença neuromuscular contraindica toxina: risco de dificuldade para engolir e respirar.',
    ['L-BOTULIM', 'L-BOTOXC', 'L-DYSPORT'],
  ),
  rule(
    'AMINOGLICOSIDEO',
    'R',
    'TOX',
    'Aminoglicosídeos potencializam a toxina; combinar a data com o médico que prescreveu o antibiótico.',
    ['L-DYSPORT', 'C-BDJ', 'S-SHARECARE-BOTOX'],
  ),
  rule(
    'DISFAGIA',
    'A',
    'ENZ',
    'Ácido desoxicólico na papada: evitar com dificuldade para engolir atual ou prévia.',
    ['L-KYB'],
    'area',
  ),
  rule(
    'DISFAGIA',
    'R',
    'TOX',
    'Toxina no pescoço: a difusão pode agravar a dificuldade para engolir.',
    ['L-BOTOXC'],
    'area',
    'neck',
  ),
  // Cold, hernia, sun, skin.
  rule(
    'DOENCA_FRIO',
    'A',
    'CRIO',
    'Crioglobulinemia, aglutinina fria e hemoglobinúria ao frio contraindicam criolipólise.',
    ['D-CS'],
  ),
  rule(
    'SENSIB_FRIO',
    'R',
    'CRIO',
    'Urticária ao frio, Raynaud ou má circulação: cautela na criolipólise.',
    ['D-CS'],
  ),
  rule(
    'HERNIA',
    'P',
    'CRIO',
    'Criolipólise pode causar ou piorar hérnia na área.',
    ['D-CS'],
    'area',
  ),
  rule(
    'HERNIA',
    'R',
    'ELE VAC MOD',
    'Contração, sucção ou massagem vigorosa sobre hérnia pedem avaliação.',
    ['POLICY'],
    'area',
  ),
  rule(
    'BRONZEADO',
    'A',
    'LIP LAB LNA RFM',
    'Pele bronzeada ou sol nas semanas anteriores: risco de queimadura e mancha com luz e laser.',
    ['S-IPL-TRAIN', 'D-HOMEIPL', 'D-INMODE', 'S-LASERSEQ'],
    'area',
  ),
  rule(
    'BRONZEADO',
    'R',
    'ACI MEC MAG RF HIFU',
    'Bronzeado aumenta o risco de mancha após procedimentos de superfície.',
    ['S-MICRODERM'],
    'area',
  ),
  rule(
    'FOTOSSENSIBILIZANTE',
    'R',
    'LIP LAB LNA LED',
    'Remédio fotossensibilizante: risco de queimadura e mancha com luz e laser.',
    ['S-IPL-TRAIN', 'D-HOMEIPL', 'S-LIGHTTHER', 'S-IPL-CLINIC'],
  ),
  rule(
    'FOTOSSENSIBILIZANTE',
    'C',
    'ACI MAG RFM MEC',
    'Mais reação ao sol depois do procedimento.',
    ['POLICY'],
  ),
  rule(
    'RETINOIDE_TOP',
    'C',
    'ACI MEC LIP LAB LNA MAG RFM',
    'Retinoide tópico deixa a pele mais reativa; combinar o preparo da pele com o profissional.',
    ['S-PEEL', 'S-MICRODERM', 'S-IPL-CLINIC'],
    'area',
  ),
  rule(
    'IMUNOSSUPRESSAO',
    'A',
    'RFM',
    'Imunidade comprometida consta nas contraindicações da radiofrequência microagulhada.',
    ['D-INMODE'],
  ),
  rule(
    'IMUNOSSUPRESSAO',
    'R',
    'AH BIO FIO ENZ MAG LAB LIP ACI MES CARB',
    'Imunossupressão: cautela nos rótulos de preenchedores e nas listas de luz e agulha.',
    ['L-RESTY', 'L-JUV', 'L-SCULP', 'S-IPL-TRAIN', 'S-MN-CLINIC'],
  ),
  rule(
    'PREENCH_PERMANENTE',
    'A',
    'HIFU RFM',
    'Preenchimento permanente na área contraindica ultrassom microfocado e radiofrequência microagulhada.',
    ['C-MFUV', 'D-INMODE'],
    'area',
  ),
  rule(
    'PREENCH_PERMANENTE',
    'R',
    'AH LAB LNA RF',
    'Cautela perto de preenchimento permanente.',
    ['L-RESTY', 'S-LASERSEQ'],
    'area',
  ),
  rule(
    'CIRURGIA_RECENTE',
    'R',
    'RFM CRIO ELE HIFU LAB ENZ MOD VAC',
    'Cirurgia recente na área: esperar a cicatrização e a liberação do cirurgião.',
    ['D-INMODE', 'D-CS', 'D-EMS', 'L-KYB'],
    'area',
  ),
  rule(
    'CIRURGIA_RECENTE',
    'C',
    'MAN',
    'Drenagem pós-operatória só com liberação do cirurgião.',
    ['S-MLD'],
    'area',
  ),
  rule(
    'TROMBOSE',
    'A',
    'MAN ELE',
    'Trombose ou tromboflebite: drenagem e corrente elétrica sobre a área podem soltar o trombo.',
    ['C-FOLDI', 'S-MLD', 'D-EMS'],
    'area',
  ),
  rule(
    'TROMBOSE',
    'P',
    'MOD VAC CARB',
    'Massagem vigorosa, sucção ou carboxi sobre vaso com trombo: não fazer sem liberação.',
    ['S-CARB', 'S-ENDERMO'],
    'area',
  ),
  rule('TROMBOSE', 'R', 'CRIO RF', 'Circulação prejudicada: cautela.', ['D-CS'], 'area'),
  rule(
    'CARDIOPATIA',
    'A',
    'MAN',
    'Insuficiência cardíaca descompensada: a drenagem aumenta a carga do coração.',
    ['C-FOLDI', 'S-MLD'],
  ),
  rule(
    'CARDIOPATIA',
    'P',
    'CARB',
    'Consentimento de carboxiterapia lista infarto, angina, insuficiência cardíaca e hipertensão grave.',
    ['S-CARB'],
  ),
  rule(
    'CARDIOPATIA',
    'R',
    'ELE RFM RF VAC MOD ACI',
    'Cardiopatia ou pressão descontrolada: precaução em manuais de corrente e radiofrequência.',
    ['D-EMS', 'D-INMODE', 'S-PEEL'],
  ),
  rule('RENAL_HEPATICA', 'P', 'CARB', 'Carboxiterapia lista insuficiência renal ou hepática.', [
    'S-CARB',
  ]),
  rule(
    'RENAL_HEPATICA',
    'R',
    'MAN VAC RFM LIP',
    'Insuficiência renal ou hepática pede liberação médica.',
    ['C-FOLDI', 'S-MLD', 'D-INMODE', 'S-IPL-CLINIC'],
  ),
  rule(
    'KOEBNER',
    'R',
    'MAG RFM LAB LNA LIP FIO ACI MEC',
    'Vitiligo ou psoríase: o trauma pode gerar lesão nova (fenômeno de Koebner).',
    ['S-IPL-CLINIC', 'S-PDO', 'S-MN-CLINIC'],
  ),
  rule(
    'ROSACEA_SENSIVEL',
    'R',
    'ACI MEC MAG',
    'Peeling, abrasão e microagulhamento pioram rosácea e pele sensível.',
    ['S-MICRODERM', 'S-MN-CLINIC'],
    'area',
  ),
  rule(
    'ROSACEA_SENSIVEL',
    'C',
    'LAB LNA RFM RF',
    'Mais vermelhidão e irritação em pele reativa.',
    ['POLICY'],
    'area',
  ),
  rule(
    'MELASMA_FOTOTIPO',
    'R',
    'LIP LAB',
    'Melasma ou fototipo alto: luz pulsada e CO2 podem escurecer a pele.',
    ['S-IPL-TRAIN', 'D-HOMEIPL', 'C-CASTILLO'],
    'area',
  ),
  rule(
    'MELASMA_FOTOTIPO',
    'C',
    'ACI MEC RFM LNA MAG RF',
    'Melasma: fontes divergem sobre calor; acompanhar a resposta da pele.',
    ['C-CASTILLO', 'C-1927', 'D-INMODE', 'C-CHU-MN'],
    'area',
  ),
  rule(
    'TATUAGEM',
    'A',
    'LIP LAB RFM',
    'Não tratar sobre tatuagem ou micropigmentação: queimadura e alteração da cor.',
    ['D-INMODE', 'S-IPL-CLINIC', 'D-HOMEIPL'],
    'area',
  ),
  rule(
    'TATUAGEM',
    'R',
    'LNA RF MEC',
    'Pode alterar ou clarear o pigmento da tatuagem.',
    ['S-MICRODERM'],
    'area',
  ),
  rule('MENOR18', 'A', 'TOX', 'Bula brasileira contraindica toxina em menores de 18 anos.', [
    'L-BOTULIM',
    'L-DYSPORT',
  ]),
  rule(
    'MENOR18',
    'P',
    'AH BIO ENZ FIO MES CARB RFM LAB HIFU CRIO',
    'Segurança não estabelecida em menores de 18; exige responsável.',
    ['L-JUV', 'L-RESTY', 'L-KYB', 'D-ULTH'],
  ),
  rule(
    'MENOR18',
    'R',
    'MAG LNA LIP RF ELE ACI MEC VAC MOD',
    'Menor de 18: só com responsável e avaliação.',
    ['POLICY'],
  ),
  rule(
    'PARALISIA_FACIAL',
    'R',
    'TOX HIFU ENZ',
    'Paralisia facial ou assimetria prévia: toxina, ultrassom e enzimas pedem avaliação.',
    ['L-DYSPORT', 'D-ULTH', 'L-KYB'],
    'area',
  ),
  rule(
    'MENSTRUACAO',
    'C',
    'ELE MAN CARB FIO',
    'Menstruada: cautela com corrente e drenagem sobre o abdome.',
    ['D-EMS', 'S-MLD', 'S-CARB', 'S-PDO'],
    'area',
  ),
  rule(
    'DOENCA_AGUDA',
    'A',
    'MAN',
    'Febre ou infecção aguda: a drenagem pode espalhar a infecção.',
    ['C-FOLDI', 'S-MLD'],
  ),
  rule(
    'DOENCA_AGUDA',
    'R',
    'TOX AH BIO ENZ FIO MES CARB MAG RFM LAB ELE MOD VAC',
    'Adiar até passar a febre ou a infecção.',
    ['L-HA-EU', 'D-EMS', 'S-PDO'],
  ),
];

/** Rules by finding, then by technique: the check looks up only what a record names. */
export const RULES_BY_FINDING: ReadonlyMap<
  ClinicalFinding,
  ReadonlyMap<Technique, readonly ClinicalRule[]>
> = (() => {
  const index = new Map<ClinicalFinding, Map<Technique, ClinicalRule[]>>();
  for (const entry of CLINICAL_RULES) {
    let byTechnique = index.get(entry.finding);
    if (!byTechnique) {
      byTechnique = new Map();
      index.set(entry.finding, byTechnique);
    }
    for (const technique of entry.techniques) {
      const list = byTechnique.get(technique) ?? [];
      list.push(entry);
      byTechnique.set(technique, list);
    }
  }
  return index;
})();

const GRADE_ORDER: Record<RuleGrade, number> = { A: 4, P: 3, R: 2, C: 1 };

/** True when `a` is stronger than `b` (A > P > R > C). */
export function strongerGrade(a: RuleGrade, b: RuleGrade): boolean {
  return GRADE_ORDER[a] > GRADE_ORDER[b];
}
