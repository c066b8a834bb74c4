import type { Package } from './packages.ts';
import type { Service } from './services.ts';
import type { SynergyRelation } from './synergy-relations.ts';
import type { User } from './users.ts';

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
