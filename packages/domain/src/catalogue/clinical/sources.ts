/**
 * Where every clinical rule comes from (issue 26; design section 13). Each id names a label,
 * instructions for use (IFU), consensus or weaker text; `grade` says how much it weighs:
 * L label, D device manual/IFU, C consensus or review, BR Brazilian regulator or press, S clinic or
 * secondary site (the weakest: a rule resting only on S is never `absolute` at grade A), and
 * POLICY for the portal's own conservative reading where no text was found (never stronger
 * than a warning). The URLs are the first address of each source as read; before a sentence
 * reaches a client, the current ANVISA leaflet of the brand the clinic uses must be checked.
 */

export const CLINICAL_SOURCE_GRADES = ['L', 'D', 'C', 'BR', 'S', 'POLICY'] as const;
export type ClinicalSourceGrade = (typeof CLINICAL_SOURCE_GRADES)[number];

export interface ClinicalSource {
  grade: ClinicalSourceGrade;
  title: string;
  url: string;
}

const source = (grade: ClinicalSourceGrade, title: string, url: string): ClinicalSource => ({
  grade,
  title,
  url,
});

export const CLINICAL_SOURCES = {
  'L-BOTOXC': source(
    'L',
    'BOTOX Cosmetic (onabotulinumtoxinA): rótulo FDA e informações de segurança',
    'https://hcp.botoxcosmetic.com/product-information',
  ),
  'L-BOTOXBR': source(
    'L',
    'Bula profissional BOTOX (Allergan Brasil): composição com albumina humana',
    'https://fdocuments.net/document/botox-profissional.html',
  ),
  'L-BOTULIM': source(
    'L',
    'Bula Botulim (toxina botulínica A, Blau, Brasil)',
    'https://remediopara.com.br/bula/botulim-bula',
  ),
  'L-DYSPORT': source(
    'L',
    'Dysport (abobotulinumtoxinA): bula e Medication Guide',
    'http://dailymed.nlm.nih.gov/dailymed/medguide.cfm?setid=195ebbc0-eaac-4015-97fd-3653b815a758',
  ),
  'L-XEOMIN': source(
    'L',
    'Xeomin (incobotulinumtoxinA): informações ao paciente',
    'https://www.drugs.com/cdi/xeomin.html',
  ),
  'L-JUV': source(
    'L',
    'Juvéderm: segurança e efeitos adversos',
    'https://www.juvederm.ca/safety-and-side-effects',
  ),
  'L-RESTY': source(
    'L',
    'Restylane: precauções especiais (IFU)',
    'https://www.mims.com/hongkong/drug/info/restylane/special-precautions',
  ),
  'L-SCULP': source(
    'L',
    'Sculptra (PLLA): informações importantes de segurança',
    'https://newradiancenow.com/services/injectables/dermal-fillers/sculptra/sculptra-aesthetic-important-safety-information',
  ),
  'L-RAD': source(
    'L',
    'Radiesse (hidroxiapatita de cálcio): advertências e precauções',
    'http://www.rxlist.com/radiesse-drug/warnings-precautions.htm',
  ),
  'L-HA-EU': source(
    'L',
    'IFU europeu de ácido hialurônico com lidocaína (Venome Filler L)',
    'https://dermedica-me.com/products/venome/filler-lidocaine/filler-l-lidocaine',
  ),
  'L-KYB': source(
    'L',
    'KYBELLA (ácido desoxicólico): rótulo e informações de segurança',
    'https://hcp.mykybella.com',
  ),
  'L-EMLA': source(
    'L',
    'Lidocaína + prilocaína creme (EMLA): contraindicações',
    'http://www.openanesthesia.org/emla_contraindications/',
  ),
  'D-ULTH': source(
    'D',
    'Ultherapy: safety guidelines (Merz)',
    'https://ultherapy.co.uk/safety-guidelines/',
  ),
  'D-CS': source(
    'D',
    'CoolSculpting (Zeltiq): contraindicações e manual Elite',
    'https://www.coolbodybyklein.com/am-i-a-candidate/',
  ),
  'D-INMODE': source(
    'D',
    'InMode Optimas (Morpheus8): manual e termo de consentimento',
    'https://www.easymanua.ls/inmode/optimas/manual?p=58',
  ),
  'D-TEMPSURE': source(
    'D',
    'Cynosure TempSure (radiofrequência): indicações e segurança',
    'https://cynosure.com/tempsure-vitalia-indications-and-safety-information',
  ),
  'D-LUMENIS': source(
    'D',
    'Lumenis: safety information (CO2, M22 IPL)',
    'https://lumenis.com/zh-hant/safety-information',
  ),
  'D-EMS': source(
    'D',
    'Rotulagem de estimuladores musculares elétricos (texto padrão FDA)',
    'https://manualshive.com/en/manual/amrex/ms322/2935882?page=6',
  ),
  'D-HOMEIPL': source(
    'D',
    'Manuais de luz intensa pulsada doméstica (contraindicações)',
    'https://manualshive.com/en/manual/cecotec/04245/2578088?page=21',
  ),
  'C-SPRING': source(
    'C',
    'Spring LK et al. Isotretinoin and timing of procedural interventions. JAMA Dermatol 2017;153(8):802-9',
    'https://stanfordhealthcare.org/publications/487/487487.html',
  ),
  'C-ASDS-ISO': source(
    'C',
    'Waldman A et al. ASDS guidelines: procedures during and after isotretinoin. Dermatol Surg 2017;43(10):1249-62',
    'https://ouci.dntb.gov.ua/en/works/7qMKeMb7',
  ),
  'C-MFUV': source(
    'C',
    'Fabi SG et al. Optimizing outcomes with MFU-V: consensus guidelines. J Drugs Dermatol 2019;18(5):426',
    'https://jddonline.com/articles/dermatology/S1545961619P0426X/5',
  ),
  'C-TRIVEDI': source(
    'C',
    'Trivedi MK et al. Safety of cosmetic procedures during pregnancy and lactation. Int J Womens Dermatol 2017;3(1):6-10',
    'https://medluna.com/article/28492048',
  ),
  'C-LEE2013': source(
    'C',
    'Lee KC et al. Safety of cosmetic dermatologic procedures during pregnancy. Dermatol Surg 2013;39(11):1573-86',
    'https://ncbi.nlm.nih.gov/pubmed?LinkName=books_pubmed_refs&from_uid=4567846',
  ),
  'C-GONTIJO': source(
    'C',
    'Gontijo G et al. Procedimentos cosmiátricos na gestação. Surg Cosmet Dermatol (SBD) 2010',
    'http://www.surgicalcosmetic.org.br/details/54/pt-BR',
  ),
  'C-EHRA': source(
    'C',
    'Consenso EHRA 2024: interferência eletromagnética em dispositivos cardíacos implantáveis',
    'https://pmc.ncbi.nlm.nih.gov/articles/PMC11636572',
  ),
  'C-CHU-MN': source(
    'C',
    'Chu S et al. Safety profile for microneedling: a systematic review. Dermatol Surg 2021;47(9):1249-54',
    'https://ouci.dntb.gov.ua/en/works/7X1Z3mr4',
  ),
  'C-HYAL': source(
    'C',
    'Murray G et al. Guideline for the safe use of hyaluronidase in aesthetic medicine. J Clin Aesthet Dermatol 2021',
    'https://pmc.ncbi.nlm.nih.gov/articles/PMC8570661',
  ),
  'C-AUTOIM': source(
    'C',
    'Pieretti G et al. J Cosmet Dermatol 2023; Gonzalez CD et al. Dermatol Surg 2021 (preenchedores em autoimunes)',
    'https://ouci.dntb.gov.ua/en/works/l1B5Gjk9',
  ),
  'C-CASTILLO': source(
    'C',
    'Castillo DE, Keri JE. Chemical peels in the treatment of acne. CCID 2018;11:365-72',
    'https://pmc.ncbi.nlm.nih.gov/articles/PMC6053170',
  ),
  'C-BDJ': source(
    'C',
    'Br Dent J: interações da toxina botulínica',
    'https://www.nature.com/articles/s41415-022-4006-3',
  ),
  'C-FOLDI': source(
    'C',
    "Contraindicações da drenagem linfática segundo o Földi's Textbook of Lymphology",
    'https://ltstherapy.com/?p=150',
  ),
  'C-PBM': source(
    'C',
    'Hernández-Bule ML et al. Photobiomodulation review. Int J Mol Sci 2024;25(8):4483',
    'https://pmc.ncbi.nlm.nih.gov/articles/PMC11049838',
  ),
  'C-1927': source(
    'C',
    'Polder KD, Bruce S. Laser de túlio 1927 nm no melasma (piloto), Dermatol Surg',
    'https://medluna.com/article/23384107',
  ),
  'C-IUD': source(
    'C',
    'Acta Obstet Gynecol Scand 1991;70(2):153-5 (diatermia e DIU de cobre); GPnotebook',
    'https://gpnotebook.com/en-IE/pages/gynaecology/intra-uterine-contraceptive-device-copper/cautions-and-contra-indications',
  ),
  'BR-UOL-2024': source(
    'BR',
    'UOL VivaBem, 28/05/2024: procedimentos mais perigosos do que parecem (lipo enzimática)',
    'https://www.uol.com.br/vivabem/noticias/redacao/2024/05/28/5-procedimentos-esteticos-que-sao-mais-perigosos-do-que-voce-pensa.htm',
  ),
  'BR-UOL-2025': source(
    'BR',
    'UOL VivaBem, 30/05/2025: Dysport falsificado suspenso pela ANVISA',
    'https://www.uol.com.br/vivabem/noticias/redacao/2025/05/30/botox-falsificado-e-suspenso-pela-anvisa-confira-que-produto-e-esse.htm',
  ),
  'BR-ROACUTAN': source(
    'BR',
    'Boa Forma: dermatologista sobre Roacutan',
    'https://gutenberg.boaforma.abril.com.br/coluna/boa-forma-responde/preciso-tomar-roacutan/mobile',
  ),
  'BR-MITO-OVO': source(
    'BR',
    'Exemplo do mito "alergia a ovo impede toxina" em site brasileiro',
    'https://portalinsights.com.br/perguntas-frequentes/quem-nao-pode-aplicar-dysport',
  ),
  'S-IPL-TRAIN': source(
    'S',
    'Curso de laser (Tucson): quem não deve fazer luz intensa pulsada',
    'https://tucsonlasertraining.com/ipl-laser-who-should-not-get-treatment',
  ),
  'S-IPL-CLINIC': source(
    'S',
    'Clínicas e seguradora do Reino Unido: contraindicações e esperas da luz intensa pulsada',
    'https://support.skinbase.co.uk/portal/en/kb/articles/ipl-contraindications-medications-treatment-waiting-times',
  ),
  'S-MN-CLINIC': source(
    'S',
    'Listas clínicas de contraindicações do microagulhamento',
    'https://balancedayspa.com/pages/microneedling-contraindications',
  ),
  'S-PDO': source(
    'S',
    'Protocolos clínicos de fios de PDO: contraindicações e cuidados',
    'https://goldthreadusa.com/contraindications',
  ),
  'S-CARB': source(
    'S',
    'Consentimento informado de carboxiterapia',
    'https://consensi.clinicamilano.it/consenso-informato-carbossiterapia',
  ),
  'S-MLD': source(
    'S',
    'Terapeutas de drenagem linfática: contraindicações',
    'https://middlegeorgiamedicalmassage.com/manual-lymphatic-drainage-contraindications',
  ),
  'S-ENDERMO': source(
    'S',
    'Listas de contraindicação de endermologia (fonte fraca)',
    'https://healthfan.biz/3532-lpg-massage-contraindication.html',
  ),
  'S-MICRODERM': source(
    'S',
    'Microdermoabrasão: quem não deve fazer',
    'https://www.verywellhealth.com/who-should-not-have-microdermabrasion-done-15888',
  ),
  'S-PEEL': source(
    'S',
    'Peeling químico: contraindicações e recuperação',
    'https://www.aboutplasticsurgery.com/skin/chemical-peels/chemical-peel-recovery/',
  ),
  'S-CO2': source(
    'S',
    'Recuperação do laser CO2 fracionado',
    'https://www.skinmedical.co.uk/skin-faqs/what-recovery-time-is-needed-for-fractional-co2-laser-resurfacing/',
  ),
  'S-HSV': source(
    'S',
    'Cleveland Clinic: preenchimento labial e herpes',
    'https://health.clevelandclinic.org/can-a-lip-filler-trigger-a-cold-sore',
  ),
  'S-M8': source(
    'S',
    'Recuperação do Morpheus8 (clínicas)',
    'https://www.goodvibemedical.com/morpheus8-downtime-what-you-can-expect/',
  ),
  'S-ULTH-SE': source(
    'S',
    'Efeitos do ultrassom microfocado (clínica)',
    'https://slclinic.com.sg/swelling-after-ultherapy-is-it-normal/',
  ),
  'S-CS-INT': source(
    'S',
    'Intervalo e resultado da criolipólise (clínicas)',
    'https://www.medicalnewstoday.com/articles/320138',
  ),
  'S-EVENT': source(
    'S',
    'Cronogramas de procedimentos antes de eventos (clínicas e dermatologistas)',
    'https://www.melroseaesthetics.com/post/timing-is-everything-when-to-schedule-cosmetic-treatments-before-a-big-event',
  ),
  'S-SKB': source(
    'S',
    'Skinboosters: protocolo e efeitos (clínicas)',
    'https://dlkonavenue.com/blog/restylane-skinboosters-2',
  ),
  'S-TOXBR': source(
    'S',
    'Cuidados após toxina botulínica (Brasil)',
    'https://kobeodontologia.com.br/orientacoes/pos-toxina-botulinica/',
  ),
  'S-LASERSEQ': source(
    'S',
    'Instruções de laser de pigmento (clínica)',
    'https://newyorklaserloft.com/laser-pigmentation-removal-instructions',
  ),
  'S-ASDS-CAHA': source(
    'S',
    'ASDS: hidroxiapatita de cálcio injetável (suspensão de anticoagulante só com o médico prescritor)',
    'https://www.asds.net/skin-experts/skin-treatments/injectables/injectable-calcium-hydroxylapatite',
  ),
  'S-SHARECARE-BOTOX': source(
    'S',
    'Sharecare: antes de usar onabotulinumtoxinA (interações)',
    'https://www.sharecare.com/health/muscoloskeletal-drugs/what-know-before-using-onabotulinumtoxina',
  ),
  'S-LIGHTTHER': source(
    'S',
    'Fototerapia: riscos (fonte fraca)',
    'https://liquisearch.com/light_therapy/risks_and_complications',
  ),
  'S-BRGEST': source(
    'S',
    'Imprensa brasileira com médicos e SBD: estética na gestação',
    'https://saude.ig.com.br/parceiros/boa-forma/2024-12-29/pode-fazer-procedimento-estetico-durante-a-gravidez-.html',
  ),
  'S-MN-INT': source(
    'S',
    'Intervalo do microagulhamento (clínica)',
    'https://getbodylase.com/how-many-times-do-you-need-to-do-micro-needling/',
  ),
  'S-KYB-SWELL': source(
    'S',
    'Inchaço após ácido desoxicólico (clínicas)',
    'https://drchoucair.com/is-kybella-right-for-you-injectable-dissolves-fat-under-the-chin/',
  ),
  POLICY: source(
    'POLICY',
    'Política conservadora do portal: sem fonte verificada; só avisa e pede avaliação do profissional',
    'https://www.gov.br/anvisa/pt-br/sistemas/bulario-eletronico',
  ),
} as const satisfies Record<string, ClinicalSource>;

export type ClinicalSourceId = keyof typeof CLINICAL_SOURCES;
