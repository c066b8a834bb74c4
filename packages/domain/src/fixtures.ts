import type { AiConfig } from './sales/ai-payloads.ts';
import type { Client } from './crm/clients.ts';
import type { Notice } from './people/notices.ts';
import type { Package } from './catalogue/packages.ts';
import type { Proposal } from './sales/proposals.ts';
import type { Service } from './catalogue/services.ts';
import type { SynergyRelation } from './catalogue/synergy-relations.ts';
import type { Training } from './people/trainings.ts';
import type { User } from './people/users.ts';

/**
 * Objects as the API answers them, shared by the domain's tests (fixtures.test.ts checks them
 * against the wire schemas) and the web's (component tests and the MSW handlers). Imported as
 * '@portal/domain/fixtures', never from the domain's index: no app code ships them.
 */

const STAMP = '2026-01-10T12:00:00.000Z';

export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    name: 'Limpeza de Pele',
    description: '',
    block: 'A',
    value: 150,
    cost: 40,
    min_margin_percent: 20,
    session_limit: 0,
    status: 'active',
    benefits: { main_function: null, benefit1: null, benefit2: null, benefit3: null },
    photos_count: 0,
    photos_limit: 4,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function makePackage(overrides: Partial<Package> = {}): Package {
  return {
    id: 1,
    name: 'Pacote 1',
    annual_value: 12000,
    discount_percent: 10,
    status: 'active',
    session_limit: null,
    block_limits: { a: 1, b: 1, c: 0, d: 0 },
    allow_all_procedures: true,
    procedures: [],
    restricted_procedures: [],
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function makeRelation(overrides: Partial<SynergyRelation> = {}): SynergyRelation {
  return {
    id: 1,
    service_id_1: 1,
    service_id_2: 2,
    category: 'gordura_localizada',
    rationale: null,
    boost_percent: 10,
    base_narrative: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Ana Souza',
    email: 'ana@clinica.com.br',
    phone: null,
    profile: 'professional',
    requested_profile: null,
    unit: 'PAULISTA',
    status: 'active',
    profile_photo: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 7,
    full_name: 'Maria José da Silva',
    preferred_name: null,
    salutation: null,
    phone: null,
    email: null,
    cpf: null,
    birth_date: null,
    unit: 'PAULISTA',
    consents: { health_data: false, marketing: false, photos: false },
    anonymized_at: null,
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    preferences: [],
    important_dates: [],
    channels: [],
    notes: null,
    allergies: [],
    health_flags: [],
    contraindications: [],
    health_conditions: [],
    created_by: null,
    ...overrides,
  };
}

/** A draft of package 4 for Maria José with one contraindication warning. */
export function makeProposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: 5,
    number: '2026-000123',
    version: 1,
    status: 'draft',
    client: { id: 9, full_name: 'Maria José da Silva' },
    package: { id: 4, name: 'Pacote Rejuvenescimento 4', annual_value: 14400 },
    valid_until: '2026-12-02T12:00:00.000Z',
    author: { id: 1, name: 'Ana Souza' },
    unit: 'PAULISTA',
    created_at: '2026-11-25T12:00:00.000Z',
    sent_at: null,
    viewed_at: null,
    answered_at: null,
    items: [
      {
        service_id: 11,
        name: 'Microagulhamento',
        block: 'A',
        sessions: 2,
        unit_value: 390,
        total_value: 780,
      },
    ],
    totals: {
      annual: 14400,
      monthly: 1200,
      servicesTotalValue: 780,
      discount: -13620,
      discountPct: -1746.2,
      receitaLiquida: 10080,
      lucro: 9720,
      margemPct: 67.5,
      monthlyRemaining: 810,
    },
    warnings: [
      {
        code: 'allergy',
        service_id: 11,
        condition: 'ALERGIA_LATEX',
        severity: 'relative',
        message:
          'Microagulhamento: contém látex (alergia a látex); confirmar o produto com o profissional.',
      },
    ],
    clinical_overrides: [],
    valid_days: 7,
    acceptance: null,
    decline: null,
    link_active: false,
    previous_id: null,
    superseded_by_id: null,
    revised_by: null,
    ...overrides,
  };
}

export function makeNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 1,
    title: 'Semana da Criolipólise',
    text: '20% off no pacote',
    category: 'urgent',
    active: true,
    imageUrl: null,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeTraining(overrides: Partial<Training> = {}): Training {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Treinamento ${id}`,
    description: 'Descrição do treinamento.',
    category: 'skincare',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    thumbnail_url: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    published_at: '2026-03-10T12:00:00.000Z',
    content_sections: [],
    active: true,
    like_count: 0,
    dislike_count: 0,
    my_reaction: null,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeAiConfig(overrides: Partial<AiConfig> = {}): AiConfig {
  const prompt = overrides.prompt ?? 'Você é consultora de estética.';
  return {
    id: 1,
    codigo: 'recomendacao_pacote',
    prompt,
    rules: 'Use somente service_id da lista.',
    updated_at: '2026-03-01T15:30:00.000Z',
    prompt_length: prompt.length,
    ...overrides,
  };
}
