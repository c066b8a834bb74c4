import type { Package, Service } from '@portal/domain';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** A small catalogue for the AI tests, created through the admin API. */
export interface AiCatalogue {
  services: Record<string, Service>;
  pkg: Package;
  all: Service[];
}

const SERVICES = {
  crio: {
    name: 'Criolipólise Abdômen',
    block: 'B',
    value: 900,
    cost: 200,
    min_margin_percent: 20,
    session_limit: 2,
    description: 'Congelamento controlado das células de gordura.',
    benefits: { main_function: 'Gordura localizada', benefit1: 'Reduz medidas do abdômen' },
  },
  radio: {
    name: 'Radiofrequência Corporal',
    block: 'B',
    value: 350,
    cost: 60,
    min_margin_percent: 20,
    session_limit: 10,
    description: 'Aquecimento profundo que estimula colágeno.',
    benefits: {
      main_function: 'Flacidez',
      benefit1: 'Firmeza da pele',
      benefit2: 'Melhora o contorno',
    },
  },
  peeling: {
    name: 'Peeling Químico',
    block: 'A',
    value: 250,
    cost: 50,
    min_margin_percent: 25,
    session_limit: 6,
    description: 'Ácidos que renovam a pele.',
    benefits: {
      main_function: 'Manchas',
      benefit1: 'Clareia manchas',
      benefit2: 'Uniformiza o tom',
    },
  },
  toxina: {
    name: 'Toxina Botulínica',
    block: 'C',
    value: 1200,
    cost: 400,
    min_margin_percent: 30,
    session_limit: 2,
    description: 'Aplicação que suaviza rugas dinâmicas.',
    benefits: { main_function: 'Rugas e linhas de expressão', benefit1: 'Suaviza pés de galinha' },
  },
  laser: {
    name: 'Laser Lavieen',
    block: 'C',
    value: 800,
    cost: 150,
    min_margin_percent: 20,
    session_limit: 4,
    description: 'Laser de túlio para manchas e textura.',
    benefits: { main_function: 'Manchas', benefit1: 'Clareia melasma' },
  },
  limpeza: {
    name: 'Limpeza de Pele',
    block: 'A',
    value: 180,
    cost: 40,
    min_margin_percent: 10,
    session_limit: 0,
    description: 'Extração de cravos e controle da oleosidade.',
    benefits: { main_function: 'Acne', benefit1: 'Desobstrui os poros' },
  },
  drenagem: {
    name: 'Drenagem Linfática',
    block: 'A',
    value: 120,
    cost: 20,
    min_margin_percent: 0,
    session_limit: 0,
    description: 'Massagem que reduz o inchaço.',
    benefits: { main_function: 'Celulite', benefit1: 'Reduz o inchaço' },
  },
  carboxi: {
    name: 'Carboxiterapia',
    block: 'A',
    value: 200,
    cost: 40,
    min_margin_percent: 0,
    session_limit: 0,
    status: 'inactive',
    description: 'Gás carbônico para celulite e olheiras.',
    benefits: { main_function: 'Celulite', benefit1: 'Melhora a circulação' },
  },
} as const;

export type CatalogueKey = keyof typeof SERVICES;

/**
 * Eight services (one inactive), a 20% synergy between criolipólise and radiofrequência, and a
 * package of R$ 6.000 a year with limits A2 B2 C1 D0 that restricts the laser.
 */
export async function createAiCatalogue(t: TestApp): Promise<AiCatalogue> {
  const admin = await t.as('admin');
  const services = {} as Record<string, Service>;
  for (const [key, body] of Object.entries(SERVICES)) {
    const res = await t.request('POST', '/api/v1/services/', { token: admin.token, body });
    expect(res.statusCode, res.body).toBe(201);
    services[key] = res.json() as Service;
  }
  const relation = await t.request('POST', '/api/v1/services-relations/', {
    token: admin.token,
    body: {
      service_id_1: services.crio!.id,
      service_id_2: services.radio!.id,
      category: 'gordura_localizada',
      boost_percent: 20,
    },
  });
  expect(relation.statusCode, relation.body).toBe(201);
  const pkgRes = await t.request('POST', '/api/v1/packages/', {
    token: admin.token,
    body: {
      name: 'Pacote Ouro 12',
      annual_value: 6000,
      block_limits: { a: 2, b: 2, c: 1, d: 0 },
      allow_all_procedures: true,
      restricted_procedures: [services.laser!.id],
    },
  });
  expect(pkgRes.statusCode, pkgRes.body).toBe(201);
  const list = await t.request('GET', '/api/v1/services/', { token: admin.token });
  return { services, pkg: pkgRes.json() as Package, all: list.json() as Service[] };
}
