import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCarePdfPayloadSchema, type SynergyGenerateResponse } from '@portal/domain';
import { clientCareTipsLocally, enrichClientCare } from '../src/modules/sales/ai/index.ts';
import { createAiCatalogue, type AiCatalogue } from './helpers/ai-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The AI work other modules call: synergy texts (enrich_with_ai) and client-care tips. */
describe('AI enrichment (local engine)', () => {
  let t: TestApp;
  let c: AiCatalogue;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await createAiCatalogue(t);
    token = (await t.as('professional')).token;
  });
  afterAll(() => t.close());

  const generate = async (enrich: boolean) => {
    const res = await t.request('POST', '/api/v1/synergies/synergies/generate', {
      token,
      body: {
        procedures: [c.services.crio!, c.services.radio!].map((s) => ({ id: s.id, name: s.name })),
        enrich_with_ai: enrich,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SynergyGenerateResponse;
  };

  it('makes synergy texts specific to the two procedures when enrich_with_ai is set', async () => {
    const plain = await generate(false);
    const enriched = await generate(true);
    expect(enriched.engine).toBe('local');
    const [before] = plain.items;
    const [after] = enriched.items;
    // Same pair, title and gain range; specific mechanism, contraindications and next steps.
    expect(after).toMatchObject({
      procedure1: before!.procedure1,
      procedure2: before!.procedure2,
      title: before!.title,
      expected_gain_percent_range: before!.expected_gain_percent_range,
    });
    expect(after!.mechanism).toContain('reduz as células de gordura');
    expect(after!.mechanism).toContain('estimula colágeno');
    expect(after!.contraindications.join(' | ')).toContain('urticária ao frio');
    expect(after!.contraindications.join(' | ')).toContain('Marca-passo');
    expect(after!.next_steps.join(' | ')).toContain('45 a 60 dias');
  });

  const careData = clientCarePdfPayloadSchema.parse({
    client: {
      full_name: 'Maria José da Conceição',
      preferred_name: 'Zezé',
      important_dates: ['Casamento em 20/11'],
      preferences: ['Não gosta de ligações', 'Café sem açúcar'],
    },
    channels: ['WhatsApp'],
    personalization: ['Chamar pelo apelido'],
    sensitivities: { allergies_or_aversion: ['Látex'] },
    procedures: [
      { id: 1, name: 'Toxina Botulínica' },
      { id: 2, name: 'Laser Lavieen' },
    ],
  });

  it('draws client-care tips from the procedures and what the client told', () => {
    const tips = clientCareTipsLocally(careData, []);
    expect(tips.dos).toContain('Chamar a cliente de Zezé');
    expect(tips.dos.join(' | ')).toContain('protetor solar');
    expect(tips.donts).toContain('Evitar ligações');
    expect(tips.donts).toContain('Não usar produtos com Látex');
    expect(tips.scheduling).toContain('Enviar lembrete 24 h antes pelo canal preferido (WhatsApp)');
    expect(tips.scheduling).toContain('Planejar as sessões levando em conta: Casamento em 20/11');
    expect(tips.checklist.join(' | ')).toContain('Látex');
  });

  it('keeps what the clinic wrote: merged after it, or only filling empty sections (ai_only)', async () => {
    const ctx = { db: t.database.db, config: t.config };
    const merged = (await enrichClientCare(ctx, careData, { aiOnly: false })).result;
    expect(merged.personalization[0]).toBe('Chamar pelo apelido');
    expect(merged.personalization.length).toBeGreaterThan(1);
    expect(merged.checklist.length).toBeGreaterThan(0);
    const aiOnly = (await enrichClientCare(ctx, careData, { aiOnly: true })).result;
    expect(aiOnly.personalization).toEqual(['Chamar pelo apelido']);
    expect(aiOnly.dos_and_donts.dos.length).toBeGreaterThan(0);
  });
});
